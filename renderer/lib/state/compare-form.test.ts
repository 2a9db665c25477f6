import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { settled } from '../settled.ts';
import { CompareFormState, type ProfileChoice } from './compare-form.svelte.ts';
import { deferred } from './test-support.ts';

const LOCAL: ProfileChoice = { id: 'local', name: 'Local service', rateBudgetRps: 5 };
const STAGING: ProfileChoice = { id: 'staging', name: 'Staging', rateBudgetRps: 2 };

/** profiles.list, each read's answer held until the test gives it. */
function heldProfileLists() {
  const reads: ReturnType<typeof deferred<unknown>>[] = [];
  window.api = {
    profiles: {
      list: () => {
        const answer = deferred<unknown>();
        reads.push(answer);
        return answer.promise;
      },
    },
  } as unknown as AppApi;
  return {
    reads,
    answer(read: number, profiles: ProfileChoice[]) {
      reads[read]!.resolve({ ok: true, value: { profiles } });
    },
  };
}

afterEach(() => {
  delete window.api;
});

describe('CompareFormState: two profile lists read at once', () => {
  it('keeps the later read when the earlier one, taken before a profile was added, answers last', async () => {
    const engine = heldProfileLists();
    const form = new CompareFormState();
    const before = form.loadProfiles();
    // Staging is added in Settings, and the form lists again (the screen is shown anew).
    const after = form.loadProfiles();
    engine.answer(1, [LOCAL, STAGING]);
    await after;
    expect(form.profiles.map((profile) => profile.id)).toEqual(['local', 'staging']);
    // The first read, on a busy machine, answers last with the list as it was before.
    engine.answer(0, [LOCAL]);
    await before;
    await settled();
    expect(form.profiles.map((profile) => profile.id)).toEqual(['local', 'staging']);
  });

  it('keeps a chosen profile said gone when a read from before its removal answers last', async () => {
    const engine = heldProfileLists();
    const form = new CompareFormState();
    form.profileId = 'staging';
    const before = form.loadProfiles();
    // Staging is deleted in Settings, and the form lists again.
    const after = form.loadProfiles();
    engine.answer(1, [LOCAL]);
    await after;
    expect(form.goneProfile?.id).toBe('staging');
    engine.answer(0, [LOCAL, STAGING]);
    await before;
    await settled();
    // The older list still had it: taken, it would let a run go to a profile that no longer exists.
    expect(form.goneProfile?.id).toBe('staging');
    expect(form.profiles.map((profile) => profile.id)).toEqual(['local']);
  });
});
