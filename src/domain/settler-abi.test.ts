import { describe, expect, it } from 'vitest';
import { concat, encodeFunctionData, pad, toHex, zeroAddress } from 'viem';
import { explainCalldata } from './calldata-explainer.ts';
import { SETTLER_ABI } from './settler-abi.ts';

const TAKER = '0x1111111111111111111111111111111111111111';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SETTLER = '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b';
const ZID = '0x0123456789abcdef01234567';

function executeData(min: bigint) {
  const fill = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'FILL', args: [USDC, WETH, 10_000n, toHex('Uniswap_V3', { size: 32 }), SETTLER] });
  return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [{ recipient: TAKER, buyToken: WETH, minAmountOut: min }, [fill], concat([ZID, zeroAddress])] });
}

describe('settler ABI', () => {
  it('reads back minAmountOut and the zid through the explainer', () => {
    const result = explainCalldata(SETTLER_ABI, executeData(42n));
    expect(result.ok && { min: result.call.minBuyAmount, zid: result.call.zid }).toEqual({ min: '42', zid: ZID });
  });

  it('reads the settler call wrapped by the Allowance Holder and with a signature appended', () => {
    const wrapped = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [SETTLER, USDC, 5n, SETTLER, executeData(7n)] });
    const signed = concat([wrapped, pad('0x41', { size: 32 }), `0x${'ab'.repeat(65)}`]);
    const result = explainCalldata(SETTLER_ABI, signed);
    expect(result.ok && result.call.inner?.functionName).toBe('execute');
    expect(result.ok && result.call.minBuyAmount).toBe('7');
  });
});
