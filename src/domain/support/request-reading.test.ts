import { describe, expect, it } from 'vitest';
import { requestParamNotes } from './request-reading.ts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

describe('requestParamNotes: what a request asks, on its chain', () => {
  it('names the chain and tokens and writes each amount whole in its token\'s units', () => {
    // sellAmount=1000 of USDC is a thousandth of a USDC: a customer who meant 1,000 sees it at once.
    expect(requestParamNotes({ chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toEqual({ chainId: 'Ethereum', sellToken: 'USDC', buyToken: 'WETH', sellAmount: '0.001 USDC' });
    // Every digit, never cut: 1.000000000000000001 WETH is not 1 WETH.
    expect(requestParamNotes({ chainId: '1', sellToken: USDC, buyToken: WETH, buyAmount: '1000000000000000001' }).buyAmount).toBe('1.000000000000000001 WETH');
  });

  it("reads with the chain's own token list: USDC has 18 decimals on BSC, and the native asset is the chain's", () => {
    expect(requestParamNotes({ chainId: '56', sellToken: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', buyToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', sellAmount: '1000000' })).toEqual({ chainId: 'BSC', sellToken: 'USDC', buyToken: 'BNB', sellAmount: '0.000000000001 USDC' });
    expect(requestParamNotes({ chainId: '137', sellToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', buyToken: USDC, sellAmount: '2500000000000000000000' })).toMatchObject({ sellToken: 'POL', sellAmount: '2,500 POL' });
  });

  it('reads the v1 names a customer still on v1 sends', () => {
    expect(requestParamNotes({ chainId: '1', sellTokenAddress: USDC, buyTokenAddress: WETH, sellAmount: '25000000' })).toEqual({ chainId: 'Ethereum', sellTokenAddress: 'USDC', buyTokenAddress: 'WETH', sellAmount: '25 USDC' });
  });

  it('says nothing it cannot read: no chain, a symbol, an unlisted token, an amount that is not digits', () => {
    expect(requestParamNotes({ sellToken: USDC, sellAmount: '1000' })).toEqual({});
    expect(requestParamNotes({ chainId: '1', sellToken: 'USDC', buyToken: '0x1111111111111111111111111111111111111111', sellAmount: '1000', buyAmount: '1.5' })).toEqual({ chainId: 'Ethereum' });
    expect(requestParamNotes({ chainId: '8453', sellToken: USDC, sellAmount: '1000' })).toEqual({ chainId: 'Base' });
  });
});
