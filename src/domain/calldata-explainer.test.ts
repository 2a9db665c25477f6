import { describe, expect, it } from 'vitest';
import { concat, encodeFunctionData, pad, parseAbi, toFunctionSelector } from 'viem';
import { checkExactOutBounds, compareCalldata, explainCalldata, recipientMatches, requestedRecipient, zidFromArgument } from './calldata-explainer.ts';

// A test ABI shaped like a settler (execute with slippage tuple and packed zid) and an Allowance
// Holder wrapper (exec forwarding bytes); the app's own ABI is tested the same way once it exists.
const abi = parseAbi([
  'struct AllowedSlippage { address recipient; address buyToken; uint256 minAmountOut; }',
  'function execute(AllowedSlippage slippage, bytes[] actions, bytes32 zidAndAffiliate) payable returns (bool)',
  'function exec(address operator, address token, uint256 amount, address target, bytes data) payable returns (bytes)',
]);

const TAKER = '0x1111111111111111111111111111111111111111';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const SETTLER = '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b';
const ZID = '0x0123456789abcdef01234567';
const AFFILIATE = '0x2222222222222222222222222222222222222222';
const MIN = 99037162n;

const executeData = encodeFunctionData({
  abi,
  functionName: 'execute',
  args: [{ recipient: TAKER, buyToken: WETH, minAmountOut: MIN }, ['0xdeadbeef'], concat([ZID, AFFILIATE])],
});

describe('explainCalldata', () => {
  it('decodes the settler call: function, selector, every argument, minBuyAmount and zid', () => {
    const result = explainCalldata(abi, executeData);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { call } = result;
    expect(call.functionName).toBe('execute');
    expect(call.selector).toBe(toFunctionSelector('execute((address,address,uint256),bytes[],bytes32)'));
    expect(call.args.map((row) => row.path)).toEqual(['slippage.recipient', 'slippage.buyToken', 'slippage.minAmountOut', 'actions', 'zidAndAffiliate']);
    expect(call.minBuyAmount).toBe(MIN.toString());
    expect(call.zid).toBe(ZID);
  });

  it('finds minBuyAmount and zid inside a call wrapped by the Allowance Holder', () => {
    const wrapped = encodeFunctionData({ abi, functionName: 'exec', args: [SETTLER, USDC, 100000000n, SETTLER, executeData] });
    const result = explainCalldata(abi, wrapped);
    if (!result.ok) throw new Error(result.message);
    expect(result.call.functionName).toBe('exec');
    expect(result.call.inner?.functionName).toBe('execute');
    expect(result.call.args.find((row) => row.path === 'amount')!.value).toBe('100000000');
    expect({ min: result.call.minBuyAmount, zid: result.call.zid }).toEqual({ min: MIN.toString(), zid: ZID });
  });

  it('still decodes when the Permit2 signature length and signature are appended', () => {
    const signed = concat([executeData, pad('0x41', { size: 32 }), `0x${'ab'.repeat(65)}`]);
    const result = explainCalldata(abi, signed);
    expect(result.ok && result.call.minBuyAmount).toBe(MIN.toString());
  });

  it('explains data that is not hex or not a call of this ABI', () => {
    expect(explainCalldata(abi, '0x12')).toMatchObject({ ok: false, message: expect.stringContaining('4-byte selector') });
    expect(explainCalldata(abi, 'hello')).toMatchObject({ ok: false });
    expect(explainCalldata(abi, '0xabcdef0100')).toMatchObject({ ok: false, message: expect.stringContaining('selector 0xabcdef01') });
  });
});

describe('recipientMatches', () => {
  it('reads who the settler pays, through exec too, and sets it against the request: its recipient, else its taker', () => {
    const wrapped = explainCalldata(abi, encodeFunctionData({ abi, functionName: 'exec', args: [SETTLER, USDC, 1n, SETTLER, executeData] }));
    expect(wrapped.ok && wrapped.call.recipient).toBe(TAKER);
    expect(requestedRecipient({ taker: TAKER.toUpperCase().replace('0X', '0x') })).toEqual({ address: TAKER, role: 'taker' });
    expect(recipientMatches(wrapped, requestedRecipient({ taker: TAKER }))).toBe(true);
    expect(requestedRecipient({ taker: TAKER, recipient: AFFILIATE })).toEqual({ address: AFFILIATE, role: 'recipient' });
    expect(recipientMatches(wrapped, requestedRecipient({ taker: TAKER, recipient: AFFILIATE }))).toBe(false);
    // Unknown on either side: not compared.
    expect(recipientMatches(wrapped, requestedRecipient({}))).toBeNull();
    expect(recipientMatches(explainCalldata(abi, '0x12'), { address: TAKER })).toBeNull();
  });
});

