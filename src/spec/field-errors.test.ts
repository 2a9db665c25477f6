import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors.ts';

function reasons(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be refused');
  return toFieldErrors(parsed.error, input).map((error) => `${error.field} ${error.reason}`);
}

describe('toFieldErrors', () => {
  it('says a bound in words instead of zod\'s "Too big: expected number to be <=10000"', () => {
    const schema = z.object({ slippageBps: z.number().int().min(0).max(10_000), taker: z.string().max(4), list: z.array(z.string()).min(1), rate: z.number().gt(0) });
    expect(reasons(schema, { slippageBps: 20_000, taker: 'abcdef', list: [], rate: 0 })).toEqual([
      'slippageBps must be at most 10000',
      'taker must have at most 4 characters',
      'list must have at least 1 item',
      'rate must be more than 0',
    ]);
    expect(reasons(schema, { slippageBps: -1, taker: '', list: ['a'], rate: 1 })).toEqual(['slippageBps must be at least 0']);
    expect(reasons(z.object({ name: z.string().min(1), tags: z.array(z.string()).max(2) }), { name: '', tags: ['a', 'b', 'c'] })).toEqual(['name must have at least 1 character', 'tags must have at most 2 items']);
  });

  it('names the choices and what was given instead of zod\'s "Invalid option: expected one of"', () => {
    const schema = z.object({ models: z.array(z.enum(['allowance-holder', 'permit2'])) });
    expect(reasons(schema, { models: ['permit2', 'p2'] })).toEqual(['models.1 must be one of allowance-holder, permit2, got "p2"']);
  });

  it('keeps a schema\'s own message as written', () => {
    const schema = z.object({ amount: z.number().max(5, 'must be five or less') });
    expect(reasons(schema, { amount: 6 })).toEqual(['amount must be five or less']);
  });

  it('tells a missing field from a wrong-typed one', () => {
    const schema = z.object({ chainId: z.number() });
    expect(reasons(schema, {})).toEqual(['chainId is required']);
    expect(reasons(schema, { chainId: 'one' })).toEqual(['chainId must be number']);
  });
});
