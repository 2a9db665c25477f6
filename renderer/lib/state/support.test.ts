import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { settled } from '../settled.ts';
import { SupportState } from './support.svelte.ts';
import { deferred, heldProfileReads } from './test-support.ts';

const ZID = { a: '0x0000000000000000000000aa', b: '0x0000000000000000000000bb', c: '0x0000000000000000000000cc' };

// Each history.search waits for the test to answer it; the answer lists the one row given.
function heldSearches(): { text: string; answer: (id: number) => void }[] {
  const calls: { text: string; answer: (id: number) => void }[] = [];
  window.api = {
    history: {
      search: (input: { text: string }) => {
        const held = deferred<unknown>();
        const row = (id: number) => ({ id, zid: input.text, startedAt: '2026-01-15T12:00:00.000Z', origin: 'sent', status: 200, errorName: null });
        calls.push({ text: input.text, answer: (id) => held.resolve({ ok: true, value: { rows: [row(id)], nextBefore: null, unknownSymbols: [] } }) });
        return held.promise;
      },
    },
  } as unknown as AppApi;
  return calls;
}

afterEach(() => {
  delete window.api;
});

describe('SupportState, the zid lookup', () => {
  it('stops "Looking the zid up" when the box is cleared before the answer, and drops the late answer', async () => {
    const calls = heldSearches();
    const support = new SupportState();
    support.setText(ZID.a);
    expect(support.isLooking).toBe(true);
    support.setText('');
    expect(support.isLooking).toBe(false);
    calls[0]!.answer(1);
    await settled();
    expect(support.isLooking).toBe(false);
    expect(support.lookup).toBeNull();
  });

  it('opens, on Enter, the match of the text as it is once looked up, never an older text\'s', async () => {
    const calls = heldSearches();
    const support = new SupportState();
    support.setText(ZID.a);
    calls[0]!.answer(1);
    await support.settled();
    // Enter pressed on b while it is looked up, then the text replaced by c before b answers.
    support.setText(ZID.b);
    const opened = support.openMatch();
    support.setText(ZID.c);
    calls[1]!.answer(2);
    await settled();
    expect(support.historyRequest).toBeNull();
    calls[2]!.answer(3);
    expect(await opened).toBe(true);
    expect(support.historyRequest).toMatchObject({ openId: 3, searchText: ZID.c });
    expect(support.isLooking).toBe(false);
  });
});

describe('SupportState, an import made from the paste box', () => {
  // The import stores entry 7; each lookup after it is held until the test answers it.
  function heldImportAndSearches(): { text: string; answer: (id: number) => void }[] {
    const calls = heldSearches();
    const history = (window.api as unknown as { history: Record<string, unknown> }).history;
    history['import'] = () => Promise.resolve({ ok: true, value: { importedIds: [7], setAside: 0, setAsideExamples: [], removedByRetention: 0, alreadyImported: 0, alreadyImportedIds: [] } });
    return calls;
  }

  it('opens nothing and says nothing of the zid when the text was replaced while the import looked it up', async () => {
    const calls = heldImportAndSearches();
    const support = new SupportState();
    support.setText(ZID.a);
    calls[0]!.answer(1);
    await support.settled();
    const imported = support.importText('customer.har', '{}');
    await settled();
    // The import's own lookup of a is under way; the user pastes c meanwhile, which is then found.
    support.setText(ZID.c);
    calls[1]!.answer(2);
    calls[2]!.answer(3);
    await imported;
    expect(support.historyRequest).toBeNull();
    expect(support.message).not.toContain(ZID.a);
    expect(support.message).not.toContain(ZID.c);
  });

  it('opens the imported match of the zid in the box when the text stayed', async () => {
    const calls = heldImportAndSearches();
    const support = new SupportState();
    support.setText(ZID.a);
    calls[0]!.answer(1);
    await support.settled();
    const imported = support.importText('customer.har', '{}');
    await settled();
    calls[1]!.answer(7);
    await imported;
    expect(support.historyRequest).toMatchObject({ openId: 7, searchText: ZID.a });
  });
});

describe('SupportState: the profiles listed again while an earlier listing is under way', () => {
  const LOCAL = { id: 'local', name: 'Local service' };
  const STAGING = { id: 'staging', name: 'Staging' };
  const REQUEST = `curl -H 'svc-api-key: k3y_abcdefghijkl' 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000'`;

  // profiles.list held as heldProfileReads holds it; request.send records the profile it went to.
  function boxOver(engine: ReturnType<typeof heldProfileReads>): { support: SupportState; sentTo: string[] } {
    const sentTo: string[] = [];
    const send = (input: { profileId: string }) => {
      sentTo.push(input.profileId);
      return Promise.resolve({ ok: true, value: { stored: true, entry: { id: 1 } } });
    };
    window.api = { profiles: engine.api, request: { send } } as unknown as AppApi;
    return { support: new SupportState(), sentTo };
  }

  it('offers a profile added since the box was last opened, the earlier list answering last', async () => {
    const engine = heldProfileReads([LOCAL]);
    const { support } = boxOver(engine);
    support.open();
    support.close();
    // Staging is added in Settings, and the box opened again before the first list answers.
    engine.store = [LOCAL, STAGING];
    support.open();
    [...engine.held].reverse().forEach((read) => read.release());
    await support.profilesListing.done();
    await settled();
    expect(support.profiles.map((profile) => profile.id)).toEqual(engine.store.map((profile) => profile.id));
  });

  it('sends nothing, when pressed before the lists answer, to a profile the list read after a deletion has not, and says it is gone', async () => {
    const engine = heldProfileReads([LOCAL, STAGING]);
    const { support, sentTo } = boxOver(engine);
    support.profileId = STAGING.id;
    support.open();
    support.close();
    // Staging is deleted in Settings; the box is opened again and Send pressed at once.
    engine.store = [LOCAL];
    support.open();
    support.setText(REQUEST);
    const sent = support.send();
    // The earlier read answers first, with Staging still in it.
    engine.held[0]?.release();
    await settled();
    expect(sentTo).toEqual([]);
    engine.held[1]?.release();
    await sent;
    // Not Local service in its place: the user chose Staging, and another service's answer would read as its.
    expect(sentTo).toEqual([]);
    expect(support.goneProfile?.id).toBe(STAGING.id);
    support.profileId = LOCAL.id;
    await support.send();
    expect(sentTo).toEqual([LOCAL.id]);
  });
});
