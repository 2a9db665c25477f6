import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyChannels } from '../../ipc/channels/history.ts';
import { isAppError } from '../../ipc/result.ts';
import { createHistoryHandlers, type HistoryHandlers } from './history-handlers.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';

let dir: string;
let store: HistoryStore;
let handlers: HistoryHandlers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-handlers-'));
  store = HistoryStore.open(join(dir, 'history.db'));
  handlers = createHistoryHandlers(store);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history handlers', () => {
  it('answers search, get and count with values their output schemas accept', async () => {
    const stored = store.insert(sampleEntry());
    const page = await handlers['history.search'](historyChannels['history.search'].input.parse({ text: stored.zid }));
    expect(historyChannels['history.search'].output.parse(page).rows.map((row) => row.id)).toEqual([stored.id]);
    expect(historyChannels['history.get'].output.parse(await handlers['history.get']({ id: stored.id }))).toEqual(stored);
    expect(await handlers['history.count']()).toEqual({ count: 1 });
  });

  it('answers NOT_FOUND for an id that is not kept', async () => {
    const error = await handlers['history.get']({ id: 999 }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe('NOT_FOUND');
  });

  it('saves retention, says how many entries it removed, and reads it back', async () => {
    store.insertMany([sampleEntry(), sampleEntry(), sampleEntry()]);
    const retention = { maxEntries: 1, maxAgeDays: 90 };
    expect(await handlers['history.setRetention'](retention)).toEqual({ retention, removed: 2 });
    expect(await handlers['history.getRetention']()).toEqual(retention);
  });

  it('refuses a page larger than 1,000 and an unknown filter at the boundary', () => {
    expect(historyChannels['history.search'].input.safeParse({ limit: 1_001 }).success).toBe(false);
    expect(historyChannels['history.search'].input.safeParse({ zid: '0x1' }).success).toBe(false);
    expect(historyChannels['history.search'].input.parse({}).limit).toBe(200);
  });

  it('passes the store notices on', async () => {
    expect(await handlers['history.notices']()).toEqual({ notices: [] });
  });
});
