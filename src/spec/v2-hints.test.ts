import { describe, expect, it } from 'vitest';
import { TokenAddressSchema, V1_PARAMETERS, chainIdParam } from './v2-hints.ts';

describe('v2 hints', () => {
  it('converts a v1 fraction to Bps in the reason when the value reads as one', () => {
    expect(V1_PARAMETERS.slippagePercentage!('0.03')).toContain('slippagePercentage=0.03 is slippageBps=300');
    expect(V1_PARAMETERS.slippagePercentage!('lots')).not.toContain('lots');
  });

  it('tells a symbol from a malformed address', () => {
    const symbol = TokenAddressSchema.safeParse('USDbC');
    expect(symbol.success).toBe(false);
    expect(symbol.error?.issues[0]?.message).toMatch(/^"USDbC" is a symbol, not an address/);
    expect(TokenAddressSchema.safeParse('0x12').error?.issues[0]?.message).toBe('must be an address: 0x followed by 40 hex digits');
    expect(TokenAddressSchema.safeParse('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE').success).toBe(true);
  });

  it('keeps chainId a whole number and points names to /swap/chains', () => {
    expect(chainIdParam().parse('8453')).toBe(8453);
    expect(chainIdParam().safeParse('base').error?.issues[0]?.message).toContain('GET /swap/chains');
    expect(chainIdParam().safeParse('1.5').error?.issues[0]?.message).toBe('must be a whole number');
    expect(chainIdParam().safeParse('0').error?.issues[0]?.message).toMatch(/^must be between 1 and/);
  });
});
