import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../history/index.ts';
import { sampleBody, sampleEntry } from '../history/sample-entries.ts';
import { buildHar } from '../../domain/har.ts';
import { HistorySearchInputSchema } from '../../ipc/channels/history.ts';
import { DataWorkerHost, type DataWorkerHostOptions } from './data-worker-host.ts';
import { historyFileIn } from '../history/history-path.ts';

// The worker-thread host under plain Node, as the app, the e2e harness and the benches run it: a
// real worker thread, a real SQLite file, real crashes and a real out-of-memory death.

const CRASHING_ENTRY = fileURLToPath(new URL('./test-support/crashing-entry.ts', import.meta.url));
const creator = { name: 'swap-explorer', version: '0.0.0-test' };
const everything = HistorySearchInputSchema.parse({ limit: 500 });

let dataDir: string;
let host: DataWorkerHost | null = null;
const bugs: string[] = [];

function start(options: Partial<DataWorkerHostOptions> = {}): DataWorkerHost {
  host = new DataWorkerHost({ dataDir, creator, logBug: (op, stack) => bugs.push(`${op}: ${stack}`), ...options });
  return host;
}

/** A genuine HAR whose entries' bodies, parsed and stored, need far more heap than a small worker has. */
function heavyHar(entries: number, bodyBytes: number): string {
  const bodyText = JSON.stringify(sampleBody('0x00000000000000000000cccc', bodyBytes));
  const like = { url: 'https://api.example/swap/permit2/price?chainId=1', method: 'GET' as const, requestHeaders: {}, query: { chainId: '1' }, status: 200, statusText: 'OK', responseHeaders: {}, bodyText, startedAt: '2026-11-20T09:30:00.000Z', durationMs: 1, zid: '0x00000000000000000000cccc' };
  return JSON.stringify(buildHar(Array.from({ length: entries }, () => like), creator));
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'data-worker-'));
  bugs.length = 0;
});

afterEach(async () => {
  await host?.close();
  host = null;
  await rm(dataDir, { recursive: true, force: true });
});

describe('DataWorkerHost', { timeout: 120_000 }, () => {
  it('relays calls to a worker thread that keeps the history in the data dir', async () => {
    const data = start();
    const ids = await data.call('history.insertMany', [sampleEntry({ zid: '0x00000000000000000000aaaa' }), sampleEntry()]);
    expect(ids).toHaveLength(2);
    expect(data.threadId).not.toBeNull();
    expect(data.threadId).not.toBe(threadId);
    expect((await data.call('history.get', { id: ids[0]! })).zid).toBe('0x00000000000000000000aaaa');
    expect((await data.call('history.findByZid', '0x00000000000000000000AAAA')).map((row) => row.id)).toEqual([ids[0]]);
    await expect(data.call('history.get', { id: 999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Committed before the answer: another connection to the file sees both entries at once.
    const reader = HistoryStore.open(historyFileIn(dataDir));
    expect(reader.count()).toBe(2);
    reader.close();
  });

  it('builds a sent request\'s entry in the worker: body parsed, schema report, zid, key header redacted', async () => {
    const data = start();
    const bodyText = JSON.stringify({ name: 'INPUT_INVALID', message: 'bad', data: { zid: '0x00000000000000000000bbbb', details: [{ field: 'sellToken', reason: 'is required' }] } });
    const recorded = await data.call('history.record', {
      context: { profileId: 'p', profileName: 'P', apiKeyHeader: 'svc-api-key', endpoint: 'permit2.price', params: { chainId: '1' }, replayOf: null },
      exchange: { url: 'https://svc.example/swap/permit2/price?chainId=1', requestHeaders: { 'svc-api-key': 'SECRET-KEY-123', 'svc-version': 'v2' }, status: 400, statusText: 'Bad Request', responseHeaders: {}, bodyText, isTruncated: false, attempts: 1, startedAt: '2026-11-24T00:00:00.000Z', durationMs: 5, appError: { code: 'REMOTE_ERROR', message: 'x' } },
    });
    expect(recorded.stored).toBe(true);
    expect(recorded.entry).toMatchObject({ zid: '0x00000000000000000000bbbb', errorName: 'INPUT_INVALID', body: JSON.parse(bodyText) });
    expect(recorded.entry.requestHeaders['svc-api-key']).not.toContain('SECRET');
    expect((await data.call('history.get', { id: recorded.entry.id })).schemaReport).toEqual(recorded.entry.schemaReport);
  });

  it('fails the call in flight when the worker dies, says so once, restarts it and keeps every acknowledged entry', async () => {
    const data = start({ entry: CRASHING_ENTRY });
    const kept = await data.call('history.insertMany', Array.from({ length: 25 }, () => sampleEntry({}, 2_000)));
    const firstThread = data.threadId;
    await expect(data.call('history.getRetention', undefined)).rejects.toMatchObject({ code: 'DATA_WORKER_RESTARTED', message: expect.stringContaining('exit code 3') });
    expect(data.notices).toHaveLength(1);
    expect(data.notices[0]).toMatchObject({ kind: 'data-worker-restarted' });
    const page = await data.call('history.search', everything);
    expect(page.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(kept);
    expect(data.threadId).not.toBe(firstThread);
    expect(data.starts).toBe(2);
    expect(data.notices).toHaveLength(1);
  });

  it('survives its worker running out of memory: the import fails with a named error, this thread goes on', async () => {
    const data = start({ resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 } });
    const kept = await data.call('history.insertMany', [sampleEntry()]);
    const failed = data.call('history.import', { fileName: 'huge.har', content: heavyHar(400, 64_000) });
    await expect(failed).rejects.toMatchObject({ code: 'DATA_WORKER_RESTARTED', message: expect.stringContaining('ran out of memory') });
    expect(data.notices.map((notice) => notice.message)).toEqual([expect.stringContaining('ran out of memory')]);
    expect((await data.call('history.search', everything)).rows.map((row) => row.id)).toEqual(kept);
    expect(bugs).toEqual([]);
  });

  it('closes the store and ends the thread on quit; later calls are refused', async () => {
    const data = start();
    await data.call('history.insertMany', [sampleEntry()]);
    await data.close();
    expect(data.threadId).toBeNull();
    await expect(data.call('history.count', undefined)).rejects.toMatchObject({ code: 'INTERNAL' });
    const reader = HistoryStore.open(historyFileIn(dataDir));
    expect(reader.count()).toBe(1);
    reader.close();
  });

  it('answers every call with STORAGE when no database can be opened, and does not crash', async () => {
    const data = start({ dataDir: join(dataDir, 'file') });
    await (await import('node:fs/promises')).writeFile(join(dataDir, 'file'), 'not a folder');
    await expect(data.call('history.count', undefined)).rejects.toMatchObject({ code: 'STORAGE' });
    expect(data.starts).toBe(1);
  });
});
