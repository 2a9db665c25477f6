import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { CompareState } from './compare.svelte.ts';
import { LadderState } from './ladder.svelte.ts';

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

function engine(): { api: AppApi; ladderStarts: unknown[] } {
  const ladderStarts: unknown[] = [];
  const api = {
    profiles: { list: () => ok({ profiles: [{ id: 'local', name: 'Local service', rateBudgetRps: 5 }] }) },
    ladder: {
      start: (input: unknown) => {
        ladderStarts.push(input);
        return ok({ runId: 'lad-abcdef1', total: 1 });
      },
      list: () => ok({ runs: [], unreadable: [] }),
    },
    compare: { list: () => ok({ runs: [], unreadable: [] }) },
  };
  return { api: api as unknown as AppApi, ladderStarts };
}

afterEach(() => {
  delete window.api;
});

describe('LadderState: a start refused before sending, once its cause is fixed', () => {
  it('drops the overrides error once the unusable override row is removed in the One size form', async () => {
    const { api, ladderStarts } = engine();
    window.api = api;
    const compare = new CompareState();
    await compare.loadProfiles();
    const ladder = new LadderState(compare);
    // An override whose address is malformed: the ladder refuses and names it.
    compare.overrides = [{ chainId: 1, side: 'buy', address: '0x1234', decimals: '', symbol: '' }];
    await ladder.start();
    expect(ladderStarts).toHaveLength(0);
    expect(ladder.fieldErrors.overrides).toMatch(/override 1/);

    // The user removes that row: no override is left, nothing is unusable, and the error goes (the
    // request lists only rows that parse, so it had not changed, and the error stayed).
    compare.overrides = [];
    expect(compare.hasOverrideErrors).toBe(false);
    expect(ladder.fieldErrors.overrides).toBeUndefined();
  });

  it('drops the gone-profile failure once another profile is picked', async () => {
    const { api } = engine();
    window.api = api;
    const compare = new CompareState();
    await compare.loadProfiles();
    const ladder = new LadderState(compare);
    // The profile chosen was deleted in Settings: the ladder says so and sends nothing.
    compare.profileId = 'deleted-profile';
    expect(compare.goneProfile).not.toBeNull();
    await ladder.start();
    expect(ladder.failure).toMatch(/no longer in your profiles/);

    // The user picks a listed profile, as the failure asks: the failure goes with the cause.
    compare.profileId = 'local';
    expect(compare.goneProfile).toBeNull();
    expect(ladder.failure).toBeNull();
  });
});
