import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { HistoryState } from './history.svelte.ts';
import { deferred } from './test-support.ts';

// Rows as history.search answers them (only the fields the list state reads).
const startedAt = (id: number) => new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
const rowsOf = (ids: number[]) => ids.map((id) => ({ id, startedAt: startedAt(id) }));


afterEach(() => {
  delete window.api;
});

describe('HistoryState.more', () => {
  it('pages the search the rows answer, and not while a newer search is on its way', async () => {
    // Each history.search waits for the test to answer it.
    const calls: { input: Record<string, unknown>; answer: ReturnType<typeof deferred<unknown>> }[] = [];
    window.api = {
      history: {
        search: (input: Record<string, unknown>) => {
          const answer = deferred<unknown>();
          calls.push({ input, answer });
          return answer.promise;
        },
      },
    } as unknown as AppApi;
    const list = new HistoryState();
    list.text = 'USDC';
    const first = list.search();
    calls[0]!.answer.resolve({ ok: true, value: { rows: rowsOf([100, 90, 80]), nextBefore: 80, unknownSymbols: [] } });
    await first;

    // The user types "WETH" (the view searches on input), and the list, still showing USDC's rows,
    // is scrolled to its end before that search answers: no page of WETH from USDC's cursor (80),
    // which listed an entry twice or skipped some.
    list.text = 'WETH';
    const second = list.search();
    const early = list.more();
    expect(calls).toHaveLength(2);
    await early;
    calls[1]!.answer.resolve({ ok: true, value: { rows: rowsOf([95, 85, 60]), nextBefore: 60, unknownSymbols: [] } });
    await second;

    // Once it answered, the next page is WETH's, from its own cursor and with its time (retention
    // may remove that entry before the page is read).
    const more = list.more();
    expect(calls[2]!.input).toMatchObject({ text: 'WETH', before: 60, beforeStartedAt: startedAt(60) });
    calls[2]!.answer.resolve({ ok: true, value: { rows: rowsOf([50]), nextBefore: null, unknownSymbols: [] } });
    await more;
    expect(list.rows.map((row) => row.id)).toEqual([95, 85, 60, 50]);
    expect(list.nextBefore).toBeNull();
  });
});
