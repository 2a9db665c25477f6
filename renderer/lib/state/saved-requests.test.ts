import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import type { SavedRequest } from '../../../src/ipc/channels/saved-requests.ts';
import { SavedRequestsState } from './saved-requests.svelte.ts';
import { deferred } from './test-support.ts';

afterEach(() => {
  delete window.api;
});

const ok = <T>(value: T) => ({ ok: true as const, value });

function request(name: string): SavedRequest {
  return { id: `id-${name}`, profileId: 'local', name, endpoint: 'permit2.price', params: {}, savedAt: '2026-12-07T00:00:00.000Z' };
}

describe('SavedRequestsState.load', () => {
  it('keeps the list of the later of two reads when the earlier one answers last', async () => {
    const lists: ReturnType<typeof deferred<unknown>>[] = [];
    window.api = {
      savedRequests: {
        list: () => {
          const answer = deferred<unknown>();
          lists.push(answer);
          return answer.promise;
        },
      },
    } as unknown as AppApi;
    const state = new SavedRequestsState();
    // Shown (the Explorer lists), then the window focused again: two reads of one profile in flight.
    const first = state.load('local');
    const second = state.load('local');
    lists[1]!.resolve(ok({ requests: [request('First'), request('Second')], notice: null }));
    await second;
    // The earlier read, taken before Second was saved, answers last on a busy machine.
    lists[0]!.resolve(ok({ requests: [request('First')], notice: null }));
    await first;
    expect(state.requests.map((saved) => saved.name)).toEqual(['First', 'Second']);
  });
});
