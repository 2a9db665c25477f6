import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore } from '../src/core/history/history-store.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';
import { createHistoryIoHandlers } from '../src/core/history-io/history-io-handlers.ts';
import { deepEntry, genuine, hostile, manyObjects } from './har-files.ts';

/**
 * One import scenario of bench/history-import.bench.ts, alone in a fresh process (run with
 * --expose-gc) so that its memory figures are its own: builds the file text, collects garbage,
 * then times history.import on a real SQLite history and reads the peak resident set (Linux VmHWM,
 * reset just before) and the heap after it. Prints one JSON line: { ms, rssDeltaMb, heapDeltaMb, fileMb, entries, outcome }.
 */

const scenario = process.argv[2];

function text(): string {
  if (scenario === 'hostile-1.6m') return hostile(1_600_000);
  if (scenario === 'hostile-100k') return hostile(100_000);
  if (scenario === 'many-objects') return manyObjects();
  if (scenario === 'huge-entry') return deepEntry();
  if (scenario === 'genuine-50mb') return genuine(50 * 1024 * 1024, 20_000);
  throw new Error(`unknown scenario ${scenario}`);
}

const gc = (globalThis as { gc?: () => void }).gc;

// Linux keeps the peak resident set (VmHWM) and resets it on "5" > /proc/self/clear_refs: the peak
// during the import, which a timer could not sample while the import runs synchronously.
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function peakRssBytes(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
try {
  const history = HistoryStore.open(historyFileIn(dir));
  history.setRetention({ maxEntries: null, maxAgeDays: null });
  const handlers = createHistoryIoHandlers({ history, creator: { name: 'bench', version: '1' } });
  const content = text();
  gc?.();
  const hasPeak = resetPeak();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  // Sampled from the allocation side too: the import is synchronous, so a timer alone would not run.
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const started = performance.now();
  let outcome: string;
  try {
    const result = await handlers['history.import']({ fileName: `${scenario}.har`, content });
    outcome = `imported ${result.importedIds.length}`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  sample();
  const kernelPeak = hasPeak ? peakRssBytes() : null;
  if (kernelPeak !== null) peakRss = Math.max(peakRss, kernelPeak);
  history.close();
  const mb = (bytes: number) => bytes / 1_048_576;
  process.stdout.write(`${JSON.stringify({ ms, rssDeltaMb: mb(peakRss - before.rss), heapDeltaMb: mb(peakHeap - before.heapUsed), fileMb: mb(Buffer.byteLength(content)), outcome })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
