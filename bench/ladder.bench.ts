import type { Page } from '@playwright/test';
import { swapChains } from '../src/domain/chains.ts';
import { tokensOf } from '../src/domain/token-registry.ts';
import { LadderRequestSchema } from '../src/ipc/channels/ladder.ts';
import { createLadderHandlers } from '../src/core/compare/ladder-handlers.ts';
import { createLadderRunner, type LadderRunner } from '../src/core/compare/ladder-runner.ts';
import { createLadderStore } from '../src/core/compare/ladder-store.ts';
import { startCompareRig, type CompareRig } from '../src/core/compare/test-support.ts';
import type { RequestService } from '../src/core/request/send-request.ts';
import type { Handlers } from '../src/core/dispatch.ts';
import { CONTRACT } from '../src/ipc/contract.ts';
import { openBenchPage, startBenchEngine } from './bench-app.ts';
import type { BenchRow } from './types.ts';

/**
 * The size ladder (issue 11), 20 chains x 2 models x 5 sizes = 200 price requests:
 * (a) paced: a profile with a 5 rps budget against the local service limiting at the same 5 rps,
 *     start to end (target 1.05 x 40 s) and the 429s met (target 0). About 40 s by design.
 * (b) drawn: the same ladder on a 40 rps profile (5 s a run: the screen opens it while it runs),
 *     shown live, answers arriving throughout, in the built Sizes screen in
 *     Chromium; from the engine receiving the 200th answer to the frame after the screen shows
 *     "Done" with its 20 charts and the 20-row table (target 150 ms), median of RUNS runs.
 * Both clocks in (b) are Date.now on one machine. LADDER_BENCH_DRAWN_ONLY=1 skips (a).
 */

const SIZES = ['1', '10', '100', '1000', '10000'];
const RUNS = 3;

// 20 chains (every swap chain whose registry holds two tokens), each with its own first two
// registry tokens as sell and buy (address overrides).
function ladderRequest() {
  const chains = swapChains().filter((chain) => tokensOf(chain.chainId).length >= 2).slice(0, 20);
  if (chains.length !== 20) throw new Error(`ladder bench needs 20 chains with two registry tokens, found ${chains.length}`);
  const overrides = chains.flatMap((chain) => {
    const [sell, buy] = tokensOf(chain.chainId);
    return [
      { chainId: chain.chainId, side: 'sell' as const, address: sell!.address },
      { chainId: chain.chainId, side: 'buy' as const, address: buy!.address },
    ];
  });
  return LadderRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amounts: SIZES, chains: chains.map((chain) => chain.chainId), overrides });
}

// The rig's request service, noting when the last answer came in.
function timedRunner(rig: CompareRig): { runner: LadderRunner; requests: Pick<RequestService, 'send' | 'cancel'>; lastAnswerAt: () => number } {
  let last = 0;
  const requests: Pick<RequestService, 'send' | 'cancel'> = {
    send: async (input) => {
      const sent = await rig.requests.send(input);
      last = Date.now();
      return sent;
    },
    cancel: (id) => rig.requests.cancel(id),
  };
  return { runner: createLadderRunner({ requests, store: createLadderStore(rig.dataDir), defaultProfileId: 'local' }), requests, lastAnswerAt: () => last };
}

async function paced(): Promise<BenchRow[]> {
  const rig = await startCompareRig({ rateLimitRps: 5 }, 5);
  try {
    const { runner } = timedRunner(rig);
    const started = performance.now();
    const { total, finished } = runner.start(ladderRequest());
    const status = await finished;
    const seconds = (performance.now() - started) / 1000;
    const refused = rig.statuses.filter((code) => code === 429).length;
    const detail = `${total} requests (20 chains x 2 models x ${SIZES.length} sizes), 5 rps budget, service limiting at 5 rps: ${status.state}, ${rig.statuses.length} answers, ${refused} x 429`;
    return [
      { name: 'Ladder: 200 requests at 5 rps, start to end', value: seconds, unit: 's', target: 1.05 * 40, comparison: '<=', detail },
      { name: 'Ladder: 429 answers in the 200-request ladder', value: refused, unit: 'count', target: 0, comparison: '<=' },
    ];
  } finally {
    await rig.close();
  }
}

// Resolves with Date.now at the frame after the screen shows the ended ladder whole.
function paintedWhenDone(page: Page, total: number): Promise<number> {
  return page.evaluate(
    (expected) =>
      new Promise<number>((resolve) => {
        const isDone = () =>
          (document.querySelector('[aria-label="Size ladder progress"]')?.textContent ?? '').includes(`Done: ${expected}/${expected}`) &&
          document.querySelectorAll('figure.ladder-chart').length === 20 &&
          document.querySelectorAll('table.ladder-table tbody tr').length === 20;
        const observer = new MutationObserver(() => {
          if (!isDone()) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(Date.now())));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    total,
  );
}

async function drawn(): Promise<BenchRow[]> {
  const rig = await startCompareRig({}, 40);
  const timed = timedRunner(rig);
  const bench = await startBenchEngine('bench-ladder');
  const handlers: Handlers = { ...bench.engine.handlers, ...createLadderHandlers({ requests: timed.requests, dataDir: rig.dataDir, defaultProfileId: 'local', runner: timed.runner }) };
  const app = await openBenchPage(handlers, 'ladder.bench.ts');
  try {
    const page = app.page;
    const screens = page.getByRole('navigation', { name: 'Screens' });
    const gaps: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { runId, total, finished } = timed.runner.start(ladderRequest());
      // The screen picks the running ladder up from its list, as a user reopening it would.
      await screens.getByRole('button', { name: 'Explorer', exact: true }).click();
      await screens.getByRole('button', { name: 'Compare', exact: true }).click();
      const painted = paintedWhenDone(page, total);
      await page.getByRole('region', { name: 'Past size ladders' }).getByRole('button', { name: /^Open size ladder/ }).first().click();
      await page.getByRole('status', { name: 'Size ladder progress' }).getByRole('button', { name: 'Cancel' }).waitFor();
      const status = await finished;
      if (status.state !== 'done' || status.runId !== runId) throw new Error(`ladder bench: run ${runId} ended ${status.state}`);
      gaps.push((await painted) - timed.lastAnswerAt());
    }
    app.assertNoBugs('ladder bench');
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    const detail = `median of ${RUNS} live runs (${gaps.join(', ')} ms): engine receives the 200th answer -> frame after "Done" with 20 charts and the 20-row table`;
    return [{ name: 'Ladder: last answer -> 20 charts + table drawn', value: median, unit: 'ms', target: 150, comparison: '<=', detail }];
  } finally {
    await app.close();
    await bench.close();
    await rig.close();
  }
}

/** The size-ladder rows of the bench table. */
export async function run(): Promise<BenchRow[]> {
  if (!Object.hasOwn(CONTRACT, 'ladder.start')) {
    process.stderr.write('bench: ladder.bench.ts skipped: ladder.* is not in the IPC contract\n');
    return [];
  }
  const rows = await drawn();
  if (process.env.LADDER_BENCH_DRAWN_ONLY === '1') return rows;
  return [...(await paced()), ...rows];
}
