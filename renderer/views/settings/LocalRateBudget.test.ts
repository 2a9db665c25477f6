import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { LOCAL_PROFILE_ID } from '../../../src/ipc/channels/profiles.ts';
import LocalRateBudget from './LocalRateBudget.svelte';
import { settings } from '../../lib/state/profiles.svelte.ts';
import { settled } from '../../lib/settled.ts';

afterEach(cleanup);

/** The engine's profile channels, the save of a rate budget held until `answerSave()`. */
function heldSaveEngine() {
  let rateBudgetRps = 5;
  let held: (() => void) | null = null;
  const local = { id: LOCAL_PROFILE_ID, name: 'Local service', baseUrl: null, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' }, version: 'v2', caPem: null, proxyUrl: null, hasProxyPassword: false, trustSystemCertificates: false, builtIn: true, key: null };
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = {
    profiles: {
      list: () => ok({ profiles: [{ ...local, rateBudgetRps }], notice: null }),
      setRateBudget: (input: { rateBudgetRps: number }) =>
        new Promise((resolve) => {
          held = () => {
            rateBudgetRps = input.rateBudgetRps;
            resolve({ ok: true, value: { ...local, rateBudgetRps } });
          };
        }),
    },
    localService: { status: () => ok({ state: 'not-started' }) },
  };
  return { api: api as unknown as AppApi, answerSave: () => held?.() };
}


describe('local service rate budget', () => {
  it('keeps a budget typed while the one before it was being saved, and says the earlier one saved', async () => {
    const engine = heldSaveEngine();
    window.api = engine.api;
    await settings.load();
    render(LocalRateBudget);
    const field = screen.getByLabelText('Rate budget (requests/s)') as HTMLInputElement;
    expect(field.value).toBe('5');
    await fireEvent.input(field, { target: { value: '8' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save rate budget' }));
    await fireEvent.input(field, { target: { value: '12' } });
    engine.answerSave();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved: at most 8 requests/s to the local service'));
    await settled();
    expect(field.value).toBe('12');
  });

  it('shows the saved budget once saved, when nothing was typed meanwhile', async () => {
    const engine = heldSaveEngine();
    window.api = engine.api;
    await settings.load();
    render(LocalRateBudget);
    const field = screen.getByLabelText('Rate budget (requests/s)') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: '8.0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save rate budget' }));
    engine.answerSave();
    await waitFor(() => expect(field.value).toBe('8'));
  });
});
