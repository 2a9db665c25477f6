import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { lazySchema, lazySchemasBuilt } from './lazy-schema.ts';

function feeEntry() {
  return z.looseObject({ amount: z.string().regex(/^[0-9]+$/), token: z.string(), type: z.enum(['volume', 'gas']) });
}

/** A lazy schema and how often its builder ran. */
function counted() {
  let calls = 0;
  const schema = lazySchema(() => {
    calls++;
    return feeEntry();
  });
  return { schema, calls: () => calls };
}

const FEE = { amount: '150000', token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', type: 'volume' };

describe('lazySchema', () => {
  it('builds nothing when created, and once on first use however often it is used', () => {
    const before = lazySchemasBuilt();
    const { schema, calls } = counted();
    expect(calls()).toBe(0);
    expect(lazySchemasBuilt()).toBe(before);
    expect(schema.parse(FEE)).toEqual(FEE);
    expect(schema.safeParse({ ...FEE, amount: '1.5' }).success).toBe(false);
    void schema.shape;
    expect(calls()).toBe(1);
    expect(lazySchemasBuilt()).toBe(before + 1);
  });

  it('is not built by nesting it in other schemas, only when they parse through it', () => {
    const { schema, calls } = counted();
    const fees = z.looseObject({ serviceFee: schema, integratorFees: z.array(schema) });
    const union = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), fee: schema }), z.object({ ok: z.literal(false) })]);
    expect(calls()).toBe(0);
    expect(fees.parse({ serviceFee: FEE, integratorFees: [FEE] })).toEqual({ serviceFee: FEE, integratorFees: [FEE] });
    expect(fees.safeParse({ serviceFee: null, integratorFees: [] }).success).toBe(false);
    expect(union.safeParse({ ok: true, fee: { ...FEE, type: 'other' } }).success).toBe(false);
    expect(calls()).toBe(1);
  });

  it('is built by a method call such as .nullable(): a derived schema at top level is lazy itself', () => {
    const { schema, calls } = counted();
    const nullable = lazySchema(() => schema.nullable());
    expect(calls()).toBe(0);
    expect(nullable.parse(null)).toBeNull();
    expect(calls()).toBe(1);
  });

  it('parses, fails and reports issues exactly as the schema built eagerly', () => {
    const eager = feeEntry();
    const { schema } = counted();
    for (const input of [FEE, { ...FEE, extra: 1 }, { ...FEE, amount: 'x' }, { amount: 1 }, null, []]) {
      const [lazy, built] = [schema.safeParse(input), eager.safeParse(input)];
      expect(lazy.success).toBe(built.success);
      expect(lazy.data).toEqual(built.data);
      expect(lazy.error?.issues).toEqual(built.error?.issues);
    }
  });

  it('keeps the built schema`s type, shape, class and derived schemas', () => {
    const { schema } = counted();
    expectTypeOf(schema).toEqualTypeOf<ReturnType<typeof feeEntry>>();
    expectTypeOf<z.infer<typeof schema>>().toEqualTypeOf<z.infer<ReturnType<typeof feeEntry>>>();
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(schema instanceof z.ZodType).toBe(true);
    expect(Object.getPrototypeOf(schema)).toBe(z.ZodObject.prototype);
    expect(Object.keys(schema.shape)).toEqual(['amount', 'token', 'type']);
    expect(schema.extend({ amount: z.number() }).parse({ ...FEE, amount: 5 })).toEqual({ ...FEE, amount: 5 });
    expect(schema.pick({ token: true }).parse(FEE)).toEqual(FEE);
    expect(schema.nullable().unwrap()).toBe(schema);
    expect(schema.type).toBe('object');
  });

  it('answers reflection as the built schema does (keys, descriptors, in)', () => {
    const { schema } = counted();
    const eager = feeEntry();
    expect(Reflect.ownKeys(schema)).toEqual(Reflect.ownKeys(eager));
    expect(Object.getOwnPropertyDescriptor(schema, '_zod')?.configurable).toBe(false);
    expect('safeParse' in schema).toBe(true);
    expect({ ...schema }.type).toBe('object');
  });

  it('keeps metadata given in the builder, for .meta() and z.toJSONSchema', () => {
    const described = lazySchema(() => feeEntry().meta({ description: 'a fee' }));
    const eager = feeEntry().meta({ description: 'a fee' });
    expect(described.meta()).toEqual({ description: 'a fee' });
    expect(described.description).toBe('a fee');
    expect(z.toJSONSchema(z.object({ fee: described }))).toEqual(z.toJSONSchema(z.object({ fee: eager })));
  });

  it('says so when a builder uses the schema it builds, instead of overflowing the stack', () => {
    const schema: z.ZodType = lazySchema((): z.ZodType => z.array(schema.optional()));
    expect(() => schema.safeParse([])).toThrow(/uses the schema it is building/);
  });
});
