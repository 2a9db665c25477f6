import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { formatUpperBound, formatWithSymbol } from '../number-format.ts';
import { SETTLER_ABI } from '../settler-abi.ts';
import { findToken } from '../token-registry.ts';
import { answerFacts } from './answer-facts.ts';

/** What a quote's calldata enforces, beside what its body says, over quotes the local service really answers. */

const USDC = findToken(1, token(1, 'USDC'))!;
const WETH = findToken(1, token(1, 'WETH'))!;
const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const withBase = (base: string, unit: { decimals: number; symbol: string }) => `${formatWithSymbol(base, unit)} (${base} base units)`;

function quote(id: 'allowance-holder.quote' | 'permit2.quote', query: Record<string, string>): Record<string, unknown> & { zid: string } {
  const result = priceQuery(new Market(1), id, { chainId: '1', taker: TAKER, ...query }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${id}: ${result.name} ${result.message}`);
  return result.body as Record<string, unknown> & { zid: string };
}

const valueOf = (body: Record<string, unknown>, label: string) => answerFacts(body, 1).find((fact) => fact.label === label)?.value;
const bump = (amount: unknown, by: bigint) => String(BigInt(String(amount)) + by);

// The body with calldata whose settler minimum is of `buyToken` (its amount unchanged), as another
// answer's calldata would be; through Allowance Holder the forwarded execute is the one changed.
function withCalldataBuyToken(body: Record<string, unknown>, buyToken: string): Record<string, unknown> {
  const transaction = body.transaction as { data: Hex };
  const retarget = (data: Hex): Hex => {
    const call = decodeFunctionData({ abi: SETTLER_ABI, data });
    if (call.functionName === 'exec') return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [call.args[0], call.args[1], call.args[2], call.args[3], retarget(call.args[4])] });
    if (call.functionName !== 'execute') throw new Error(call.functionName);
    return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [{ ...call.args[0], buyToken: buyToken as Hex }, call.args[1], call.args[2]] });
  };
  return { ...body, transaction: { ...transaction, data: retarget(transaction.data) } };
}

describe('calldata facts', () => {
  it("an exact-in quote's settler minimum and zid are the body's, and say so", () => {
    for (const id of ['allowance-holder.quote', 'permit2.quote'] as const) {
      const body = quote(id, { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
      expect(valueOf(body, 'calldata min buy'), id).toBe(`${withBase(String(body.minBuyAmount), WETH)}, equal to the body's minBuyAmount`);
      expect(valueOf(body, 'calldata zid'), id).toBe(`${body.zid}, the same as the body's zid`);
      expect(valueOf(body, 'calldata recipient'), id).toBe(`${TAKER} (receives the buy token)`);
    }
    // Then what the calldata tells the settler to do, step by step, amounts read on the chain.
    const body = quote('allowance-holder.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    expect(valueOf(body, 'action 1')).toMatch(/^the Allowance Holder lets 0x[0-9a-f]{40} take up to 1,000 USDC \(1000000000 base units\) from the taker's allowance$/);
    expect(valueOf(body, 'action 2')).toMatch(/^swap USDC for WETH on \w+ \(pool 0x[0-9a-f]{40}\), [\d.]+% of the trade$/);
  });

  it('reads calldata written in upper-case hex as the same call, permit included, not as calldata that does not decode', () => {
    const body = quote('permit2.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const lower = answerFacts(body, 1);
    const transaction = body.transaction as { data: string };
    const upper = answerFacts({ ...body, transaction: { ...transaction, data: `0x${transaction.data.slice(2).toUpperCase()}` } }, 1);
    expect(valueOf(body, 'calldata')).toMatch(/^execute \(\d+ bytes\)$/);
    expect(valueOf(body, 'permit2 in calldata')).toContain('is the one signed');
    expect(upper).toEqual(lower);
  });

  it('says a minimum of 0 (slippageBps at its limit of 10000) lets any amount through', () => {
    const body = quote('permit2.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000', slippageBps: '10000' });
    expect(body.minBuyAmount).toBe('0');
    expect(valueOf(body, 'calldata min buy')).toBe("0 WETH (0 base units), equal to the body's minBuyAmount: no minimum, the settler accepts any amount bought");
  });

  it('says when the calldata is not the body it came with: another minimum, another zid', () => {
    const body = quote('allowance-holder.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const edited = { ...body, minBuyAmount: bump(body.minBuyAmount, 1n), zid: '0x000000000000000000000001' };
    expect(valueOf(edited, 'calldata min buy')).toBe(`${withBase(String(body.minBuyAmount), WETH)}, NOT equal to the body's minBuyAmount (${withBase(edited.minBuyAmount, WETH)})`);
    expect(valueOf(edited, 'calldata zid')).toBe(`${body.zid}, NOT the body's zid (0x000000000000000000000001): the calldata is another answer's`);
  });

  it("reads the settler's minimum in the token the calldata names, and never calls a minimum of another token the body's", () => {
    // The minimum was read in the body's buyToken whatever token the calldata's slippage check
    // names: another answer's calldata (USDC) read "0.00000000311404 WETH", and with the same digits
    // "equal to the body's minBuyAmount" compared amounts of two tokens.
    const body = quote('permit2.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const other = withCalldataBuyToken(body, USDC.address);
    expect(valueOf(other, 'calldata min buy')).toBe(`${withBase(String(body.minBuyAmount), USDC)}, NOT equal to the body's minBuyAmount (${withBase(String(body.minBuyAmount), WETH)}): the calldata's minimum is of another token than the body's buyToken`);
    const exactOut = quote('allowance-holder.quote', { sellToken: WETH.address, buyToken: USDC.address, buyAmount: '1500000000' });
    const minimum = /\((\d+) base units\)/.exec(valueOf(exactOut, 'calldata min buy')!)![1]!;
    expect(valueOf(withCalldataBuyToken(exactOut, WETH.address), 'calldata min buy')).toBe(`${withBase(minimum, WETH)}, of another token than the body's buyToken: it does NOT guarantee the body's buyAmount`);
  });

  it("does not call what exec lets be pulled of another token than the body's sellToken a spend within maxSellAmount", () => {
    // What exec grants was read in the body's sellToken whatever token exec names: another answer's
    // grant of USDC read as WETH, "at most the body's maxSellAmount", beside action 1 naming USDC.
    const body = quote('allowance-holder.quote', { sellToken: WETH.address, buyToken: USDC.address, buyAmount: '1500000000' });
    const transaction = body.transaction as { data: Hex };
    const call = decodeFunctionData({ abi: SETTLER_ABI, data: transaction.data });
    if (call.functionName !== 'exec') throw new Error(call.functionName);
    const data = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [call.args[0], USDC.address as Hex, call.args[2], call.args[3], call.args[4]] });
    const pulled = String(call.args[2]);
    expect(valueOf({ ...body, transaction: { ...transaction, data } }, 'calldata spends')).toBe(`${formatUpperBound(pulled, USDC)} (${pulled} base units), of another token than the body's sellToken: NOT within the body's maxSellAmount`);
  });

  it('claims nothing it could not compare: a body without minBuyAmount gets the settler minimum alone', () => {
    const body = quote('allowance-holder.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const { minBuyAmount, ...withoutMinimum } = body;
    expect(valueOf(withoutMinimum, 'calldata min buy')).toBe(withBase(String(minBuyAmount), WETH));
  });

  it("an exact-out quote's calldata spends at most maxSellAmount and requires at least buyAmount, or says it does not", () => {
    const body = quote('allowance-holder.quote', { sellToken: WETH.address, buyToken: USDC.address, buyAmount: '1500000000' });
    expect(body.mode).toBe('exact-out');
    expect(valueOf(body, 'calldata spends')).toMatch(/^[\d.]+ WETH \(\d+ base units\), at most the body's maxSellAmount$/);
    expect(valueOf(body, 'calldata min buy')).toMatch(/^[\d,.]+ USDC \(\d+ base units\), at least the body's buyAmount$/);
    const pulled = /\((\d+) base units\)/.exec(valueOf(body, 'calldata spends')!)![1]!;
    // What the call may pull is a bound too: read rounded up, as the body's maxSellAmount is.
    expect(valueOf(body, 'calldata spends')).toBe(`${formatUpperBound(pulled, WETH)} (${pulled} base units), at most the body's maxSellAmount`);
    const minimum = /\((\d+) base units\)/.exec(valueOf(body, 'calldata min buy')!)![1]!;
    const stricter = { ...body, maxSellAmount: bump(pulled, -1n), buyAmount: bump(minimum, 1n) };
    expect(valueOf(stricter, 'calldata spends')).toMatch(/, MORE than the body's maxSellAmount$/);
    expect(valueOf(stricter, 'calldata min buy')).toMatch(/, LESS than the body's buyAmount$/);
  });

  it("an exact-out quote selling the native token checks the call's value, what it spends, against maxSellAmount", () => {
    // Selling ETH, the settler is called directly (no Allowance Holder exec, so no pulled amount):
    // what the trade may spend is the ETH the transaction carries, its value. The check of the
    // spend against maxSellAmount was left out, so an exact-out ETH sell had no spend check at all.
    const body = quote('allowance-holder.quote', { sellToken: token(1, 'NATIVE'), buyToken: USDC.address, buyAmount: '1000000000' });
    expect(body.mode).toBe('exact-out');
    const value = (body.transaction as { value: string }).value;
    expect(BigInt(value)).toBeGreaterThan(0n);
    const eth = { symbol: 'ETH', decimals: 18 };
    expect(valueOf(body, 'calldata spends')).toBe(`${formatUpperBound(value, eth)} (${value} base units), the call's value, at most the body's maxSellAmount`);
    const stricter = { ...body, maxSellAmount: bump(value, -1n) };
    expect(valueOf(stricter, 'calldata spends')).toMatch(/, the call's value, MORE than the body's maxSellAmount$/);
    // One bound, one figure: the settler's check of that value reads as the spend line does (it read
    // cut, 0.000001 ETH below the same amount on the line above it).
    expect(valueOf(body, 'action 1')).toBe(`check that the call carries ${formatUpperBound(value, eth)} (${value} base units)`);
  });

  it("reads a call's value on Tempo, which has no native token, in wei, not as base units of a native token it has not", () => {
    // An Ethereum native sell's body as a Tempo request would carry it: the local service trades no token there.
    const body = quote('allowance-holder.quote', { sellToken: token(1, 'NATIVE'), buyToken: USDC.address, buyAmount: '1000000000' });
    const value = (body.transaction as { value: string }).value;
    const onTempo = answerFacts(body, 4217).find((fact) => fact.label === 'action 1')?.value;
    expect(onTempo).toBe(`check that the call carries ${BigInt(value).toLocaleString('en-US')} wei`);
  });

  it("a direct wrap or unwrap (the spec's default wrapUnwrapMode) reads as the wrapped native token's deposit or withdraw, not as calldata that does not decode", () => {
    const wrap = quote('allowance-holder.quote', { sellToken: token(1, 'NATIVE'), buyToken: WETH.address, sellAmount: '1000000000000000000' });
    expect(String((wrap.transaction as { to: string }).to)).toBe(WETH.address.toLowerCase());
    expect(valueOf(wrap, 'calldata')).toBe('deposit (4 bytes)');
    expect(valueOf(wrap, 'action 1')).toBe("wrap 1 ETH (1000000000000000000 base units) into WETH, one for one (WETH's own deposit(), not the settler: no minimum is enforced and no zid is carried)");
    // Nothing is claimed of a minimum or a zid the call does not carry.
    expect([valueOf(wrap, 'calldata min buy'), valueOf(wrap, 'calldata zid')]).toEqual([undefined, undefined]);
    const unwrap = quote('allowance-holder.quote', { sellToken: WETH.address, buyToken: token(1, 'NATIVE'), sellAmount: '2500000000000000000' });
    expect(valueOf(unwrap, 'calldata')).toBe('withdraw (36 bytes)');
    expect(valueOf(unwrap, 'action 1')).toBe("unwrap 2.5 WETH (2500000000000000000 base units) into the native token, one for one (WETH's own withdraw(), not the settler: no minimum is enforced and no zid is carried)");
  });
});
