import { describe, expect, it } from 'vitest';
import { Permit2PriceResponseSchema, type LiquidPrice } from '../spec/index.ts';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { compareChain, integratorFeeTotals, modelSide, noNetDiffReason, type ModelOutcome } from './compare.ts';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

function price(overrides: Record<string, unknown> = {}): LiquidPrice {
  return Permit2PriceResponseSchema.parse({ ...permit2PriceBody(), ...overrides }) as LiquidPrice;
}

function ok(body: LiquidPrice | { liquidityAvailable: false; zid: string }): ModelOutcome {
  return { status: 'ok', body };
}

describe('compareChain', () => {
  const ah = price({ buyAmount: '1000000', minBuyAmount: '990000', gas: '200000', gasPrice: '10', totalNetworkFee: '2000000', zid: '0xaaaaaaaaaaaaaaaaaaaaaaaa' });
  const p2 = price({ buyAmount: '1001000', minBuyAmount: '991000', gas: '250000', gasPrice: '10', totalNetworkFee: '2500000', zid: '0xbbbbbbbbbbbbbbbbbbbbbbbb' });

  it('computes both sides, the bps difference of Permit2 against Allowance Holder, and keeps zids', () => {
    const row = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(p2) });
    expect(row.allowanceHolder.buyAmount).toBe(BigInt(ah.buyAmount));
    expect(row.permit2.minBuyAmount).toBe(BigInt(p2.minBuyAmount));
    expect(row.allowanceHolder.gas).toBe(BigInt(ah.gas as string));
    expect(row.permit2.totalNetworkFee).toBe(BigInt(p2.totalNetworkFee as string));
    expect(row.diffBps).toBe(((1001000 - 1000000) / 1000000) * 10_000);
    expect([row.allowanceHolder.zid, row.permit2.zid]).toEqual([ah.zid, p2.zid]);
  });

  it('without a native rate, judges by gross buy amount and says so', () => {
    const row = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(p2) });
    expect(row.permit2.networkFeeInBuyToken).toBeNull();
    expect(row.permit2.netBuyAmount).toBeNull();
    expect({ better: row.better, basis: row.basis }).toEqual({ better: 'permit2', basis: 'gross' });
  });

  it('without a native rate, gives equal buys to the model whose network fee costs less, not a gross tie', () => {
    // Same route, same buy; Permit2's settlement costs more gas: in the chain's one native token its fee is larger.
    const same = price({ ...p2, buyAmount: ah.buyAmount, minBuyAmount: ah.minBuyAmount });
    const row = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(same) });
    expect([row.diffBps, row.netDiffBps, row.permit2.netBuyAmount]).toEqual([0, null, null]);
    expect({ better: row.better, basis: row.basis }).toEqual({ better: 'allowance-holder', basis: 'network-fee' });
    const cheaperP2 = compareChain({ chainId: 1, allowanceHolder: ok(price({ ...ah, totalNetworkFee: '9000000' })), permit2: ok(same) });
    expect({ better: cheaperP2.better, basis: cheaperP2.basis }).toEqual({ better: 'permit2', basis: 'network-fee' });
    // Equal fees too: a tie. A fee not answered (null): nothing to weigh, gross as before.
    const sameFee = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(price({ ...same, totalNetworkFee: ah.totalNetworkFee })) });
    expect({ better: sameFee.better, basis: sameFee.basis }).toEqual({ better: 'tie', basis: 'gross' });
    const noFee = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(price({ ...same, totalNetworkFee: null })) });
    expect({ better: noFee.better, basis: noFee.basis }).toEqual({ better: 'tie', basis: 'gross' });
  });

  it('with a native rate, converts the network fee and judges by net amount (which can flip the verdict)', () => {
    // 1 native (10^6 wei in this test) = 1,000 buy units, so each wei of fee costs 1/1000 buy unit.
    const rate = { buyPerNative: 1000n, nativeDecimals: 6 };
    const expensiveP2 = price({ ...p2, totalNetworkFee: '3000000000' });
    const row = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(expensiveP2), nativeToBuy: rate });
    const ahFee = (2000000n * 1000n) / 10n ** 6n;
    const p2Fee = (3000000000n * 1000n) / 10n ** 6n;
    expect(row.allowanceHolder.networkFeeInBuyToken).toBe(ahFee);
    expect(row.allowanceHolder.netBuyAmount).toBe(1000000n - ahFee);
    expect(row.permit2.netBuyAmount).toBe(1001000n - p2Fee);
    expect({ better: row.better, basis: row.basis }).toEqual({ better: 'allowance-holder', basis: 'net' });
    // The net difference is its own figure: here it says why Allowance Holder wins although Permit2's gross is higher.
    expect(row.diffBps).toBeGreaterThan(0);
    expect(row.netDiffBps).toBeLessThan(0);
  });

  it('gives no verdict while a side is pending or after it was cancelled or not requested, and says which', () => {
    const pending = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: { status: 'pending' } });
    expect(pending.permit2.state).toBe('pending');
    expect({ better: pending.better, basis: pending.basis, diff: pending.diffBps }).toEqual({ better: null, basis: null, diff: null });
    const cancelled = compareChain({ chainId: 1, allowanceHolder: { status: 'cancelled' }, permit2: ok(p2) });
    expect(cancelled.allowanceHolder.state).toBe('cancelled');
    expect(cancelled.better).toBeNull();
    expect(compareChain({ chainId: 1, permit2: ok(p2) }).better).toBeNull();
  });

  it('waits for a pending native rate instead of judging gross first and net later', () => {
    const waiting = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(p2), isRatePending: true });
    expect({ better: waiting.better, basis: waiting.basis, net: waiting.netDiffBps }).toEqual({ better: null, basis: null, net: null });
    expect(waiting.diffBps).not.toBeNull();
  });

  it('gives a net difference that decided the verdict its sign, however small', () => {
    // Same gross, network fees 1 buy unit apart on ~0.36 WETH: 2.8e-12 bps, which two decimals round
    // to zero, yet Allowance Holder gives more. The figure beside the verdict must not read 0.
    const gross = '360065000000000000';
    const row = compareChain({
      chainId: 10,
      allowanceHolder: ok(price({ ...ah, buyAmount: gross, totalNetworkFee: '100' })),
      permit2: ok(price({ ...p2, buyAmount: gross, totalNetworkFee: '101' })),
      nativeToBuy: { buyPerNative: 1n, nativeDecimals: 0 },
    });
    expect({ better: row.better, basis: row.basis, diff: row.diffBps }).toEqual({ better: 'allowance-holder', basis: 'net', diff: 0 });
    expect(row.netDiffBps).toBeLessThan(0);
    expect(row.netDiffBps).toBeCloseTo(-1e4 / 360065000000000000, 20);
  });

  it('gives equal buys to the cheaper network fee when both fees come to the same buy-token base units, not a net tie', () => {
    // 1 native (10^6 wei here) = 1 buy unit: fees of 2,000,000 and 2,500,000 wei are 2 and 2.5 buy
    // units, both cut to 2, so the two nets read alike; the cheaper fee still gives more at this rate.
    const rate = { buyPerNative: 1n, nativeDecimals: 6 };
    const same = price({ ...p2, buyAmount: ah.buyAmount, minBuyAmount: ah.minBuyAmount });
    const row = compareChain({ chainId: 42161, allowanceHolder: ok(ah), permit2: ok(same), nativeToBuy: rate });
    expect([row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount]).toEqual([999998n, 999998n]);
    expect({ better: row.better, basis: row.basis }).toEqual({ better: 'allowance-holder', basis: 'network-fee' });
  });

  it('calls equal net amounts a tie', () => {
    const row = compareChain({ chainId: 1, allowanceHolder: ok(ah), permit2: ok(price({ ...ah })) , nativeToBuy: { buyPerNative: 1n, nativeDecimals: 0 } });
    expect(row.better).toBe('tie');
    expect(row.diffBps).toBe(0);
  });

  it('lets the side with a price win over no liquidity or an error, and shows why the other has none', () => {
    const noLiquidity = compareChain({ chainId: 10, allowanceHolder: ok({ liquidityAvailable: false, zid: '0xcccccccccccccccccccccccc' }), permit2: ok(p2) });
    expect(noLiquidity.allowanceHolder.state).toBe('no-liquidity');
    expect(noLiquidity.allowanceHolder.zid).toBe('0xcccccccccccccccccccccccc');
    expect({ better: noLiquidity.better, basis: noLiquidity.basis, diff: noLiquidity.diffBps }).toEqual({ better: 'permit2', basis: 'only-side', diff: null });

    const failed = compareChain({ chainId: 10, allowanceHolder: ok(ah), permit2: { status: 'error', error: { name: 'TOKEN_NOT_SUPPORTED', message: 'nope', zid: '0xdddddddddddddddddddddddd' } } });
    expect(failed.permit2).toMatchObject({ state: 'error', errorName: 'TOKEN_NOT_SUPPORTED', zid: '0xdddddddddddddddddddddddd', buyAmount: null });
    expect(failed.better).toBe('allowance-holder');
  });

  it('has no verdict when a side failed for a reason that says nothing of its price (5xx, transport, rate limit)', () => {
    for (const name of ['INTERNAL_SERVER_ERROR', 'UNCATEGORIZED', 'NETWORK', 'TIMEOUT', 'RATE_LIMITED', 'SCHEMA_MISMATCH']) {
      const failed = compareChain({ chainId: 59144, allowanceHolder: { status: 'error', error: { name, message: 'the connection was reset' } }, permit2: ok(p2), nativeToBuy: { buyPerNative: 1n, nativeDecimals: 0 } });
      expect(failed.allowanceHolder).toMatchObject({ state: 'error', errorName: name, buyAmount: null });
      expect(failed.permit2.buyAmount, name).toBe(BigInt(p2.buyAmount));
      expect({ better: failed.better, basis: failed.basis }, name).toEqual({ better: null, basis: null });
    }
    // The service refusing the trade on one model is its answer: the other model is the only one that prices it.
    for (const name of ['TOKEN_NOT_SUPPORTED', 'SWAP_VALIDATION_FAILED', 'TAKER_NOT_AUTHORIZED_FOR_TRADE', 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE']) {
      const refused = compareChain({ chainId: 59144, allowanceHolder: { status: 'error', error: { name, message: 'refused' } }, permit2: ok(p2) });
      expect({ better: refused.better, basis: refused.basis }, name).toEqual({ better: 'permit2', basis: 'only-side' });
    }
  });

  it('has no verdict when neither side has a price, and marks models not requested', () => {
    const row = compareChain({ chainId: 56, permit2: ok({ liquidityAvailable: false, zid: '0xeeeeeeeeeeeeeeeeeeeeeeee' }) });
    expect(row.allowanceHolder.state).toBe('not-requested');
    expect({ better: row.better, basis: row.basis }).toEqual({ better: null, basis: null });
  });
});

