import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { settled } from '../settled.ts';
import { SupportState } from './support.svelte.ts';
import { deferred } from './test-support.ts';

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
