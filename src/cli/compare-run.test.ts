import { describe, expect, it } from 'vitest';
import { inProcess as cli } from './test-support.ts';

// The chain flags of price, compare and explain, refused before anything is sent or opened.

describe('a chain flag given a name', () => {
  it('price and explain say --chain takes one id and which id the name is', async () => {
    const price = await cli(['price', '--chain', 'base', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(price.code).toBe(2);
    expect(price.stderr.split('\n')[0]).toBe('swap-explorer price: --chain takes a chain id, not a name: "base" is 8453 (Base)');
    const explain = await cli(['explain', '{}', '--chain', 'Arbitrum']);
    expect(explain.code).toBe(2);
    expect(explain.stderr).toContain('--chain takes a chain id, not a name: "Arbitrum" is 42161 (Arbitrum)');
  });

  it('compare names the id of each name in --chains', async () => {
    const compare = await cli(['compare', '--chains', '1,base,polygon', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(compare.code).toBe(2);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --chains takes chain ids, not names: "base" is 8453 (Base), "polygon" is 137 (Polygon)');
  });

  it('price does not ask for a comma list of what takes one id, when the text is no chain name', async () => {
    const price = await cli(['price', '--chain', 'x1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(price.code).toBe(2);
    expect(price.stderr.split('\n')[0]).toBe('swap-explorer price: --chain must be a chain id such as 1, 8453 or 42161, got "x1"');
    const compare = await cli(['compare', '--chains', '1;8453', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --chains must be chain ids separated by commas (e.g. 1,8453,42161), got "1;8453"');
  });
});
