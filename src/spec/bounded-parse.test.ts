import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { boundedSafeParse } from './bounded-parse.ts';
import { Permit2PriceLiquidSchema } from './price-response.ts';
import { schemaReport } from './schema-report.ts';
import { permit2PriceBody } from './test-fixtures.ts';

// Chromium's renderer overflows inside zod on a 10 MB body of invalid fills (e2e/history-large.spec.ts
// shows it); Node's larger stack does not, so here a schema stands in that overflows the same way.
const overflowing = z.object({ route: z.custom(() => { throw new RangeError('Maximum call stack size exceeded'); }) });

describe('boundedSafeParse', () => {
  it('answers a failure where zod would throw RangeError', () => {
    expect(() => overflowing.safeParse({ route: [] })).toThrow(RangeError);
    expect(boundedSafeParse(overflowing, { route: [] })).toEqual({ success: false, overflowed: true });
  });

  it('passes ordinary results through and rethrows other errors', () => {
    expect(boundedSafeParse(Permit2PriceLiquidSchema, permit2PriceBody()).success).toBe(true);
    expect(boundedSafeParse(Permit2PriceLiquidSchema, {}).success).toBe(false);
    const broken = z.custom(() => { throw new TypeError('bug'); });
    expect(() => boundedSafeParse(broken, 1)).toThrow(TypeError);
  });

  it('lets the schema report say the body is far off the schema instead of throwing', () => {
    expect(schemaReport(overflowing, { route: [] })).toContainEqual({ kind: 'invalid', path: '$', detail: 'too many differences from the schema to list them one by one' });
  });
});