describe('zidFromArgument', () => {
  it('takes the top 12 bytes of a packed bytes32 and a 12-byte value as is', () => {
    expect(zidFromArgument('bytes32', concat([ZID, AFFILIATE]))).toBe(ZID);
    expect(zidFromArgument('bytes12', ZID.toUpperCase().replace('0X', '0x'))).toBe(ZID);
    expect(zidFromArgument('uint256', '5')).toBeNull();
  });
});

describe('checkExactOutBounds', () => {
  const exec = (amount: bigint) => encodeFunctionData({ abi, functionName: 'exec', args: [SETTLER, USDC, amount, SETTLER, executeData] });

  it('confirms an Allowance Holder call that pulls at most maxSellAmount and needs at least buyAmount', () => {
    const bounds = checkExactOutBounds(explainCalldata(abi, exec(500n)), { buyAmount: MIN.toString(), maxSellAmount: '500' });
    expect(bounds).toEqual({ pulled: '500', spentFrom: 'allowance', pulledToken: USDC, isOtherSellToken: false, minBuy: MIN.toString(), pullsAtMostMax: true, guaranteesBuyAmount: true, isOtherBuyToken: false });
  });

  it('flags calldata that could spend more than maxSellAmount or deliver less than buyAmount', () => {
    const bounds = checkExactOutBounds(explainCalldata(abi, exec(501n)), { buyAmount: (MIN + 1n).toString(), maxSellAmount: '500' });
    expect(bounds).toMatchObject({ pullsAtMostMax: false, guaranteesBuyAmount: false });
    expect(checkExactOutBounds(explainCalldata(abi, '0x12'), { buyAmount: '1', maxSellAmount: '1' }).guaranteesBuyAmount).toBeNull();
  });

  it("does not take what exec lets be pulled of another token than the answer's sellToken for a spend within maxSellAmount", () => {
    expect(checkExactOutBounds(explainCalldata(abi, exec(500n)), { buyAmount: MIN.toString(), maxSellAmount: '500', sellToken: WETH })).toMatchObject({ pullsAtMostMax: false, isOtherSellToken: true });
    expect(checkExactOutBounds(explainCalldata(abi, exec(500n)), { buyAmount: MIN.toString(), maxSellAmount: '500', sellToken: USDC.toUpperCase().replace('0X', '0x') })).toMatchObject({ pullsAtMostMax: true, isOtherSellToken: false });
  });

  it("does not take a minimum of another token than the answer's buyToken for a guarantee of its buyAmount", () => {
    expect(checkExactOutBounds(explainCalldata(abi, exec(500n)), { buyAmount: MIN.toString(), maxSellAmount: '500', buyToken: USDC })).toMatchObject({ guaranteesBuyAmount: false, isOtherBuyToken: true });
    expect(checkExactOutBounds(explainCalldata(abi, exec(500n)), { buyAmount: MIN.toString(), maxSellAmount: '500', buyToken: WETH.toUpperCase().replace('0X', '0x') })).toMatchObject({ guaranteesBuyAmount: true, isOtherBuyToken: false });
  });
});

describe('compareCalldata', () => {
  const decoded = explainCalldata(abi, executeData);

  it("agrees with the body that carries the call's minimum and zid, the zid in any letter case", () => {
    expect(compareCalldata(decoded, { minBuyAmount: String(MIN), zid: ZID.toUpperCase().replace('0X', '0x') })).toEqual({ minBuyMatches: true, isOtherBuyToken: false, zidMatches: true });
  });

  it('disagrees with a body of another answer, and compares nothing a side lacks', () => {
    expect(compareCalldata(decoded, { minBuyAmount: String(MIN + 1n), zid: '0x0123456789abcdef01234568' })).toEqual({ minBuyMatches: false, isOtherBuyToken: false, zidMatches: false });
    expect(compareCalldata(decoded, {})).toEqual({ minBuyMatches: null, isOtherBuyToken: false, zidMatches: null });
    expect(compareCalldata(explainCalldata(abi, '0xdeadbeef'), { minBuyAmount: String(MIN), zid: ZID })).toEqual({ minBuyMatches: null, isOtherBuyToken: false, zidMatches: null });
  });

  it('does not call a minimum of another token than the body\'s buyToken its minBuyAmount, whatever its digits', () => {
    expect(compareCalldata(decoded, { minBuyAmount: String(MIN), zid: ZID, buyToken: USDC })).toEqual({ minBuyMatches: false, isOtherBuyToken: true, zidMatches: true });
    expect(compareCalldata(decoded, { minBuyAmount: String(MIN), zid: ZID, buyToken: WETH })).toMatchObject({ minBuyMatches: true });
  });
});
