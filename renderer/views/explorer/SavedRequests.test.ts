import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import type { SavedRequest } from '../../../src/ipc/channels/saved-requests.ts';
import SavedRequests from './SavedRequests.svelte';
import { settled } from '../../lib/settled.ts';

afterEach(cleanup);


/** The engine's saved-requests channels, the list read after a save held until `answerList()`. */
function heldListEngine() {
  const saved: SavedRequest[] = [];
  let heldList: (() => void) | null = null;
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = {
    savedRequests: {
      list: () => (saved.length === 0 ? ok({ requests: [], notice: null }) : new Promise((resolve) => (heldList = () => resolve({ ok: true, value: { requests: [...saved], notice: null } })))),
      save: ({ profileId, name, endpoint, params }: { profileId: string; name: string; endpoint: SavedRequest['endpoint']; params: Record<string, string> }) => {
        const request = { id: `id-${saved.length}`, profileId, name, endpoint, params, savedAt: '2026-12-07T00:00:00.000Z' };
        saved.push(request);
        return ok(request);
      },
    },
  };
  return { api: api as unknown as AppApi, answerList: () => heldList?.() };
}

/** Saves the form as "First", its status said and its read-back held: the moment a user types the next name. */
async function saveFirstHeld(): Promise<{ engine: ReturnType<typeof heldListEngine>; name: HTMLInputElement }> {
  const engine = heldListEngine();
  window.api = engine.api;
  render(SavedRequests);
  const name = screen.getByLabelText('Name') as HTMLInputElement;
  await fireEvent.input(name, { target: { value: 'First' } });
  await fireEvent.click(screen.getByRole('button', { name: 'Save current form' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved "First"'));
  return { engine, name };
}

describe('saved requests', () => {
  it('keeps a name typed while the save before it is still being read back, and saves under it', async () => {
    const { engine, name } = await saveFirstHeld();
    // The status is said before the list is read back: the user, seeing it, types the next name.
    await fireEvent.input(name, { target: { value: 'Second' } });
    engine.answerList();
    await settled();
    expect(name.value).toBe('Second');
    await fireEvent.click(screen.getByRole('button', { name: 'Save current form' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved "Second"'));
  });

  it('clears the name once its save is read back, when nothing was typed meanwhile', async () => {
    const { engine, name } = await saveFirstHeld();
    engine.answerList();
    await waitFor(() => expect(name.value).toBe(''));
  });
});
