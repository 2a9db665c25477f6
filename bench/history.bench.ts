import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistorySearchInputSchema } from '../src/ipc/channels/history.ts';
import type { NewHistoryEntry } from '../src/ipc/schemas/history-entry.ts';
import { HistoryStore } from '../src/core/history/history-store.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';
import { sampleEntry, sampleZid } from '../src/core/history/sample-entries.ts';
import { median } from './peers/peers.ts';
import type { BenchRow } from './types.ts';

/**
 * The history store at support scale (issue 6): a history of HISTORY_BENCH_ENTRIES entries
 * (default 1,000,000; set fewer for a quick run) in a real temp file, then zid lookups (exact and
 * prefix, through history.search as the UI calls it), a token symbol's search, insert throughput with 2 KB bodies in one
 * transaction each as the app records requests, and the file size per 10,000 such entries.
 */

const ENTRIES = Number(process.env.HISTORY_BENCH_ENTRIES ?? 1_000_000);
const LOOKUPS = 1_000;
const INSERTS = 2_000;
const SIZE_SAMPLE = 10_000;
const OPENS = 15;
const ENDPOINTS = ['allowance-holder.price', 'allowance-holder.quote', 'permit2.price', 'permit2.quote'] as const;
const CHAINS = [1, 10, 56, 137, 8453, 42161, 43114];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

// Small bodies keep the build quick; the varied columns give the indexes a realistic spread.
function* seedEntries(count: number, wanted: Set<number>, zids: string[]): Generator<NewHistoryEntry> {
  const start = Date.now() - count * 1_000;
  for (let index = 0; index < count; index += 1) {
    const zid = sampleZid();
    if (wanted.has(index)) zids.push(zid);
    const failed = index % 17 === 0;
    yield sampleEntry(
      {
        zid,
        startedAt: new Date(start + index * 1_000).toISOString(),
        endpoint: ENDPOINTS[index % ENDPOINTS.length]!,
        chainId: CHAINS[index % CHAINS.length]!,
        status: failed ? 400 : 200,
        errorName: failed ? 'INPUT_INVALID' : null,
      },
      120,
    );
  }
}

function timeEach<T>(inputs: T[], work: (input: T) => unknown): number[] {
  const times = inputs.map((input) => {
    const started = performance.now();
    work(input);
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b);
}

/** Builds the history, measures it, removes the files. */
export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  try {
    const store = HistoryStore.open(historyFileIn(dir));
    store.setRetention({ maxEntries: null, maxAgeDays: null });
    const wanted = new Set(Array.from({ length: LOOKUPS }, () => Math.floor(Math.random() * ENTRIES)));
    const zids: string[] = [];
    const buildStarted = performance.now();
    store.insertMany(seedEntries(ENTRIES, wanted, zids));
    const buildSeconds = (performance.now() - buildStarted) / 1_000;
    zids.sort(() => Math.random() - 0.5);

    const search = (text: string) => store.search(HistorySearchInputSchema.parse({ text }));
    // Warm the statements and the page cache as a running app has them.
    for (const zid of zids.slice(0, 50)) search(zid);
    const exact = timeEach(zids, (zid) => {
      if (search(zid).rows.length === 0) throw new Error(`zid ${zid} not found`);
    });
    // 0x + 4 hex, what support types before pasting: about ENTRIES / 65,536 matches.
    const prefix = timeEach(zids, (zid) => search(zid.slice(0, 6)));
    // A symbol as support types it: USDC is the sell token of every Ethereum entry here (a seventh of
    // the history), WETH the buy token, TAXD of none; each reads as one lookup per chain and side.
    const symbols = timeEach(Array.from({ length: 200 }, (_, index) => ['usdc', 'WETH', 'taxd', 'USDT'][index % 4]!), (symbol) => search(symbol));

    const inserts = Array.from({ length: INSERTS }, () => sampleEntry({}, 2_048));
    const insertStarted = performance.now();
    for (const entry of inserts) store.insert(entry);
    const insertRate = INSERTS / ((performance.now() - insertStarted) / 1_000);
    const countStarted = performance.now();
    const total = store.count();
    const countMs = performance.now() - countStarted;
    store.close();

    const sized = HistoryStore.open(join(dir, 'sized.db'));
    sized.insertMany(Array.from({ length: SIZE_SAMPLE }, () => sampleEntry({}, 2_048)));
    sized.close(); // Closing checkpoints the log into the file, so the file holds everything.
    const megabytes = statSync(join(dir, 'sized.db')).size / 1_048_576;
    // Every open applies the retention setting (the default here): each CLI command opens the file.
    const openMs = (file: string) => median(Array.from({ length: OPENS }, () => {
      const started = performance.now();
      HistoryStore.open(join(dir, file)).close();
      return performance.now() - started;
    }));
    HistoryStore.open(join(dir, 'empty.db')).close();
    const openEmpty = openMs('empty.db');
    const openSized = openMs('sized.db');
    const bigMegabytes = statSync(historyFileIn(dir)).size / 1_048_576;

    const scale = `${total.toLocaleString('en')} entries, built in ${buildSeconds.toFixed(1)} s, ${bigMegabytes.toFixed(0)} MB (small bodies); count(*) ${countMs.toFixed(0)} ms`;
    return [
      { name: 'history zid lookup p50', value: percentile(exact, 50), unit: 'ms', target: 1, comparison: '<=', detail: `${LOOKUPS} random zids in ${scale}` },
      { name: 'history zid lookup p99', value: percentile(exact, 99), unit: 'ms', target: 5, comparison: '<=' },
      { name: 'history zid prefix (6 chars) p50', value: percentile(prefix, 50), unit: 'ms', target: 2, comparison: '<=' },
      { name: 'history token symbol search p50', value: percentile(symbols, 50), unit: 'ms', target: 10, comparison: '<=', detail: 'usdc, WETH, taxd, USDT by turns, a page of 200' },
      {
        name: 'history insert, 2 KB body',
        value: insertRate,
        unit: 'entries/s',
        target: 500,
        comparison: '>=',
        detail: `${INSERTS} inserts, one transaction each, into the big history (the app records tens per second at most)`,
      },
      { name: 'history size per 10,000 entries', value: megabytes, unit: 'MB', target: 50, comparison: '<=', detail: '2 KB JSON bodies, stored once' },
      {
        name: 'history open + close, 10,000 entries of 2 KB vs an empty history',
        value: openSized,
        unit: 'ms',
        target: 2,
        comparison: '<=',
        peer: { name: 'empty history', value: openEmpty },
        detail: `median of ${OPENS} opens each, the default retention applied on open as every CLI command does`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
