import { zeroAddress } from 'viem';
import { PERMIT2_ADDRESS } from '../../domain/chains.ts';
import type { AllowanceModel } from '../../spec/index.ts';
import { ServiceFailure } from '../errors.ts';
import { ANCHOR_MS } from '../market/chain-params.ts';
import type { MarketToken } from '../market/tokens.ts';
import { encodeTransaction, settlerAddress, type CalldataFill } from './calldata.ts';
import { minBuyAmount } from './fees.ts';
import { PERMIT2_SIGNATURE_BYTES, estimateGas, totalNetworkFee } from './gas.ts';
import { permit2Member, permitFor } from './permit.ts';
import { lowerCaseAddresses } from './addresses.ts';
import { exactOutMembers, planExactOut, type ExactOutPlan } from './exact-out.ts';
import { routeMember } from './route-member.ts';
import { resolveSwap, type AnySwapQuery, type ResolvedSwap, type SwapContext } from './resolve.ts';
import { walletState } from './taker-state.ts';
import { tradeExactIn, tradeExactOut, type Trade } from './trade.ts';

/**
 * A price or quote body, every field computed (spec, "Price result" and "Quote additions"). The
 * body's keys follow the spec's field table; a quote adds `transaction`, and on Permit2 `permit2`.
 * Exact-out requests (Allowance Holder `buyAmount`) answer the exact-out variant (exact-out.ts).
 */

// Every address in an answer is lower case, as the real service sends them (real-service-shapes.md).
function lower(address: string): string {
  return address.toLowerCase();
}

// No allowance for a native sell (wrap included) or a direct unwrap (the taker calls withdraw on
// its own WETH). An unwrap through the settler sells WETH like any ERC-20: the settler must pull
// it, so it needs an allowance (spec, "Allowance rules" 2 and the wrapUnwrapMode row).
function allowanceTargetOf(swap: ResolvedSwap): string | null {
  if (swap.sell.kind === 'native' || (swap.wrapUnwrap && swap.wrapUnwrapMode === 'direct')) return null;
  return lower(swap.model === 'permit2' ? PERMIT2_ADDRESS : swap.state.chain.allowanceHolder);
}

function issuesOf(ctx: SwapContext, swap: ResolvedSwap, sellAmount: bigint, spender: string | null): Record<string, unknown> {
  const taker = swap.query.taker;
  if (!taker) return { allowance: null, balance: null, simulationIncomplete: false, invalidSourcesPassed: swap.invalidSourcesPassed };
  const family = ctx.market.prices.familyOf(swap.routeSell.symbol, swap.routeSell.isStable);
  const usd = ctx.market.prices.usdPrice(family, `${swap.state.chain.chainId}:${lower(swap.routeSell.address)}`, ANCHOR_MS);
  const wallet = walletState(ctx.market.seed, taker, swap.sell, spender, usd);
  const allowance = spender && wallet.allowance < sellAmount ? { actual: wallet.allowance.toString(), spender } : null;
  const isShort = wallet.balance < sellAmount;
  // With sellEntireBalance the taker sells what it holds at execution, and sellAmount is to be "the
  // maximum estimate" (spec, sellEntireBalance row): holding less is what the flag is for, not a
  // balance to top up, and a balance issue tells the client not to quote (Allowance rules 4). The
  // service cannot simulate the real amount, which simulationIncomplete says.
  const balance = isShort && swap.query.sellEntireBalance !== 'true' ? { token: swap.query.sellToken, actual: wallet.balance.toString(), expected: sellAmount.toString() } : null;
  return { allowance, balance, simulationIncomplete: isShort, invalidSourcesPassed: swap.invalidSourcesPassed };
}

// Validation always runs (spec, Versioning 3): a taker whose simulation fails is refused.
function validateTaker(ctx: SwapContext, swap: ResolvedSwap): void {
  const taker = swap.query.taker;
  if (!taker) return;
  const wallet = walletState(ctx.market.seed, taker, swap.sell, null, 1);
  if (wallet.isReverting) throw new ServiceFailure('SWAP_VALIDATION_FAILED', 'The swap failed simulation for this taker');
  if (swap.isQuote && wallet.isContract && !swap.query.txOrigin) {
    throw new ServiceFailure('SWAP_VALIDATION_FAILED', 'The taker is a smart contract: give txOrigin (the account that sends the transaction) so the swap can be simulated');
  }
}

/** Prices (or quotes) a validated swap query; throws a ServiceFailure for refusals. */
export function priceSwap(ctx: SwapContext, model: AllowanceModel, isQuote: boolean, raw: AnySwapQuery): Record<string, unknown> {
  const query = lowerCaseAddresses(raw);
  const swap = resolveSwap(ctx, model, isQuote, query);
  validateTaker(ctx, swap);
  const exactOut = 'buyAmount' in query && query.buyAmount !== undefined ? BigInt(query.buyAmount) : undefined;
  const trade = exactOut !== undefined ? tradeExactOut(ctx.market, swap, exactOut) : tradeExactIn(ctx.market, swap, BigInt(query.sellAmount!));
  if (!trade) return { liquidityAvailable: false, zid: ctx.zid };
  return assemble(ctx, swap, trade, exactOut === undefined ? null : planExactOut(ctx.market, swap, trade));
}

/** What the calldata settles: the sell amount pulled, the minimum bought, and the fills in order. */
interface Settlement {
  spend: bigint;
  minBuy: bigint;
  fills: CalldataFill[];
}

