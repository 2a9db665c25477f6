import type { CompareRequest, CompareRowWire, RunPair, RunStatus, RunSummary } from './compare.ts';
import type { LadderStatus, LadderSummary } from './ladder.ts';
import { chainName } from '../../domain/chains.ts';
import { shortAddress } from '../../domain/address-text.ts';
import { runSettingsOf } from './run-settings.ts';

/**
 * A comparison's past-run entry from its status, and the pairs its chains traded (here, not in the
 * run store, so that the screen can bring an entry up to date from a status it polled).
 *
 * The pairs a run's chains traded, for its past-run entry: a chain that bought TAXD through an
 * address override did not trade the form's USDC → WETH, and no entry may say it did. Rows name
 * the tokens their requests used (an override's symbol); a chain with an override but no row yet
 * (a run still going, or cancelled first) is named by the override's symbol, or its address.
 */

type PairRow = Pick<CompareRowWire, 'chainId' | 'chainName' | 'sellToken' | 'buyToken'>;
type PairRequest = Pick<CompareRequest, 'sell' | 'buy' | 'chains' | 'overrides'>;

function overridden(request: PairRequest, chainId: number, side: 'sell' | 'buy'): string | null {
  const found = request.overrides.find((item) => item.chainId === chainId && item.side === side);
  return found ? (found.symbol ?? shortAddress(found.address)) : null;
}

// A chain with an override and no row yet: its pair as the request's overrides say it.
function pendingRows(request: PairRequest, rows: readonly PairRow[]): PairRow[] {
  const chainIds = [...new Set(request.overrides.map((item) => item.chainId))]
    .filter((chainId) => !rows.some((row) => row.chainId === chainId))
    .filter((chainId) => !request.chains?.length || request.chains.includes(chainId));
  return chainIds.map((chainId) => {
    const [sell, buy] = [overridden(request, chainId, 'sell'), overridden(request, chainId, 'buy')];
    const token = (symbol: string | null, fallback: string) => ({ address: '', symbol: symbol ?? fallback, decimals: 0, isOverride: symbol !== null });
    return { chainId, chainName: chainName(chainId), sellToken: token(sell, request.sell), buyToken: token(buy, request.buy) };
  });
}

/** Each pair the run traded, with its chains (once each: a ladder has a row per chain and size), in row order. */
export function runPairs(request: PairRequest, rows: readonly PairRow[]): RunPair[] {
  const groups = new Map<string, RunPair>();
  for (const row of [...rows, ...pendingRows(request, rows)]) {
    const key = `${row.sellToken.symbol} → ${row.buyToken.symbol}`;
    const group = groups.get(key) ?? { sell: row.sellToken.symbol, buy: row.buyToken.symbol, chains: [], isOverride: false };
    if (!group.chains.includes(row.chainName)) group.chains.push(row.chainName);
    group.isOverride ||= Boolean(row.sellToken.isOverride || row.buyToken.isOverride);
    groups.set(key, group);
  }
  return [...groups.values()];
}

// The pair an entry is named by: the one every chain traded when there is one, else the form's;
// and each pair with its chains.
function namedPairs(request: PairRequest, rows: readonly PairRow[]): { sell: string; buy: string; pairs: RunPair[] } {
  const pairs = runPairs(request, rows);
  const sole = pairs.length === 1 ? pairs[0]! : null;
  return { sell: sole?.sell ?? request.sell, buy: sole?.buy ?? request.buy, pairs };
}

/**
 * A run's list entry. An address override (TAXD on Ethereum) is what a chain priced, not the form's
 * pair it replaced: `sell` and `buy` are the one pair every chain traded when there is one, and
 * `pairs` names each pair with its chains, so the list never claims a pair a chain did not use.
 */
export function summaryOf(status: RunStatus): RunSummary {
  return {
    runId: status.runId,
    state: status.state,
    ...namedPairs(status.request, status.rows),
    amount: status.request.amount,
    chains: status.rows.map((row) => row.chainId),
    models: status.request.models,
    settings: runSettingsOf(status.request),
    profileId: status.profileId,
    done: status.done,
    total: status.total,
    startedAt: status.startedAt,
  };
}

/** A size ladder's list entry, named by the pairs its chains traded as a comparison's is (summaryOf). */
export function ladderSummaryOf(status: LadderStatus): LadderSummary {
  return {
    runId: status.runId,
    state: status.state,
    ...namedPairs(status.request, status.rows),
    amounts: status.request.amounts,
    chains: [...new Set(status.rows.map((row) => row.chainId))],
    models: status.request.models,
    settings: runSettingsOf(status.request),
    profileId: status.profileId,
    done: status.done,
    total: status.total,
    startedAt: status.startedAt,
  };
}
