import { encodeFunctionData, toHex, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { SETTLER_ABI, WRAPPED_NATIVE_ABI } from './settler-abi.ts';
import { settlerActions, type ActionReading } from './settler-actions.ts';

/** The steps a quote's calldata tells the settler to take, read back as sentences. */

const USDC = token(1, 'USDC');
const WETH = token(1, 'WETH');
const TAKER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const FEE_TO = '0x3333333333333333333333333333333333333333';
const NAMES: Record<string, string> = { [USDC.toLowerCase()]: 'USDC', [WETH.toLowerCase()]: 'WETH' };
// Plain readings, so each sentence shows exactly which argument went where.
const read: ActionReading = {
  amount: (base, address) => `${base} ${NAMES[address.toLowerCase()] ?? address}`,
  // Marked, so that each test shows which reading a sentence used.
  amountAtMost: (base, address) => `≤${base} ${NAMES[address.toLowerCase()] ?? address}`,
  token: (address) => NAMES[address.toLowerCase()] ?? address,
  native: (wei) => `${wei} wei`,
};

function quote(id: 'allowance-holder.quote' | 'permit2.quote', query: Record<string, string>) {
  const result = priceQuery(new Market(1), id, { chainId: '1', taker: TAKER, ...query }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${id}: ${result.name} ${result.message}`);
  return result.body as { sellAmount: string; transaction: { data: string; to: string }; route: { fills: { source: string; proportionBps: string }[] } };
}

const fillSentences = (body: ReturnType<typeof quote>, sell: string, buy: string) =>
  body.route.fills.map((fill) => expect.stringMatching(new RegExp(`^swap ${sell} for ${buy} on ${fill.source} \\(pool 0x[0-9a-f]{40}\\), ${(Number(fill.proportionBps) / 100).toFixed(2)}% of the trade$`)));

const action = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: SETTLER_ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
const execute = (actions: Hex[]) =>
  encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [{ recipient: TAKER, buyToken: WETH as Hex, minAmountOut: 1n }, actions, toHex(0n, { size: 32 })] });

describe('settlerActions', () => {
  it("an Allowance Holder quote: what exec lets the settler take, each fill of the route, the integrator's fee", () => {
    const body = quote('allowance-holder.quote', { sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', swapFeeBps: '10', swapFeeRecipient: FEE_TO, swapFeeToken: WETH });
    const steps = settlerActions(body.transaction.data, read)!;
    expect(steps[0]).toEqual({ name: 'exec', text: expect.stringMatching(new RegExp(`^the Allowance Holder lets 0x[0-9a-f]{40} take up to ≤${body.sellAmount} USDC from the taker's allowance$`)) });
    expect(steps.map((step) => step.text)).toEqual([steps[0]!.text, ...fillSentences(body, 'USDC', 'WETH'), `pay 10 bps of WETH to ${FEE_TO}`]);
  });

  it('a Permit2 quote pulls the sell amount with its permit; a native buy unwraps the whole balance', () => {
    const body = quote('permit2.quote', { sellToken: USDC, buyToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', sellAmount: '1000000000' });
    const texts = settlerActions(body.transaction.data, read)!.map((step) => step.text);
    expect(texts[0]).toMatch(new RegExp(`^pull ${body.sellAmount} USDC from the taker to ${body.transaction.to.toLowerCase()} \\(permit nonce \\d+\\)$`));
    expect(texts.at(-1)).toBe("unwrap the settler's whole WETH balance");
  });

  it('an unwrap through the settler on Allowance Holder pulls with the allowance exec grants, and names no permit', () => {
    // Its TRANSFER_FROM carries nonce and deadline 0, which the Allowance Holder never checks: read
    // as '(permit nonce 0)', it sent support looking for a Permit2 signature the trade does not need.
    const body = quote('allowance-holder.quote', { sellToken: WETH, buyToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', sellAmount: '1000', wrapUnwrapMode: 'settler' });
    const texts = settlerActions(body.transaction.data, read)!.map((step) => step.text);
    expect(texts[0]).toMatch(/^the Allowance Holder lets (0x[0-9a-f]{40}) take up to ≤1000 WETH from the taker's allowance$/);
    const settler = /lets (0x[0-9a-f]{40})/.exec(texts[0]!)![1];
    expect(texts.slice(1)).toEqual([`pull 1000 WETH from the taker to ${settler}, with the allowance the Allowance Holder grants (no permit, nothing to sign)`, "unwrap the settler's whole WETH balance"]);
  });

  it("says a fill's share is of the whole trade: a second hop's fill is not read as a share of the token it sells", () => {
    // USDC -> WETH -> WBTC on two paths: 48.44% straight, 51.56% through WETH. The WETH -> WBTC fill
    // carries 42.71% of the trade (82.84% of its hop): "swap 42.71% WETH" read as 42.71% of the WETH.
    const WBTC = token(1, 'WBTC');
    const names = { ...read, token: (address: string) => (address.toLowerCase() === WBTC.toLowerCase() ? 'WBTC' : read.token(address)) };
    const pool = `0x${'ab'.repeat(20)}`;
    const fill = (sell: string, buy: string, bps: bigint) => action('FILL', [sell, buy, bps, toHex('Uniswap_V2', { size: 32 }), pool]);
    const data = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [{ recipient: TAKER, buyToken: WBTC as Hex, minAmountOut: 1n }, [fill(USDC, WBTC, 4844n), fill(USDC, WETH, 5156n), fill(WETH, WBTC, 4271n)], toHex(0n, { size: 32 })] });
    expect(settlerActions(data, names)!.map((step) => step.text)).toEqual([
      `swap USDC for WBTC on Uniswap_V2 (pool ${pool}), 48.44% of the trade`,
      `swap USDC for WETH on Uniswap_V2 (pool ${pool}), 51.56% of the trade`,
      `swap WETH for WBTC on Uniswap_V2 (pool ${pool}), 42.71% of the trade`,
    ]);
  });

  it("reads an exact-out quote's refund fills as selling back only what was bought beyond the minimum, not the purchase", () => {
    // The refund route sells the buy token back into the sell token; read as a plain fill it said
    // "swap 100.00% WETH for USDC" right after the fill that bought the WETH: the whole purchase undone.
    const result = priceQuery(new Market(1), 'allowance-holder.quote', { chainId: '1', taker: TAKER, sellToken: USDC, buyToken: WETH, buyAmount: '1000000000000000000' }, { nowMs: FIXED_NOW });
    if (!result.ok) throw new Error(result.message);
    const body = result.body as { transaction: { data: string }; routes: Record<'forward' | 'refund', { fills: { source: string; proportionBps: string }[] }> };
    expect(body.routes.refund.fills.length).toBeGreaterThan(0);
    const texts = settlerActions(body.transaction.data, read)!.map((step) => step.text);
    const share = (fill: { proportionBps: string }) => `${(Number(fill.proportionBps) / 100).toFixed(2)}%`;
    expect(texts.slice(1)).toEqual([
      ...body.routes.forward.fills.map((fill) => expect.stringMatching(new RegExp(`^swap USDC for WETH on ${fill.source} \\(pool 0x[0-9a-f]{40}\\), ${share(fill)} of the trade$`))),
      ...body.routes.refund.fills.map((fill) => expect.stringMatching(new RegExp(`^refund: swap the WETH bought beyond the minimum back into USDC on ${fill.source} \\(pool 0x[0-9a-f]{40}\\), ${share(fill)} of the refund route$`))),
    ]);
  });

  it("reads each hop of a two-hop refund route as the refund's, and only the last as back into the token sold", () => {
    // DAI for exactly 0.1 WBTC: the refund route sells the WBTC left over for another token, then
    // that for DAI. Its second hop read as "100.00% of the trade", and its first as back into the other token.
    const [DAI, WBTC] = [token(1, 'DAI'), token(1, 'WBTC')];
    const names: Record<string, string> = { ...NAMES, [DAI.toLowerCase()]: 'DAI', [WBTC.toLowerCase()]: 'WBTC' };
    const named = { ...read, token: (address: string) => names[address.toLowerCase()] ?? address };
    const result = priceQuery(new Market(1), 'allowance-holder.quote', { chainId: '1', taker: TAKER, sellToken: DAI, buyToken: WBTC, buyAmount: '10000000' }, { nowMs: FIXED_NOW });
    if (!result.ok) throw new Error(result.message);
    const body = result.body as { transaction: { data: string }; routes: Record<'forward' | 'refund', { fills: { from: string; to: string }[] }> };
    const symbol = (address: string) => names[address.toLowerCase()];
    // Through whichever token the market routes it at this block (WETH or USDC).
    const [first, second] = body.routes.refund.fills;
    const via = symbol(first!.to)!;
    expect([body.routes.refund.fills.length, symbol(first!.from), symbol(second!.from), symbol(second!.to)]).toEqual([2, 'WBTC', via, 'DAI']);
    const fills = settlerActions(body.transaction.data, named)!.map((step) => step.text).filter((text) => /^(swap|refund:)/.test(text));
    expect(fills.filter((text) => text.endsWith('of the trade'))).toHaveLength(body.routes.forward.fills.length);
    expect(fills.slice(-2)).toEqual([
      expect.stringMatching(new RegExp(`^refund: swap the WBTC bought beyond the minimum for ${via} on \\w+ \\(pool 0x[0-9a-f]{40}\\), 100\\.00% of the refund route$`)),
      expect.stringMatching(new RegExp(`^refund: swap ${via} back into DAI on \\w+ \\(pool 0x[0-9a-f]{40}\\), 100\\.00% of the refund route$`)),
    ]);
  });

  it('reads every other action, and names one it cannot decode by its selector', () => {
    const steps = settlerActions(
      execute([
        action('NATIVE_CHECK', [0n, 5n]),
        action('WRAP', [WETH, 5n]),
        action('SELL_ENTIRE_BALANCE', [USDC, 7n]),
        action('UNWRAP', [WETH, 3n]),
        action('POSITIVE_SLIPPAGE', [FEE_TO, WETH, 50n]),
        '0x12345678deadbeef',
      ]),
      read,
    )!;
    expect(steps).toEqual([
      { name: 'NATIVE_CHECK', text: 'check that the call carries 5 wei' },
      { name: 'WRAP', text: 'wrap 5 wei into WETH' },
      { name: 'SELL_ENTIRE_BALANCE', text: "sell the taker's whole USDC balance, up to ≤7 USDC" },
      { name: 'UNWRAP', text: 'unwrap 3 WETH' },
      { name: 'POSITIVE_SLIPPAGE', text: `send WETH bought above the quote, up to 50 bps, to ${FEE_TO}` },
      { name: null, text: "an action this app's settler ABI does not know (selector 0x12345678)" },
    ]);
  });

  it("reads a direct wrap or unwrap as the wrapped native token's one step, and has none for data that does not decode", () => {
    const deposit = encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'deposit' });
    const withdraw = encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'withdraw', args: [3n] });
    const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
    expect(settlerActions(deposit, read, { to: weth, value: '5' })).toEqual([{ name: 'deposit', text: "wrap 5 wei into WETH, one for one (WETH's own deposit(), not the settler: no minimum is enforced and no zid is carried)" }]);
    expect(settlerActions(withdraw, read, { to: weth, value: '0' })).toEqual([{ name: 'withdraw', text: "unwrap 3 WETH into the native token, one for one (WETH's own withdraw(), not the settler: no minimum is enforced and no zid is carried)" }]);
    // Pasted alone, the calldata names neither the token it calls nor the value it sends.
    expect(settlerActions(deposit, read)![0]!.text).toBe("wrap the call's value into the wrapped native token, one for one (the wrapped native token's own deposit(), not the settler: no minimum is enforced and no zid is carried)");
    expect(settlerActions('0xdeadbeef', read)).toBeNull();
    expect(settlerActions('not hex', read)).toBeNull();
  });
});
