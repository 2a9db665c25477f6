import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { navigation } from '../../lib/state/navigation.svelte.ts';
import { deferred } from '../../lib/state/test-support.ts';
import HistoryView from './HistoryView.svelte';
import { settled } from '../../lib/settled.ts';

// jsdom lays nothing out and has no ResizeObserver: the list is measured as empty.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.api;
});


function entry(id: number, replayOf: number | null = null) {
  return {
    id, startedAt: '2026-01-15T12:00:00.000Z', origin: 'sent' as const, profileId: 'local', profileName: 'Local service',
    endpoint: 'permit2.price', chainId: 1, sellToken: null, buyToken: null, status: 200, errorName: null, zid: null, durationMs: 12.4, replayOf,
    method: 'GET' as const, url: 'https://127.0.0.1:5555/swap/permit2/price?chainId=1', query: { chainId: '1' }, requestHeaders: { 'svc-version': 'v2' },
    statusText: 'OK', responseHeaders: {}, bodyText: '{}', body: {}, schemaReport: [], attempts: 1, appError: null,
  };
}

/** The history channels over entries #7 and its replay #8, the replay's send held until `answerSend()`. */
function heldReplayEngine() {
  const sent = deferred<unknown>();
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = {
    history: {
      search: ({ replayOf }: { replayOf?: number }) => ok({ rows: replayOf === undefined ? [entry(8, 7), entry(7)] : [], nextBefore: null, unknownSymbols: [] }),
      get: ({ id }: { id: number }) => ok(entry(id, id === 8 ? 7 : null)),
      kept: ({ ids }: { ids: number[] }) => ok({ keptIds: ids }),
    },
    request: { send: () => sent.promise },
  };
  return { api: api as unknown as AppApi, answerSend: () => sent.resolve({ ok: true, value: { entry: entry(8, 7), stored: true, warning: null } }) };
}

describe('History replay', () => {
  it('keeps a search typed while the replay went', async () => {
    const engine = heldReplayEngine();
    window.api = engine.api;
    render(HistoryView);
    navigation.historyEntryId = 7;
    const replay = await screen.findByRole('button', { name: 'Replay' });
    await fireEvent.click(replay);
    // The service is slow to answer: the user searches for something else meanwhile.
    const search = screen.getByLabelText('Search by zid or token') as HTMLInputElement;
    await fireEvent.input(search, { target: { value: 'USDC' } });
    engine.answerSend();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /#8/ })).toBeTruthy());
    await settled();
    expect(search.value).toBe('USDC');
  });

  it('clears the search the replayed entry was found by, when nothing was typed meanwhile', async () => {
    const engine = heldReplayEngine();
    window.api = engine.api;
    render(HistoryView);
    const search = screen.getByLabelText('Search by zid or token') as HTMLInputElement;
    await fireEvent.input(search, { target: { value: 'WETH' } });
    navigation.historyEntryId = 7;
    await fireEvent.click(await screen.findByRole('button', { name: 'Replay' }));
    engine.answerSend();
    await waitFor(() => expect(search.value).toBe(''));
  });
});
