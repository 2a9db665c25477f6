import { compareChain, type AllowanceModel, type ModelOutcome, type NativeToBuyRate } from '../../domain/compare.ts';
import { ENDPOINTS, type LiquidPrice } from '../../spec/index.ts';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { sideToWire, type CompareRowWire, type ModelSideWire } from '../../ipc/channels/compare.ts';
import type { PlannedChain } from './plan.ts';

/**
 * One chain's results-table row from the history entries its requests produced.
 *
 * Network fee in buy-token terms needs a native -> buy rate. Sources, in order, all from the
 * run itself (no extra request, so the run costs exactly chains x models of the rate budget):
 *   1. the buy token is the native asset or its wrapped form: 1 native = 1 buy token (exact);
 *   2. the sell token is native or wrapped native: the trade's own price (buyAmount / sellAmount
 *      of the first side with liquidity) is the native -> buy rate;
 *   3. otherwise null: the table shows the fee in native units only and the verdict falls back
 *      to gross buy amounts (its basis says so).
 */

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

/** The native -> buy rate of a chain, or null (see the file comment). */
export function nativeRate(chain: PlannedChain, outcomes: (ModelOutcome | undefined)[]): (NativeToBuyRate & { source: 'buy-is-native' | 'sell-is-native' }) | null {
  if (chain.buy.kind !== 'token') return { buyPerNative: 10n ** BigInt(chain.buy.decimals), nativeDecimals: 18, source: 'buy-is-native' };
  if (chain.sell.kind !== 'token') {
    const price = outcomes.map(liquid).find((body) => body !== null);
    if (!price || BigInt(price.sellAmount) === 0n) return null;
    return { buyPerNative: (BigInt(price.buyAmount) * 10n ** 18n) / BigInt(price.sellAmount), nativeDecimals: 18, source: 'sell-is-native' };
  }
  return null;
}

function routeOf(outcome: ModelOutcome | undefined): Pick<ModelSideWire, 'fills' | 'routeTokens'> {
  const body = liquid(outcome);
  if (!body) return { fills: [], routeTokens: [] };
  return {
    fills: body.route.fills.map((fill) => ({ from: fill.from, to: fill.to, source: fill.source, proportionBps: fill.proportionBps })),
    routeTokens: body.route.tokens.map((token) => ({ address: token.address, symbol: token.symbol })),
  };
}

function entryIdOf(result: SideResult | undefined): number | null {
  return result && 'entry' in result ? result.entry.id : null;
}

/** The wire row of a chain; a model absent from `results` shows as not requested. */
export function buildRow(chain: PlannedChain, results: Partial<Record<AllowanceModel, SideResult>>): CompareRowWire {
  const ah = results['allowance-holder'] ? outcomeOf('allowance-holder', results['allowance-holder']) : undefined;
  const p2 = results.permit2 ? outcomeOf('permit2', results.permit2) : undefined;
  const rate = nativeRate(chain, [ah, p2]);
  const row = compareChain({ chainId: chain.chainId, allowanceHolder: ah, permit2: p2, nativeToBuy: rate ?? undefined });
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    sellToken: { address: chain.sell.address, symbol: chain.sell.symbol, decimals: chain.sell.decimals },
    buyToken: { address: chain.buy.address, symbol: chain.buy.symbol, decimals: chain.buy.decimals },
    sellAmount: chain.sellAmount.toString(),
    nativeSymbol: chain.nativeSymbol,
    nativeDecimals: 18,
    networkFeeRate: rate ? { buyPerNative: rate.buyPerNative.toString(), source: rate.source } : null,
    allowanceHolder: sideToWire(row.allowanceHolder, { entryId: entryIdOf(results['allowance-holder']), ...routeOf(ah) }),
    permit2: sideToWire(row.permit2, { entryId: entryIdOf(results.permit2), ...routeOf(p2) }),
    diffBps: row.diffBps,
    better: row.better,
    basis: row.basis,
  };
}