function encodeTrade(ctx: SwapContext, swap: ResolvedSwap, trade: Trade, { spend, minBuy, fills }: Settlement) {
  const { query, state } = swap;
  const settler = settlerAddress(ctx.market.seed, state.chain.chainId, state.timeMs);
  const permit = permitFor(ctx.market.seed, swap, settler);
  const tx = encodeTransaction({
    model: swap.model,
    settler,
    allowanceHolder: state.chain.allowanceHolder,
    wrappedNative: state.chain.wrappedNative,
    sellToken: swap.sell.address,
    buyToken: swap.buy.address,
    isNativeSell: swap.sell.kind === 'native',
    isNativeBuy: swap.buy.kind === 'native',
    sellAmount: spend,
    minBuyAmount: minBuy,
    recipient: query.recipient ?? query.taker ?? zeroAddress,
    zid: ctx.zid,
    fills,
    fees: trade.integratorFees,
    surplus: swap.surplusRecipient ? { recipient: swap.surplusRecipient, maxBps: query.tradeSurplusMaxBps ?? 10_000 } : null,
    sellEntireBalance: query.sellEntireBalance === 'true',
    wrapUnwrap: swap.wrapUnwrap,
    wrapUnwrapMode: swap.wrapUnwrapMode,
    permit: permit ? { nonce: permit.nonce, deadline: permit.deadline } : null,
  });
  return { tx, settler, permit };
}

function feesMember(swap: ResolvedSwap, trade: Trade): Record<string, unknown> {
  const fee = (amount: bigint, token: string) => ({ amount: amount.toString(), token: lower(token), type: 'volume' });
  const integratorFees = trade.integratorFees.map((charged) => fee(charged.amount, charged.spec.token.address));
  return {
    integratorFee: integratorFees[0] ?? null,
    integratorFees: integratorFees.length > 0 ? integratorFees : null,
    serviceFee: trade.serviceFee > 0n ? fee(trade.serviceFee, swap.buy.address) : null,
    gasFee: null,
  };
}

function taxMember(token: MarketToken): Record<string, string | null> {
  return Object.fromEntries(Object.entries(token.taxes).map(([key, value]) => [key, value === null ? null : String(value)]));
}

// Exact in: the calldata pulls sellAmount and needs minBuyAmount. Exact out: it pulls at most
// maxSellAmount, needs the whole buyAmount, and runs the refund fills after the forward ones.
function settlementOf(swap: ResolvedSwap, trade: Trade, plan: ExactOutPlan | null): { settlement: Settlement; amounts: Record<string, unknown> } {
  const route = routeMember(swap, trade.route);
  if (plan) {
    const settlement = { spend: plan.maxSellAmount, minBuy: trade.buyAmount, fills: [...route.calldataFills, ...plan.refund.calldataFills] };
    return { settlement, amounts: exactOutMembers(plan, trade.buyAmount) };
  }
  const minBuy = minBuyAmount(trade.buyAmount, swap.slippagePpm);
  const amounts = {
    buyAmount: trade.buyAmount.toString(),
    minBuyAmount: minBuy.toString(),
    ...(swap.model === 'allowance-holder' ? { mode: 'exact-in' } : {}),
    route: { fills: route.fills, tokens: route.tokens },
    sellAmount: trade.sellAmount.toString(),
  };
  return { settlement: { spend: trade.sellAmount, minBuy, fills: route.calldataFills }, amounts };
}

// Keys in the order of the spec's field tables (alphabetical), whichever variant supplied them.
function sorted(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(body).sort().map((key) => [key, body[key]]));
}

function assemble(ctx: SwapContext, swap: ResolvedSwap, trade: Trade, plan: ExactOutPlan | null): Record<string, unknown> {
  const { query, state } = swap;
  const allowanceTarget = allowanceTargetOf(swap);
  const { settlement, amounts } = settlementOf(swap, trade, plan);
  const { tx, settler, permit } = encodeTrade(ctx, swap, trade, settlement);
  const gas = estimateGas(swap, trade) + BigInt(plan?.refundGas ?? 0);
  // In v2 a quote's gas and gasPrice live only under transaction (spec, "Versioning" 3). Left out
  // here rather than deleted below: a delete turns the body into a slow, dictionary-mode object,
  // and each per-block cache hit copied it for 4 us (a third of a quote hit's time).
  const priceGas = swap.isQuote ? {} : { gas: gas.toString(), gasPrice: swap.gasPriceWei.toString() };
  const body = sorted({
    ...amounts,
    allowanceTarget,
    blockNumber: String(state.block),
    buyToken: query.buyToken,
    fees: feesMember(swap, trade),
    ...priceGas,
    issues: issuesOf(ctx, swap, settlement.spend, allowanceTarget),
    liquidityAvailable: true,
    sellToken: query.sellToken,
    tokenMetadata: { buyToken: taxMember(swap.buy), sellToken: taxMember(swap.sell) },
    // A Permit2 transaction is sent with the signature appended, and its L1 data cost counts it.
    totalNetworkFee: totalNetworkFee(gas, swap.gasPriceWei, state.l1WeiPerByte, tx.data, permit ? PERMIT2_SIGNATURE_BYTES : 0n).toString(),
    zid: ctx.zid,
  });
  if (!swap.isQuote) return body;
  body.transaction = { to: lower(tx.to), data: tx.data, gas: gas.toString(), gasPrice: swap.gasPriceWei.toString(), value: tx.value.toString() };
  if (swap.model === 'permit2') body.permit2 = permit ? permit2Member(state.chain.chainId, swap.sell.address, settlement.spend, settler, permit) : null;
  return body;
}
