import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { RetentionState } from './retention.svelte.ts';
import { settled } from '../settled.ts';

describe('RetentionState', () => {
  it('names no field a mistake before the setting in force is read, and names one typed wrong after', () => {
    const state = new RetentionState();
    // Empty fields while the engine's answer is on its way: nobody typed in them.
    expect(state.errors).toEqual({});
    state.saved = { maxEntries: 100_000, maxAgeDays: null };
    state.maxEntries = 'many';
    expect(state.errors).toEqual({ maxEntries: 'must be a number' });
  });
});

/** The engine's history channels with 4 entries held, each preview or save held until its `answer` is called. */
function heldRetentionEngine() {
  let retention = { maxEntries: 100_000 as number | null, maxAgeDays: null as number | null };
  const held: { preview: (() => void) | null; save: (() => void) | null } = { preview: null, save: null };
  const ok = <T>(value: T) => ({ ok: true as const, value });
  const api = {
    history: {
      getRetention: () => Promise.resolve(ok(retention)),
      count: () => Promise.resolve(ok({ count: 4 })),
      previewRetention: (setting: typeof retention) =>
        new Promise((resolve) => (held.preview = () => resolve(ok({ removes: setting.maxEntries !== null && setting.maxEntries < 4 ? 4 - setting.maxEntries : 0, count: 4 })))),
      setRetention: (setting: typeof retention) =>
        new Promise((resolve) => {
          held.save = () => {
            retention = setting;
            resolve(ok({ retention, removed: 0 }));
          };
        }),
    },
  };
  window.api = api as unknown as AppApi;
  return { answerPreview: () => held.preview?.(), answerSave: () => held.save?.() };
}


describe('RetentionState while the engine answers', () => {
  it('asks nothing about a setting edited while it was counted: the question would be of values no longer shown', async () => {
    const engine = heldRetentionEngine();
    const state = new RetentionState();
    await state.load();
    state.maxEntries = '1';
    const saving = state.save();
    // Typed while the removal is counted (a large history takes a while).
    state.maxEntries = '2';
    engine.answerPreview();
    await saving;
    expect(state.pending).toBeNull();
    expect(state.maxEntries).toBe('2');
  });

  it('applies nothing in place of a setting edited while it was counted, and keeps what was typed', async () => {
    const engine = heldRetentionEngine();
    const state = new RetentionState();
    await state.load();
    state.maxEntries = '50000';
    const saving = state.save();
    state.maxEntries = '60000';
    engine.answerPreview();
    await settled();
    engine.answerSave();
    await saving;
    expect(state.maxEntries).toBe('60000');
    expect(state.saved).toEqual({ maxEntries: 100_000, maxAgeDays: null });
  });

  it('keeps a field typed into while the setting before it was saved', async () => {
    const engine = heldRetentionEngine();
    const state = new RetentionState();
    await state.load();
    state.maxEntries = '50000';
    const saving = state.save();
    engine.answerPreview();
    await settled();
    // Saving now (busy): the user types the next value.
    state.maxEntries = '60000';
    engine.answerSave();
    await saving;
    expect(state.saved).toEqual({ maxEntries: 50_000, maxAgeDays: null });
    expect(state.message).toBe('Saved; nothing was removed.');
    expect(state.maxEntries).toBe('60000');
    expect(state.isChanged).toBe(true);
  });

  it('shows the setting as saved once saved, when nothing was typed meanwhile', async () => {
    const engine = heldRetentionEngine();
    const state = new RetentionState();
    await state.load();
    state.maxEntries = '050000';
    const saving = state.save();
    engine.answerPreview();
    await settled();
    engine.answerSave();
    await saving;
    expect(state.maxEntries).toBe('50000');
    expect(state.isChanged).toBe(false);
  });
});
