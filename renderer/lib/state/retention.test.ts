import { describe, expect, it } from 'vitest';
import { RetentionState } from './retention.svelte.ts';

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
