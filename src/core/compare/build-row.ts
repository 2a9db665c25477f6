import { compareChain, integratorFeeTotals, type AllowanceModel, type ComparisonRow, type ModelOutcome, type NativeToBuyRate } from '../../domain/compare.ts';
import { wrappedNativeOf } from '../../domain/token-registry.ts';
import { ENDPOINTS, type LiquidPrice, type TokenTax } from '../../spec/index.ts';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { sideToWire, type CompareRowWire, type ModelSideWire, type ReportedIssue } from '../../ipc/channels/compare.ts';
import type { PlannedChain } from './plan.ts';
import { shortAddress } from '../../domain/address-text.ts';
import type { AppErrorData } from '../../ipc/result.ts';
import { distinctRouteTokens } from '../../domain/route-token-names.ts';

/**
 * One chain's results-table row from the history entries its requests produced.
 *
 * Network fee in buy-token terms needs a native -> buy rate. Sources, in order:
 *   1. the buy token is the native asset or its wrapped form: 1 native = 1 buy token (exact);
 *   2. the sell token is native or wrapped native: the trade's own price (buyAmount / sellAmount
 *      of the first side with liquidity, before the integrator fees it charged and the buy token's
 *      tax) is the native -> buy rate, unless it bought too few base units to read it from
 *      (MIN_RATE_BUY);
 *   3. otherwise the plan's rate request (RATE_PROBE native sold for the buy token, one per chain
 *      per run, within the profile's rate budget) gives it, before the buy token's tax: 'quoted',
 *      with its history entry;
 *   4. when that has no liquidity or fails, null and `feeNotPriced` says why on that row only:
 *      the table shows the fee in native units and the verdict falls back to gross buy amounts.
 * An answer with a price but no `totalNetworkFee` (nullable in the spec) has no net either: the
 * verdict is gross then too, and `feeNotPriced` names the answer (missingFeeReason).
 *
 * A requested model without a result reads 'pending' while the run goes on; once it has ended,
 * 'run-failed' with the run's error when the run failed (nobody cancelled that side: "cancelled"
 * told a support engineer the customer had stopped a run the engine had stopped), else 'cancelled'.
 * A row's verdict waits for both sides and the rate.
 */

/** The error a run failed with, as the sides it left unanswered name it (run-ending.ts, runError). */
export type RunFailure = Pick<AppErrorData, 'code' | 'message'>;

/** What one finished request left: its history entry, or a failure before anything was sent. */
export type SideResult = { entry: HistoryEntry } | { failure: { name: string; message: string } };

