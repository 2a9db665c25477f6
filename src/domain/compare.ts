import type { FeeEntry, LiquidPrice, NoLiquidity } from '../spec/index.ts';
import { bpsDifference } from './units.ts';
import { ERROR_STATUS, type ServiceErrorName } from '../spec/constants.ts';

/**
 * The comparison maths of one chain: Allowance Holder against Permit2 for the same trade (issue 5,
 * "Results table"). Amounts stay bigint base units; formatting is the table's and the exporter's job.
 */

/** The two allowance models. */
export type AllowanceModel = 'allowance-holder' | 'permit2';

/**
 * What one model's price request gave: a 200 body (with or without liquidity) or an error; or,
 * for a requested model without an answer yet, 'pending' (still queued or in flight), 'cancelled'
 * (the user cancelled the run before it was answered) or 'run-failed' (the run failed before it was
 * answered, nobody cancelled it: `error` is the run's, the failure it stopped at).
 */
export type ModelOutcome =
  | { status: 'ok'; body: LiquidPrice | NoLiquidity }
  | { status: 'error'; error: { name: string; message: string; zid?: string } }
  | { status: 'pending' }
  | { status: 'cancelled' }
  | { status: 'run-failed'; error: { name: string; message: string } };

/** Buy-token base units worth one whole native unit (10^nativeDecimals wei); a price path's result. */
export interface NativeToBuyRate {
  buyPerNative: bigint;
  nativeDecimals: number;
}

/** The input of one row: the chain and each requested model's outcome (absent = not requested). */
export interface CompareInput {
  chainId: number;
  allowanceHolder?: ModelOutcome;
  permit2?: ModelOutcome;
  nativeToBuy?: NativeToBuyRate;
  /** The native -> buy rate is being priced by a request still pending: the verdict waits for it. */
  isRatePending?: boolean;
}

/** A fee total in one token. */
export interface FeeTotal {
  token: string;
  amount: bigint;
}

/** One model's column group in the table. Amount fields are null unless state is 'ok'. */
export interface ModelSide {
  model: AllowanceModel;
  /** 'run-failed': requested, never answered, as the run failed; errorName/errorMessage are the run's error. */
  state: 'ok' | 'no-liquidity' | 'error' | 'not-requested' | 'pending' | 'cancelled' | 'run-failed';
  zid: string | null;
  errorName: string | null;
  errorMessage: string | null;
  buyAmount: bigint | null;
  minBuyAmount: bigint | null;
  integratorFees: FeeTotal[];
  serviceFee: FeeTotal | null;
  gas: bigint | null;
  totalNetworkFee: bigint | null;
  networkFeeInBuyToken: bigint | null;
  netBuyAmount: bigint | null;
}

/**
 * Which model gives more, and on what basis: 'net' (buy amount minus the network fee in buy
 * token, both sides priced), 'network-fee' (both buy the same amount and one network fee costs less:
 * that one gives more net at any rate; used where the fee could not be priced in buy token, or where
 * both fees came to the same buy-token base units), 'gross'
 * (the fee could not be priced in buy token otherwise), 'only-side' (one side priced, the other
 * answered with no liquidity or an error). null while a side or the rate is pending, when a side
 * was cancelled, left by a failed run or not requested: nothing is called better unless it was.
 */
export interface Verdict {
  better: AllowanceModel | 'tie' | null;
  basis: 'net' | 'network-fee' | 'gross' | 'only-side' | null;
}

/** One row of the results table. */
export interface ComparisonRow extends Verdict {
  chainId: number;
  allowanceHolder: ModelSide;
  permit2: ModelSide;
  /** Permit2 buy amount against Allowance Holder's, in Bps; null unless both have liquidity. */
  diffBps: number | null;
  /** Permit2 net buy amount against Allowance Holder's, in Bps; null unless both nets are known. */
  netDiffBps: number | null;
}

