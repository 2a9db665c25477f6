import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors.ts';
import { ownKeysRecord } from './own-keys-record.ts';

const params = ownKeysRecord(z.string().max(10), z.string().max(5));
const withProto = (json: string) => JSON.parse(json) as Record<string, string>;

describe('ownKeysRecord', () => {
  it('keeps an own "__proto__" key, in its place, where z.record drops it without an issue', () => {
    const input = withProto('{"a":"1","__proto__":"2","b":"3"}');
    expect(Object.entries(z.record(z.string(), z.string()).parse(input))).toEqual([['a', '1'], ['b', '3']]);
    const out = params.parse(input);
    expect(Object.entries(out)).toEqual([['a', '1'], ['__proto__', '2'], ['b', '3']]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('checks "__proto__" with the value schema, as any other key', () => {
    const result = params.safeParse(withProto('{"__proto__":"too long","b":"way too long"}'));
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!).map((error) => error.field).sort()).toEqual(['__proto__', 'b']);
  });

  it('gives the same issues as z.record for every other input', () => {
    for (const input of [{ a: '1' }, { a: 1 }, { a: 'longer than five' }, 'text', null, [], { ['k'.repeat(11)]: 'x' }]) {
      const ours = params.safeParse(input);
      const zods = z.record(z.string().max(10), z.string().max(5)).safeParse(input);
      expect(ours.success).toBe(zods.success);
      if (ours.success) expect(ours.data).toEqual(zods.data);
      else expect(toFieldErrors(ours.error, input)).toEqual(toFieldErrors(zods.error!, input));
    }
  });
});