/** A request outcome as the comparison maths reads it. */
export function outcomeOf(model: AllowanceModel, result: SideResult): ModelOutcome {
  if ('failure' in result) return { status: 'error', error: result.failure };
  const { entry } = result;
  if (entry.status === 200 && entry.appError === null) {
    const parsed = ENDPOINTS[`${model}.price`].response.safeParse(entry.body);
    if (parsed.success) return { status: 'ok', body: parsed.data as LiquidPrice };
    return { status: 'error', error: { name: 'SCHEMA_MISMATCH', message: 'The 200 body does not match the spec (see its schema report)', zid: entry.zid ?? undefined } };
  }
  const body = entry.body as { message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : (entry.appError?.message ?? `HTTP ${entry.status}`);
  return { status: 'error', error: { name: entry.errorName ?? entry.appError?.code ?? 'UNKNOWN', message, zid: entry.zid ?? undefined } };
}

function liquid(outcome: ModelOutcome | undefined): LiquidPrice | null {
  return outcome?.status === 'ok' && outcome.body.liquidityAvailable ? (outcome.body as LiquidPrice) : null;
}

/** A chain's results so far: each model's, and the rate request's. */
export type ChainResults = Partial<Record<AllowanceModel | 'rate', SideResult>>;

/** How the network fee was (or was not) priced in buy token on a chain. */
export interface RateOutcome {
  rate: (NativeToBuyRate & { source: 'buy-is-native' | 'sell-is-native' | 'quoted'; entryId: number | null; zid: string | null }) | null;
  isPending: boolean;
  /** Why there is no rate (null when there is one or it is pending). */
  notPriced: string | null;
}

/**
 * Buy base units per native unit (`scaledBought` / `routed`), with the buy token's buy and transfer
 * taxes added back as read from the same answer (spec, "Token tax object"): the tax is the token
 * contract's cut of this buy, not what the native token is worth (a 3 % buy tax and 1 % transfer
 * tax on TAXD put every network fee in TAXD 4 % low). Both come off a buy, the transfer to the
 * taker included, as the local service takes them. A tax the service could not determine (null)
 * counts as none: the row is flagged 'tax unknown'. Null when the taxes take everything.
 */
function beforeBuyTax(scaledBought: bigint, routed: bigint, price: LiquidPrice): bigint | null {
  const taxes = price.tokenMetadata.buyToken;
  const taxBps = [taxes.buyTaxBps, taxes.transferTaxBps].reduce<bigint>((sum, value) => sum + BigInt(value ?? 0), 0n);
  const kept = 10_000n - taxBps;
  return kept > 0n && routed > 0n ? (scaledBought * 10_000n) / (routed * kept) : null;
}

function quotedRate(chain: PlannedChain, result: SideResult | undefined, hasEnded: boolean, runFailure: RunFailure | null): RateOutcome {
  const request = chain.rateRequest!;
  if (!result) return { rate: null, isPending: !hasEnded, notPriced: hasEnded ? unansweredRateReason(runFailure) : null };
  const outcome = outcomeOf(request.endpoint.split('.')[0] as AllowanceModel, result);
  const body = liquid(outcome);
  const pair = `${chain.nativeSymbol ?? 'native'} → ${chain.buy.symbol || 'buy token'}`;
  if (!body || BigInt(body.buyAmount) === 0n) {
    const why = outcome.status === 'error' ? outcome.error.name : 'no liquidity';
    return { rate: null, isPending: false, notPriced: `fee not priced: ${why} for ${pair}` };
  }
  const buyPerNative = beforeBuyTax(BigInt(body.buyAmount) * 10n ** BigInt(request.nativeDecimals), request.sellAmount, body);
  if (buyPerNative === null) return { rate: null, isPending: false, notPriced: `fee not priced: the buy token's tax takes all of ${pair}` };
  return { rate: { buyPerNative, nativeDecimals: request.nativeDecimals, source: 'quoted', entryId: entryIdOf(result), zid: body.zid }, isPending: false, notPriced: null };
}

function unansweredRateReason(runFailure: RunFailure | null): string {
  return runFailure ? `fee not priced: the rate request was not answered, the run failed (${runFailure.code})` : 'fee not priced: the rate request was cancelled';
}

/**
 * Buy-token base units per whole native unit from a native sell's own answer, before the integrator
 * fees it charged and the buy token's tax (beforeBuyTax): they come off this trade, not off what the native token is worth (a 1,000 bps fee
 * read 1 ETH as 2,689 USDC where the market paid 2,988, and the network fee in USDC 10 % short),
 * and the quoted rate request carries none either. A fee in the buy token is added back to the buy;
 * one in the sell token (native or wrapped) comes off the amount routed. The service fee stays in,
 * as in the quoted rate. Null when nothing was routed.
 */
function priceBeforeIntegratorFees(chain: PlannedChain, price: LiquidPrice): bigint | null {
  const sellTokens = [price.sellToken, chain.sell.address, wrappedNativeOf(chain.chainId)?.address].filter((address) => address !== undefined).map((address) => address.toLowerCase());
  let bought = BigInt(price.buyAmount);
  let routed = BigInt(price.sellAmount);
  for (const fee of integratorFeeTotals(price.fees)) {
    if (fee.token.toLowerCase() === price.buyToken.toLowerCase()) bought += fee.amount;
    else if (sellTokens.includes(fee.token.toLowerCase())) routed -= fee.amount;
  }
  return beforeBuyTax(bought * 10n ** 18n, routed, price);
}

/**
 * The fewest buy-token base units a native sell's own price is read from. A buy is a whole number
 * of base units, cut, so a rate read from a buy of b units may be up to 1/b low: under 10,000 that is
 * more than 1 bps, and a dust sell (1.5e-9 ETH bought 4 base units of USDC) read 1 ETH as 2,667 USDC
 * where the market paid 3,106, every network fee and net buy in USDC 14 % off. Below it the fee is
 * not priced (the verdict can still weigh the two fees in the native token: compare.ts, verdict).
 */
export const MIN_RATE_BUY = 10_000n;

function coarseRateReason(chain: PlannedChain, price: LiquidPrice): string | null {
  const bought = BigInt(price.buyAmount);
  if (bought >= MIN_RATE_BUY) return null;
  const bound = bought > 0n ? ` (a rate read from it could be up to ${Number((100 / Number(bought)).toPrecision(2))} % low)` : '';
  return `fee not priced: this trade buys only ${bought} base units of ${chain.buy.symbol || 'the buy token'}, too few to read what ${chain.nativeSymbol ?? 'the native token'} is worth from${bound}`;
}

/** The native -> buy rate of a chain (see the file comment). */
export function nativeRate(chain: PlannedChain, outcomes: (ModelOutcome | undefined)[], rateResult?: SideResult, hasEnded = false, runFailure: RunFailure | null = null): RateOutcome {
  if (chain.buy.kind !== 'token') return { rate: { buyPerNative: 10n ** BigInt(chain.buy.decimals), nativeDecimals: 18, source: 'buy-is-native', entryId: null, zid: null }, isPending: false, notPriced: null };
  if (chain.sell.kind !== 'token') {
    const price = outcomes.map(liquid).find((body) => body !== null);
    const coarse = price ? coarseRateReason(chain, price) : null;
    if (coarse) return { rate: null, isPending: false, notPriced: coarse };
    const buyPerNative = price ? priceBeforeIntegratorFees(chain, price) : null;
    if (buyPerNative === null) return { rate: null, isPending: false, notPriced: 'fee not priced: no side has a price to derive the rate from' };
    return { rate: { buyPerNative, nativeDecimals: 18, source: 'sell-is-native', entryId: null, zid: null }, isPending: false, notPriced: null };
  }
  if (chain.rateRequest) return quotedRate(chain, rateResult, hasEnded, runFailure);
  return { rate: null, isPending: false, notPriced: 'fee not priced: the chain has no native asset to price' };
}

// Every tax value (buy, sell, transfer; sell and buy token) of the sides' liquid answers.
function taxValues(outcomes: (ModelOutcome | undefined)[]): unknown[] {
  return outcomes.map(liquid).flatMap((body) => {
    const meta = (body as { tokenMetadata?: Record<string, Record<string, unknown> | undefined> } | null)?.tokenMetadata;
    return [meta?.buyToken, meta?.sellToken].flatMap((taxes) => (taxes ? Object.values(taxes) : []));
  });
}

/** Whether either side's answer reports a non-zero buy, sell or transfer tax on the sell or buy token. */
export function hasTax(outcomes: (ModelOutcome | undefined)[]): boolean {
  return taxValues(outcomes).some((value) => value !== null && Number(value) > 0);
}

/**
 * Whether either side's answer could not determine a tax of the sell or buy token (null: spec,
 * "Token tax object"): such a row is not known to be untaxed, and no export may say it is.
 */
export function hasUnknownTax(outcomes: (ModelOutcome | undefined)[]): boolean {
  return taxValues(outcomes).some((value) => value === null);
}

/** The sell and buy token's taxes a side's liquid answer reported, bps as strings (null: none answered). */
function tokenTaxesOf(outcome: ModelOutcome | undefined): ModelSideWire['tokenTaxes'] {
  const meta = liquid(outcome)?.tokenMetadata;
  if (!meta) return null;
  const wire = (tax: TokenTax) => ({ buyTaxBps: bpsText(tax.buyTaxBps), sellTaxBps: bpsText(tax.sellTaxBps), transferTaxBps: bpsText(tax.transferTaxBps) });
  return { sellToken: wire(meta.sellToken), buyToken: wire(meta.buyToken) };
}

const bpsText = (value: string | number | null): string | null => (value === null ? null : String(value));

/** The issues a side's liquid answer reported (none without one: nothing was checked or answered). */
export function reportedIssues(outcome: ModelOutcome | undefined): ReportedIssue[] {
  const issues = liquid(outcome)?.issues;
  if (!issues) return [];
  const reported: [ReportedIssue, boolean][] = [
    ['allowance', issues.allowance !== null],
    ['balance', issues.balance !== null],
    ['simulation-incomplete', issues.simulationIncomplete],
    ['invalid-sources', issues.invalidSourcesPassed.length > 0],
  ];
  return reported.filter(([, isReported]) => isReported).map(([issue]) => issue);
}

/** The symbol a row shows for a token: the plan's, else the route's symbol for its address, else the short address. */
function labelOf(token: PlannedChain['buy'], routeTokens: ModelSideWire['routeTokens']): string {
  if (token.symbol) return token.symbol;
  const found = routeTokens.find((item) => item.address.toLowerCase() === token.address.toLowerCase());
  return found?.symbol ?? shortAddress(token.address);
}

/**
 * A side's route, its tokens named so that two never read alike (distinctRouteTokens): the real
 * service names Arbitrum's USDC.e "USDC" beside native USDC, and compare's table, its detail and
 * `price`'s route line read "USDC -> USDC" for that hop.
 */
function routeOf(outcome: ModelOutcome | undefined, chainId: number): Pick<ModelSideWire, 'fills' | 'routeTokens'> {
  const body = liquid(outcome);
  if (!body) return { fills: [], routeTokens: [] };
  return {
    fills: body.route.fills.map((fill) => ({ from: fill.from, to: fill.to, source: fill.source, proportionBps: fill.proportionBps })),
    routeTokens: distinctRouteTokens(body.route.tokens.map((token) => ({ address: token.address, symbol: token.symbol })), chainId),
  };
}

function entryIdOf(result: SideResult | undefined): number | null {
  return result && 'entry' in result ? result.entry.id : null;
}

function sideOutcome(chain: PlannedChain, model: AllowanceModel, result: SideResult | undefined, hasEnded: boolean, runFailure: RunFailure | null): ModelOutcome | undefined {
  if (result) return outcomeOf(model, result);
  if (!chain.requests.some((item) => item.model === model)) return undefined;
  if (!hasEnded) return { status: 'pending' };
  return runFailure ? { status: 'run-failed', error: { name: runFailure.code, message: runFailure.message } } : { status: 'cancelled' };
}

/**
 * Why a row's network fee is not in buy-token terms although the rate is there: an answer priced the
 * trade but gave no network fee (`totalNetworkFee` is nullable: spec, "Price result"). Its net, the
 * net difference and a net verdict go; without this the row read "gross: fee not priced" with no
 * reason, and the detail put it down to "no rate" beside the rate it had. Null when every priced
 * side has its fee.
 */
function missingFeeReason(row: ComparisonRow): string | null {
  const sides = [['Allowance Holder', row.allowanceHolder], ['Permit2', row.permit2]] as const;
  const missing = sides.filter(([, side]) => side.state === 'ok' && side.totalNetworkFee === null).map(([name]) => name);
  if (missing.length === 0) return null;
  const whose = missing.length === 1 ? `${missing[0]}'s answer gives` : 'the two answers give';
  return `fee not priced: ${whose} no network fee (totalNetworkFee null)`;
}

/**
 * The wire row of a chain. A model not in the plan shows as not requested; a planned one without
 * a result as pending, or once `hasEnded` (the run is over) as run-failed when `runFailure` (the
 * error of a run that failed, not cancelled by the user) is given, else as cancelled.
 */
export function buildRow(chain: PlannedChain, results: ChainResults, hasEnded = false, runFailure: RunFailure | null = null): CompareRowWire {
  const ah = sideOutcome(chain, 'allowance-holder', results['allowance-holder'], hasEnded, runFailure);
  const p2 = sideOutcome(chain, 'permit2', results.permit2, hasEnded, runFailure);
  const { rate, isPending, notPriced } = nativeRate(chain, [ah, p2], results.rate, hasEnded, runFailure);
  const row = compareChain({ chainId: chain.chainId, allowanceHolder: ah, permit2: p2, nativeToBuy: rate ?? undefined, isRatePending: isPending });
  const routeTokens = [...routeOf(ah, chain.chainId).routeTokens, ...routeOf(p2, chain.chainId).routeTokens];
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    sellToken: { address: chain.sell.address, symbol: labelOf(chain.sell, routeTokens), decimals: chain.sell.decimals, isOverride: chain.sell.isOverride },
    buyToken: { address: chain.buy.address, symbol: labelOf(chain.buy, routeTokens), decimals: chain.buy.decimals, isOverride: chain.buy.isOverride },
    sellAmount: chain.sellAmount.toString(),
    nativeSymbol: chain.nativeSymbol,
    nativeDecimals: 18,
    networkFeeRate: rate ? { buyPerNative: rate.buyPerNative.toString(), source: rate.source, entryId: rate.entryId, zid: rate.zid } : null,
    feeNotPriced: notPriced ?? (rate ? missingFeeReason(row) : null),
    hasTax: hasTax([ah, p2]),
    hasUnknownTax: hasUnknownTax([ah, p2]),
    allowanceHolder: sideToWire(row.allowanceHolder, { entryId: entryIdOf(results['allowance-holder']), ...routeOf(ah, chain.chainId), issues: reportedIssues(ah), blockNumber: liquid(ah)?.blockNumber ?? null, tokenTaxes: tokenTaxesOf(ah) }),
    permit2: sideToWire(row.permit2, { entryId: entryIdOf(results.permit2), ...routeOf(p2, chain.chainId), issues: reportedIssues(p2), blockNumber: liquid(p2)?.blockNumber ?? null, tokenTaxes: tokenTaxesOf(p2) }),
    diffBps: row.diffBps,
    netDiffBps: row.netDiffBps,
    better: row.better,
    basis: row.basis,
  };
}
