import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';

/**
 * Issue 17, "Hostile and huge files": history.import on a real SQLite history, each scenario in a
 * fresh process (bench/history-import-worker.ts, with --expose-gc) so its memory is its own.
 * - a 4.8 MB HAR of 1.6 million empty entries (measured before the fix: a 4 GB heap exhausted
 *   after 131 s) must be refused within 2 s and 200 MB;
 * - 100,000 empty entries (at the entry cap) and 39 entries of 50,000 arrays (inside the per-entry
 *   and total object caps) stand for the worst files the caps let through to parsing and
 *   validation, and one entry of a million arrays for what the per-entry cap refuses unparsed,
 *   with the same targets;
 * - a genuine 50 MB HAR of 20,000 entries is imported whole (time and memory reported).
 */

interface Measured {
  ms: number;
  rssDeltaMb: number;
  heapDeltaMb: number;
  fileMb: number;
  outcome: string;
}

const WORKER = fileURLToPath(new URL('./history-import-worker.ts', import.meta.url));

function measure(scenario: string): Promise<Measured> {
  const child = spawn(process.execPath, ['--expose-gc', WORKER, scenario], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Measured) : reject(new Error(`${scenario} worker exited ${code}`)))),
  );
}

function rows(label: string, measured: Measured, targets: { ms: number; mb: number }): BenchRow[] {
  const detail = `${measured.fileMb.toFixed(1)} MB file; heap +${measured.heapDeltaMb.toFixed(0)} MB; ${measured.outcome.slice(0, 140)}`;
  return [
    { name: `${label}: time`, value: measured.ms, unit: 'ms', target: targets.ms, comparison: '<=', detail },
    { name: `${label}: extra memory (RSS)`, value: measured.rssDeltaMb, unit: 'MB', target: targets.mb, comparison: '<=' },
  ];
}

/** Runs the four scenarios one after the other. */
export async function run(): Promise<BenchRow[]> {
  const refused = { ms: 2_000, mb: 200 };
  return [
    ...rows('import hostile 1.6M empty entries, refused', await measure('hostile-1.6m'), refused),
    ...rows('import 100,000 empty entries, refused', await measure('hostile-100k'), refused),
    ...rows('import 39 entries x 50,000 arrays (inside the caps), refused', await measure('many-objects'), refused),
    ...rows('import one entry of 1M arrays, refused', await measure('huge-entry'), refused),
    // Reported figures: the targets are generous bounds for a 2-core machine, not promises.
    ...rows('import genuine 50 MB HAR, 20,000 entries', await measure('genuine-50mb'), { ms: 60_000, mb: 1_500 }),
  ];
}
