import { concat, encodeFunctionData, toHex, zeroAddress, type Hex } from 'viem';
import { SETTLER_ABI, WRAPPED_NATIVE_ABI } from '../../domain/settler-abi.ts';
import type { AllowanceModel } from '../../spec/index.ts';
import { addressHash } from '../rng.ts';
import { ANCHOR_MS } from '../market/chain-params.ts';
import type { ChargedFee } from './trade.ts';
import { bpsOf } from './fees.ts';

/**
 * Calldata of a trade, encoded with viem against SETTLER_ABI (see src/domain/settler-abi.ts), and
 * the settler addresses. Settlers are redeployed every two weeks here (the real service redeploys
 * them too), so `transaction.to` must be read from each response.
 */

/** One fill as the settler executes it. */
export interface CalldataFill {
  sellToken: string;
  buyToken: string;
  bps: number;
  source: string;
  pool: string;
}

/** Everything the calldata carries. */
export interface CalldataPlan {
  model: AllowanceModel;
  settler: string;
  allowanceHolder: string;
  wrappedNative: string | null;
  sellToken: string;
  buyToken: string;
  isNativeSell: boolean;
  isNativeBuy: boolean;
  sellAmount: bigint;
  minBuyAmount: bigint;
  recipient: string;
  zid: string;
  fills: CalldataFill[];
  fees: ChargedFee[];
  surplus: { recipient: string; maxBps: number } | null;
  sellEntireBalance: boolean;
  wrapUnwrap: 'wrap' | 'unwrap' | null;
  wrapUnwrapMode: 'direct' | 'settler';
  permit: { nonce: bigint; deadline: bigint } | null;
}

/** The transaction fields the calldata decides. */
export interface EncodedTransaction {
  to: string;
  data: Hex;
  value: bigint;
}

const DEPLOYMENT_MS = 14 * 24 * 3600 * 1000;

/**
 * The settler deployed on a chain at a time. One settler serves both allowance models: Permit2
 * quotes call it, Allowance Holder's `exec` forwards to it (real-service-shapes.md, "Firm quotes").
 */
export function settlerAddress(seed: number, chainId: number, timeMs: number): string {
  return addressHash(seed, 'settler', chainId, Math.floor((timeMs - ANCHOR_MS) / DEPLOYMENT_MS));
}

function action(functionName: string, args: readonly unknown[]): Hex {
  return encodeFunctionData({ abi: SETTLER_ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
}

function actions(plan: CalldataPlan): Hex[] {
  const out: Hex[] = [];
  if (plan.isNativeSell) out.push(action('NATIVE_CHECK', [plan.permit?.deadline ?? 0n, plan.sellAmount]));
  else if (plan.permit) {
    const permit = { permitted: { token: plan.sellToken, amount: plan.sellAmount }, nonce: plan.permit.nonce, deadline: plan.permit.deadline };
    out.push(action('TRANSFER_FROM', [plan.settler, permit, '0x']));
  } else if (plan.wrapUnwrap === 'unwrap') {
    // Allowance Holder unwrap: no fill pulls the WETH, so the settler takes it explicitly through
    // the allowance exec grants; the Allowance Holder checks neither nonce nor deadline (0, as in
    // NATIVE_CHECK) and needs no signature.
    const pull = { permitted: { token: plan.sellToken, amount: plan.sellAmount }, nonce: 0n, deadline: 0n };
    out.push(action('TRANSFER_FROM', [plan.settler, pull, '0x']));
  }
  if (plan.sellEntireBalance) out.push(action('SELL_ENTIRE_BALANCE', [plan.sellToken, plan.sellAmount]));
  // A fee in the sell token comes off the sell amount before routing (fees.ts), so it is paid
  // before the fills, from what was pulled (or, selling the native token, from what the call
  // carries, before the rest is wrapped); a fee in the buy token comes off what the fills bought.
  const [sellSide, buySide] = [plan.fees.filter((fee) => fee.spec.isSellSide), plan.fees.filter((fee) => !fee.spec.isSellSide)];
  const feeAction = (fee: ChargedFee) => action('FEE', [fee.spec.recipient, fee.spec.token.address, BigInt(fee.spec.bps)]);
  out.push(...sellSide.map(feeAction));
  const sellFees = sellSide.reduce((sum, fee) => sum + bpsOf(plan.sellAmount, fee.spec.bps), 0n);
  if (plan.isNativeSell && plan.wrappedNative) out.push(action('WRAP', [plan.wrappedNative, plan.sellAmount - sellFees]));
  for (const fill of plan.fills) out.push(action('FILL', [fill.sellToken, fill.buyToken, BigInt(fill.bps), toHex(fill.source.slice(0, 32), { size: 32 }), fill.pool]));
  if (plan.wrapUnwrap === 'unwrap' || (plan.isNativeBuy && plan.wrappedNative)) out.push(action('UNWRAP', [plan.wrappedNative ?? zeroAddress, 0n]));
  out.push(...buySide.map(feeAction));
  if (plan.surplus) out.push(action('POSITIVE_SLIPPAGE', [plan.surplus.recipient, plan.buyToken, BigInt(plan.surplus.maxBps)]));
  return out;
}

function directWrap(plan: CalldataPlan): EncodedTransaction {
  const to = plan.wrappedNative ?? zeroAddress;
  if (plan.wrapUnwrap === 'wrap') return { to, data: encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'deposit' }), value: plan.sellAmount };
  return { to, data: encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'withdraw', args: [plan.sellAmount] }), value: 0n };
}

/**
 * The transaction of a trade (spec, "Allowance rules" 2 and 3): Allowance Holder `exec` wrapping the
 * settler's `execute`, except a native sell (a wrap included), which calls the settler directly;
 * Permit2 calls the settler. An unwrap through the settler sells WETH, an ERC-20, so it goes
 * through `exec` like any other. Wrap/unwrap in `direct` mode calls the wrapped-native contract.
 */
export function encodeTransaction(plan: CalldataPlan): EncodedTransaction {
  if (plan.wrapUnwrap && plan.wrapUnwrapMode === 'direct') return directWrap(plan);
  const affiliate = plan.fees[0]?.spec.recipient ?? zeroAddress;
  const execute = encodeFunctionData({
    abi: SETTLER_ABI,
    functionName: 'execute',
    args: [{ recipient: plan.recipient as Hex, buyToken: plan.buyToken as Hex, minAmountOut: plan.minBuyAmount }, actions(plan), concat([plan.zid as Hex, affiliate as Hex])],
  });
  const value = plan.isNativeSell ? plan.sellAmount : 0n;
  if (plan.model === 'permit2' || plan.isNativeSell) return { to: plan.settler, data: execute, value };
  const data = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [plan.settler as Hex, plan.sellToken as Hex, plan.sellAmount, plan.settler as Hex, execute] });
  return { to: plan.allowanceHolder, data, value };
}
