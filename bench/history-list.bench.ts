import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { openBenchPage, startBenchEngine } from './bench-app.ts';
import type { BenchRow } from './types.ts';

/**
 * Issue 6: the history list "scrolls smoothly through 100,000 entries". A real engine's SQLite
 * history holds 100,000 entries; the built renderer, in Chromium through the e2e harness, scrolls
 * its virtualised list to the end page after page (keyset paging, 200 rows a page) until every row
 * is loaded, then jumps to 200 random rows. Each jump counts the animation frames from setting
 * scrollTop until that row (found by its aria-posinset) is drawn: smooth means the very next frame.
 */

const ENTRIES = Number(process.env.LIST_BENCH_ENTRIES ?? 100_000);
const JUMPS = 200;

/** The history list rows of the bench table. */
export async function run(): Promise<BenchRow[]> {
  const { engine, close } = await startBenchEngine('bench-list');
  for (let done = 0; done < ENTRIES; done += 10_000) await engine.history.insertMany(Array.from({ length: Math.min(10_000, ENTRIES - done) }, () => sampleEntry({}, 200)));
  const app = await openBenchPage(engine.handlers, 'history-list.bench.ts');
  try {
    const page = app.page;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History', exact: true }).click();
    const loadStarted = performance.now();
    const loaded = await page.evaluate(async (total) => {
      const viewport = document.querySelector('[role="list"][aria-label="History entries"]') as HTMLElement;
      const count = () => Number(document.querySelector('[role="listitem"]')?.getAttribute('aria-setsize') ?? 0);
      const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
      while (count() < total) {
        const before = count();
        viewport.scrollTop = viewport.scrollHeight;
        while (count() === before) await tick();
      }
      return count();
    }, ENTRIES);
    const loadMs = performance.now() - loadStarted;
    const frames = await page.evaluate(async ([rows, times]) => {
      const viewport = document.querySelector('[role="list"][aria-label="History entries"]') as HTMLElement;
      const rowHeight = viewport.scrollHeight / rows;
      const counts: number[] = [];
      let seed = 7;
      for (let i = 0; i < times; i++) {
        seed = (seed * 48_271) % 2_147_483_647;
        const target = Math.floor((seed / 2_147_483_647) * (rows - 20));
        viewport.scrollTop = target * rowHeight;
        let frame = 0;
        await new Promise<void>((resolve) => {
          const check = () => {
            frame += 1;
            if (viewport.querySelector(`[role="listitem"][aria-posinset="${target + 1}"]`) || frame >= 60) resolve();
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
        counts.push(frame);
      }
      return counts.sort((a, b) => a - b);
    }, [loaded, JUMPS] as const);
    app.assertNoBugs('history list bench');
    const rows = loaded.toLocaleString('en');
    const detail = `${rows} entries in SQLite, all loaded by scrolling (${Math.ceil(loaded / 200)} pages); ${JUMPS} jumps to random rows, frames from setting scrollTop until the row is drawn (60 = never)`;
    return [
      { name: `History list: frames to draw a jump anywhere in ${rows} rows, worst of ${JUMPS}`, value: frames.at(-1)!, unit: 'frames', target: 1, comparison: '<=', detail },
      { name: `History list: load all ${rows} rows by scrolling to the end`, value: loadMs / 1000, unit: 's', target: 60, comparison: '<=', detail },
    ];
  } finally {
    await app.close();
    await close();
  }
}
