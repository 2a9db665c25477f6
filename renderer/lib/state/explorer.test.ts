import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { settled } from '../settled.ts';
import { ExplorerState } from './explorer.svelte.ts';
import { heldProfileReads } from './test-support.ts';

const LOCAL = { id: 'local', name: 'Local service' };
const STAGING = { id: 'staging', name: 'Staging' };

// The reads under way released oldest first, or newest first as a busy machine may answer them.
const ORDERS = [
  { order: 'in turn', release: (reads: { release: () => void }[]) => reads.forEach((read) => read.release()) },
  { order: 'out of turn', release: (reads: { release: () => void }[]) => [...reads].reverse().forEach((read) => read.release()) },
];

function explorerOver(engine: ReturnType<typeof heldProfileReads>): ExplorerState {
  window.api = { profiles: engine.api } as unknown as AppApi;
  return new ExplorerState();
}

afterEach(() => {
  delete window.api;
});

describe('ExplorerState: the profiles listed again while an earlier listing is under way', () => {
  it.each(ORDERS)('offers a profile added since the earlier listing began, its reads answered $order', async ({ release }) => {
    const engine = heldProfileReads([LOCAL]);
    const explorer = explorerOver(engine);
    const shownFirst = explorer.loadProfiles();
    // Staging is added in Settings, and the Explorer is shown again before the first list answers.
    engine.store = [LOCAL, STAGING];
    const shownAgain = explorer.loadProfiles();
    release(engine.held);
    await Promise.all([shownFirst, shownAgain]);
    await settled();
    expect(explorer.profiles.map((profile) => profile.id)).toEqual(engine.store.map((profile) => profile.id));
    expect(explorer.profilesListing.isLoading).toBe(false);
  });

  it.each(ORDERS)('says a chosen profile deleted since the earlier listing began is gone, its reads answered $order', async ({ release }) => {
    const engine = heldProfileReads([LOCAL, STAGING]);
    const explorer = explorerOver(engine);
    explorer.profileId = STAGING.id;
    const shownFirst = explorer.loadProfiles();
    // Staging is deleted in Settings, and the Explorer is shown again.
    engine.store = [LOCAL];
    const shownAgain = explorer.loadProfiles();
    release(engine.held);
    await Promise.all([shownFirst, shownAgain]);
    await settled();
    // Offered from the older list, a send would go to a profile that no longer exists.
    expect(explorer.goneProfile?.id).toBe(STAGING.id);
    expect(explorer.profiles.map((profile) => profile.id)).toEqual(engine.store.map((profile) => profile.id));
  });

  it('keeps a Send pressed meanwhile waiting until the later list has answered', async () => {
    const engine = heldProfileReads([LOCAL, STAGING]);
    const explorer = explorerOver(engine);
    void explorer.loadProfiles();
    engine.store = [LOCAL];
    void explorer.loadProfiles();
    let isDone = false;
    void explorer.profilesListing.done().then(() => (isDone = true));
    // The earlier read answers first: its list is not the one the send is to go by.
    engine.held[0]?.release();
    await settled();
    expect(isDone).toBe(false);
    expect(explorer.profilesListing.isLoading).toBe(true);
    engine.held[1]?.release();
    await settled();
    expect(isDone).toBe(true);
    expect(explorer.profiles.map((profile) => profile.id)).toEqual(engine.store.map((profile) => profile.id));
  });
});