/** Reads the spec's untyped `gas` / `totalNetworkFee` (string, number or null) as bigint. */
export function untypedAmount(value: unknown): bigint | null {
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

/**
 * The integrator fees an answer charged, as every reading of it counts them: `integratorFees`
 * (several recipients) when present and non-empty, else `integratorFee`. The service sends a
 * single recipient's fee in both (spec, "Fees object"): counting both would count it twice.
 */
export function integratorFeeEntries<Entry>(fees: { integratorFee?: Entry | null | undefined; integratorFees?: readonly Entry[] | null | undefined }): Entry[] {
  return fees.integratorFees?.length ? [...fees.integratorFees] : fees.integratorFee ? [fees.integratorFee] : [];
}

/** Sums integrator fees per token (integratorFeeEntries). */
export function integratorFeeTotals(fees: LiquidPrice['fees']): FeeTotal[] {
  const entries: FeeEntry[] = integratorFeeEntries(fees);
  const totals = new Map<string, FeeTotal>();
  for (const entry of entries) {
    const key = entry.token.toLowerCase();
    const total = totals.get(key) ?? { token: entry.token, amount: 0n };
    total.amount += BigInt(entry.amount);
    totals.set(key, total);
  }
  return [...totals.values()];
}

/** Network fee converted into buy-token base units (rounded down), or null without a rate. */
export function networkFeeInBuyToken(totalNetworkFee: bigint | null, rate: NativeToBuyRate | undefined): bigint | null {
  if (totalNetworkFee === null || !rate) return null;
  return (totalNetworkFee * rate.buyPerNative) / 10n ** BigInt(rate.nativeDecimals);
}

function emptySide(model: AllowanceModel, state: ModelSide['state']): ModelSide {
  return {
    model, state, zid: null, errorName: null, errorMessage: null, buyAmount: null, minBuyAmount: null,
    integratorFees: [], serviceFee: null, gas: null, totalNetworkFee: null, networkFeeInBuyToken: null, netBuyAmount: null,
  };
}

/** One model's column group from its outcome. */
export function modelSide(model: AllowanceModel, outcome: ModelOutcome | undefined, rate?: NativeToBuyRate): ModelSide {
  if (!outcome) return emptySide(model, 'not-requested');
  if (outcome.status === 'pending' || outcome.status === 'cancelled') return emptySide(model, outcome.status);
  if (outcome.status === 'run-failed') return { ...emptySide(model, 'run-failed'), errorName: outcome.error.name, errorMessage: outcome.error.message };
  if (outcome.status === 'error') {
    return { ...emptySide(model, 'error'), zid: outcome.error.zid ?? null, errorName: outcome.error.name, errorMessage: outcome.error.message };
  }
  const body = outcome.body;
  if (!body.liquidityAvailable) return { ...emptySide(model, 'no-liquidity'), zid: body.zid };
  const buyAmount = BigInt(body.buyAmount);
  const totalNetworkFee = untypedAmount(body.totalNetworkFee);
  const feeInBuy = networkFeeInBuyToken(totalNetworkFee, rate);
  const service = body.fees.serviceFee;
  return {
    ...emptySide(model, 'ok'),
    zid: body.zid,
    buyAmount,
    minBuyAmount: BigInt(body.minBuyAmount),
    integratorFees: integratorFeeTotals(body.fees),
    serviceFee: service ? { token: service.token, amount: BigInt(service.amount) } : null,
    gas: untypedAmount(body.gas),
    totalNetworkFee,
    networkFeeInBuyToken: feeInBuy,
    netBuyAmount: feeInBuy === null ? null : buyAmount - feeInBuy,
  };
}

function larger(ah: bigint, p2: bigint): Verdict['better'] {
  if (ah === p2) return 'tie';
  return ah > p2 ? 'allowance-holder' : 'permit2';
}

/**
 * Whether a side failed without the service answering for its model: a 5xx, an error of the app or
 * the connection (NETWORK, TIMEOUT, RATE_LIMITED, SCHEMA_MISMATCH…), anything but one of the spec's
 * 4xx names. Such a side says nothing of its model's price, so the other cannot be called better
 * (a dropped connection on Allowance Holder read "Permit2 (only one priced)"). A 4xx name (the
 * token is not supported, the taker is refused) is the service's answer for that model: the other
 * model is then the only one that prices the trade.
 */
export function isFailedSide(side: Pick<ModelSide, 'state' | 'errorName'>): boolean {
  if (side.state !== 'error') return false;
  const status = side.errorName !== null && Object.hasOwn(ERROR_STATUS, side.errorName) ? ERROR_STATUS[side.errorName as ServiceErrorName] : null;
  return status === null || status >= 500;
}

/**
 * The words for a side a failed run left unanswered (state 'run-failed'), with the run's error code:
 * "run failed (NOT_FOUND)". Nobody cancelled it, so it is never said as cancelled.
 */
export function runFailedText(side: { errorName: string | null }): string {
  return `run failed (${side.errorName ?? 'error'})`;
}

/** What cheaperFeeOf reads of a side (the size ladder's sides may not carry the fee). */
type FeeSide = Pick<ModelSide, 'buyAmount'> & Partial<Pick<ModelSide, 'totalNetworkFee'>>;

/**
 * The model whose network fee costs less where both buy the same amount (null: the buys differ, a
 * fee is not known, or the fees are equal). Both fees are in the chain's one native token, so the
 * cheaper one gives more net whatever the native token is worth. A gross "tie" there read as no
 * difference between models whose fees differ (Permit2's often costs more gas) whenever the rate
 * could not be had; and a net is the buy less the fee cut to whole buy-token base units, so fees
 * under one unit apart (an L2's fees in WBTC) cut to the same and read as a net tie.
 */
export function cheaperFeeOf(ah: FeeSide, p2: FeeSide): AllowanceModel | null {
  const [ahFee, p2Fee] = [ah.totalNetworkFee ?? null, p2.totalNetworkFee ?? null];
  if (ah.buyAmount === null || ah.buyAmount !== p2.buyAmount || ahFee === null || p2Fee === null || ahFee === p2Fee) return null;
  return ahFee < p2Fee ? 'allowance-holder' : 'permit2';
}

/**
 * Picks the better model: by buy amount net of network fee when both nets are known and differ, else
 * by the lower network fee when both buy the same, else by gross buy amount (the basis says which); a side
 * without a price loses to one with a price (no liquidity,
 * or a refusal for its model). No verdict while a side is pending, cancelled, not requested or
 * failed (isFailedSide), nor while the rate that would make it net is pending.
 */
export function verdict(ah: ModelSide, p2: ModelSide, isRatePending = false): Verdict {
  const waits = (side: ModelSide) => side.state === 'pending' || side.state === 'cancelled' || side.state === 'run-failed' || side.state === 'not-requested' || isFailedSide(side);
  if (waits(ah) || waits(p2)) return { better: null, basis: null };
  if (ah.buyAmount === null && p2.buyAmount === null) return { better: null, basis: null };
  if (ah.buyAmount === null) return { better: 'permit2', basis: 'only-side' };
  if (p2.buyAmount === null) return { better: 'allowance-holder', basis: 'only-side' };
  const cheaper = cheaperFeeOf(ah, p2);
  const byFee = cheaper ? ({ better: cheaper, basis: 'network-fee' } as const) : null;
  if (ah.netBuyAmount !== null && p2.netBuyAmount !== null) return ah.netBuyAmount === p2.netBuyAmount && byFee ? byFee : { better: larger(ah.netBuyAmount, p2.netBuyAmount), basis: 'net' };
  if (isRatePending) return { better: null, basis: null };
  return byFee ?? { better: larger(ah.buyAmount, p2.buyAmount), basis: 'gross' };
}

/**
 * Why a row shows no net difference in bps although both net buys are known: the difference is
 * taken against Allowance Holder's net buy, and a share of a net that is zero or below (the network
 * fee costs more than the trade buys, as on a tiny amount) means nothing. The verdict still stands
 * on the two nets. Null when the row has a net difference or a net is not known.
 */
export function noNetDiffReason(allowanceHolderNet: bigint | string | null, permit2Net: bigint | string | null): string | null {
  if (allowanceHolderNet === null || permit2Net === null || BigInt(allowanceHolderNet) > 0n) return null;
  return "no net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys";
}

/** The results-table row of one chain. */
export function compareChain(input: CompareInput): ComparisonRow {
  const allowanceHolder = modelSide('allowance-holder', input.allowanceHolder, input.nativeToBuy);
  const permit2 = modelSide('permit2', input.permit2, input.nativeToBuy);
  const diffBps =
    allowanceHolder.buyAmount !== null && permit2.buyAmount !== null ? bpsDifference(permit2.buyAmount, allowanceHolder.buyAmount) : null;
  const netDiffBps =
    allowanceHolder.netBuyAmount !== null && permit2.netBuyAmount !== null && allowanceHolder.netBuyAmount > 0n
      ? bpsDifference(permit2.netBuyAmount, allowanceHolder.netBuyAmount)
      : null;
  return { chainId: input.chainId, allowanceHolder, permit2, diffBps, netDiffBps, ...verdict(allowanceHolder, permit2, input.isRatePending) };
}
