import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { DeferredHistory } from './deferred-history.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { openCliEngine } from './compare-engine.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-deferred-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A real history in `dir`, counting how often it was opened. */
function opener() {
  const counted = { opens: 0, open: () => (counted.opens += 1, HistoryStore.open(historyFileIn(dir))) };
  return counted;
}

describe('a command history opened on the next turn of the loop', () => {
  it('leaves the file unopened while the command is still sending, and opens it on the next turn', async () => {
    const counted = opener();
    const history = new DeferredHistory(counted.open);
    expect(counted.opens).toBe(0);
    expect(existsSync(historyFileIn(dir))).toBe(false);
    await nextTurn();
    expect(counted.opens).toBe(1);
    expect(existsSync(historyFileIn(dir))).toBe(true);
    history.settle()?.close();
  });

  it('opens it on an entry that comes first, once, and keeps the entry', async () => {
    const counted = opener();
    const history = new DeferredHistory(counted.open);
    const kept = history.insert(sampleEntry({ zid: '0x0123456789abcdef01234567' }));
    await nextTurn();
    expect(counted.opens).toBe(1);
    const store = history.settle()!;
    expect(store.get(kept.id)?.zid).toBe('0x0123456789abcdef01234567');
    store.close();
  });

  it('never opens a file for a command that ended before the loop turned', async () => {
    const counted = opener();
    const history = new DeferredHistory(counted.open);
    expect(history.settle()).toBeUndefined();
    await nextTurn();
    expect(counted.opens).toBe(0);
    expect(existsSync(historyFileIn(dir))).toBe(false);
  });

  it('leaves an open that fails on its turn to the first entry, which meets the error itself', async () => {
    let opens = 0;
    const history = new DeferredHistory<HistoryStore>(() => {
      opens += 1;
      throw new Error(`no history here (attempt ${opens})`);
    });
    await nextTurn();
    expect(opens).toBe(1);
    expect(() => history.insert(sampleEntry())).toThrow('no history here (attempt 2)');
    expect(history.settle()).toBeUndefined();
  });
});

describe("a command's engine", () => {
  it('has not opened its history when it is ready to send, and has once the loop turns', async () => {
    const engine = await openCliEngine({ dataDir: dir, warn: (message) => expect.fail(message) });
    expect(existsSync(historyFileIn(dir))).toBe(false);
    await nextTurn();
    expect(existsSync(historyFileIn(dir))).toBe(true);
    await engine.close();
  });
});
