import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from './dispatch.ts';
import { createEngine, type Engine } from './engine.ts';
import { noSessionBusKeychain } from './secrets/test-support/no-session-bus.ts';
import { historyFileIn } from './history/history-path.ts';

// The engine as the app builds it (the data worker and all) on a data dir whose history cannot be
// opened at all: a folder where history.db goes stands in for a read-only or full data folder (the
// tests run as root, which writes through permissions). Answers that came must not be lost with it.

let dataDir: string;
let engine: Engine | null = null;
const bugs: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'engine-history-unopenable-'));
  bugs.length = 0;
  await mkdir(historyFileIn(dataDir));
  engine = await createEngine({
    identity: { name: 'swap-explorer', version: '0.0.0-test', versions: {}, platform: process.platform, dataDir },
    dataDir,
    keychain: noSessionBusKeychain(),
  });
});
afterEach(async () => {
  await engine?.close();
  engine = null;
  await rm(dataDir, { recursive: true, force: true });
});

function call(channel: string, input?: unknown) {
  return dispatch(engine!.handlers, channel, input, (where, error) => bugs.push(`${where}: ${String(error)}`));
}

const NOT_KEPT = /^The request was not kept in history: Could not open .*history\.db in the history: /;

describe('an engine whose history cannot be opened', () => {
  it('answers a request with its answer, unstored, and says why', async () => {
    const sent = await call('request.send', { requestId: 'r1', profileId: 'local', endpoint: 'swap.chains', params: {} });
    expect(sent).toMatchObject({ ok: true, value: { stored: false, warning: expect.stringMatching(NOT_KEPT), entry: { id: 0, status: 200, appError: null } } });
    expect(bugs).toEqual([]);
  });

  it('shows a comparison with the sides that were answered, not as STORAGE failures', async () => {
    const started = await call('compare.start', { sell: 'USDC', buy: 'WETH', amount: '1000', chains: [10] });
    expect(started).toMatchObject({ ok: true });
    const { runId } = (started as { value: { runId: string } }).value;
    const status = await vi.waitFor(
      async () => {
        const read = (await call('compare.status', { runId })) as { ok: true; value: { state: string; rows: { allowanceHolder: { state: string; entryId: number | null }; permit2: { state: string }; better: string | null }[] } };
        expect(read.value.state).not.toBe('running');
        return read.value;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(status.rows).toHaveLength(1);
    expect(status.rows[0]).toMatchObject({ allowanceHolder: { state: 'ok' }, permit2: { state: 'ok' }, better: expect.any(String) });
    expect(status.rows[0]!.allowanceHolder.entryId ?? 0).toBe(0);
    expect(bugs).toEqual([]);
  });
});
