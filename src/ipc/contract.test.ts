import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { lazySchemasBuilt } from '../spec/lazy-schema.ts';
import { channel } from './channel.ts';
import { CHANNEL_NAMES, CONTRACT, type ChannelOutput, type ChannelParsedInput } from './index.ts';

// Each test file gets its own module graph, so the count starts at zero when these imports load.

/** How many lazy schemas `use` builds. */
function builtBy(use: () => unknown): number {
  const before = lazySchemasBuilt();
  use();
  return lazySchemasBuilt() - before;
}

describe('the IPC contract builds its schemas on first use (issue 14)', () => {
  it('builds no channel schema when loaded, nor when its channels are listed', () => {
    expect(lazySchemasBuilt()).toBe(0);
    expect(CHANNEL_NAMES).toContain('compare.start');
    for (const name of CHANNEL_NAMES) expect(CONTRACT[name]).toHaveProperty('input');
    expect(lazySchemasBuilt()).toBe(0);
  });

  it('builds a channel`s input without its output, and no other channel`s', () => {
    expect(builtBy(() => expect(CONTRACT['apiKey.set'].input.safeParse({ profileId: 'local', key: 'k-1' }).success).toBe(true))).toBe(1);
    expect(builtBy(() => expect(CONTRACT['apiKey.set'].output.safeParse({ stored: true, backend: 'memory', reason: null }).success).toBe(true))).toBe(1);
    // apiKey.clear answers with the same schema, already built; its own input is new.
    expect(builtBy(() => CONTRACT['apiKey.clear'].output.safeParse({}))).toBe(0);
    expect(builtBy(() => CONTRACT['apiKey.clear'].input.safeParse({}))).toBe(1);
  });

  it('takes a schema or a function that builds it, with the same types either way', () => {
    let calls = 0;
    const built = () => {
      calls++;
      return z.strictObject({ runId: z.string() });
    };
    const lazy = channel(built, z.object({ cancelled: z.boolean() }));
    expect(calls).toBe(0);
    expect(lazy.input.parse({ runId: 'cmp-abcdef' })).toEqual({ runId: 'cmp-abcdef' });
    expect(lazy.input.safeParse({ runId: 1 }).success).toBe(false);
    expect(calls).toBe(1);
    expectTypeOf(lazy).toEqualTypeOf(channel(z.strictObject({ runId: z.string() }), z.object({ cancelled: z.boolean() })));
    expectTypeOf<ChannelParsedInput<'compare.cancel'>>().toEqualTypeOf<{ runId: string }>();
    expectTypeOf<ChannelOutput<'compare.cancel'>>().toEqualTypeOf<{ cancelled: boolean }>();
  });
});
