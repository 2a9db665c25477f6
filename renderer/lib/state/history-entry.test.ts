import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { EntryView } from './history-entry.svelte.ts';
import { deferred } from './test-support.ts';


afterEach(() => {
  delete window.api;
});

describe('EntryView.open: the replays listed are the open entry\'s', () => {
  it('does not list the previous entry\'s replays under the entry just opened while its own are read', async () => {
    // Entry 1 was replayed as #7; entry 2 has no replay. Reading entry 2's replays is slow.
    const slowReplays = deferred<unknown>();
    window.api = {
      history: {
        get: ({ id }: { id: number }) => Promise.resolve({ ok: true, value: { id, origin: 'sent', replayOf: null } }),
        search: ({ replayOf }: { replayOf: number }) =>
          replayOf === 1 ? Promise.resolve({ ok: true, value: { rows: [{ id: 7, status: 200, errorName: null }], nextBefore: null, unknownSymbols: [] } }) : slowReplays.promise,
      },
    } as unknown as AppApi;
    const view = new EntryView();
    await view.open(1);
    expect(view.replays.map((row) => row.id)).toEqual([7]);

    const opening = view.open(2);
    // Entry 2 is shown as soon as it is read…
    await vi.waitFor(() => expect(view.entry?.id).toBe(2));
    // …and beside it, "Replayed as #7": entry 1's replay, a link that says #7 replays entry 2.
    expect(view.replays.map((row) => row.id)).toEqual([]);
    slowReplays.resolve({ ok: true, value: { rows: [], nextBefore: null, unknownSymbols: [] } });
    await opening;
    expect(view.replays).toEqual([]);
  });
});