describe('fees', () => {
  it('sums integratorFees per token and does not add integratorFee on top of them', () => {
    const fee = (amount: string, token: string) => ({ amount, token, type: 'volume' });
    const totals = integratorFeeTotals({
      integratorFee: fee('5', WETH),
      integratorFees: [fee('5', WETH), fee('7', WETH.toLowerCase()), fee('3', USDC)],
      serviceFee: null,
      gasFee: null,
    });
    expect(totals).toEqual([{ token: WETH, amount: 12n }, { token: USDC, amount: 3n }]);
  });

  it('uses integratorFee alone when there is no list, and reads the service fee', () => {
    const body = price({ fees: { integratorFee: { amount: '9', token: WETH, type: 'volume' }, integratorFees: null, serviceFee: { amount: '4', token: USDC, type: 'volume' }, gasFee: null } });
    const side = modelSide('permit2', ok(body));
    expect(side.integratorFees).toEqual([{ token: WETH, amount: 9n }]);
    expect(side.serviceFee).toEqual({ token: USDC, amount: 4n });
  });

  it('reads untyped gas and network fee given as numbers or null', () => {
    const side = modelSide('allowance-holder', ok(price({ gas: 21000, totalNetworkFee: null })));
    expect(side.gas).toBe(21000n);
    expect(side.totalNetworkFee).toBeNull();
    expect(side.netBuyAmount).toBeNull();
  });
});

describe('noNetDiffReason', () => {
  it('says why a row with both nets has no net difference when Allowance Holder\'s fee costs more than it buys', () => {
    const tiny = (fee: string) => price({ buyAmount: '336', minBuyAmount: '332', totalNetworkFee: fee });
    const rate = { buyPerNative: 10n ** 18n, nativeDecimals: 18 };
    const row = compareChain({ chainId: 1, allowanceHolder: ok(tiny('640000')), permit2: ok(tiny('731000')), nativeToBuy: rate });
    expect([row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount]).toEqual([336n - 640000n, 336n - 731000n]);
    expect({ net: row.netDiffBps, better: row.better, basis: row.basis }).toEqual({ net: null, better: 'allowance-holder', basis: 'net' });
    expect(noNetDiffReason(row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount)).toMatch(/^no net difference in bps: Allowance Holder's net buy is not above zero/);
    const normal = compareChain({ chainId: 1, allowanceHolder: ok(tiny('300')), permit2: ok(tiny('310')), nativeToBuy: rate });
    expect(normal.netDiffBps).not.toBeNull();
    expect(noNetDiffReason(normal.allowanceHolder.netBuyAmount, normal.permit2.netBuyAmount)).toBeNull();
  });
});
