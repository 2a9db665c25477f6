import { singleModelText, type RunPair, type RunStatus } from '../../../src/ipc/channels/compare.ts';
import type { LadderStatus } from '../../../src/ipc/channels/ladder.ts';
import { formatHumanAmount } from '../../../src/domain/number-format.ts';

/**
 * The line above a run's figures: the trade each belongs to, labelled with the tokens the requests
 * actually used (an override's symbol, never the pair picker's), grouped by pair when chains
 * differ (issue 11, case 2).
 */

type CaptionRow = Pick<RunStatus['rows'][number], 'chainName' | 'sellToken' | 'buyToken'>;

interface PairGroup {
  pair: string;
  chains: string[];
  isOverride: boolean;
}

// Each pair the rows used, with its chains (once each: a ladder has a row per chain and size).
function pairGroups(rows: readonly CaptionRow[]): PairGroup[] {
  const groups = new Map<string, PairGroup>();
  for (const row of rows) {
    const pair = `${row.sellToken.symbol} → ${row.buyToken.symbol}`;
    const group = groups.get(pair) ?? { pair, chains: [], isOverride: false };
    if (!group.chains.includes(row.chainName)) group.chains.push(row.chainName);
    group.isOverride ||= Boolean(row.sellToken.isOverride || row.buyToken.isOverride);
    groups.set(pair, group);
  }
  return [...groups.values()];
}

const chainCount = (count: number) => `${count} chain${count === 1 ? '' : 's'}`;
// The pair alone (one pair in the run), or with its chains (several).
const soleText = (group: PairGroup) => `${group.pair}${group.isOverride ? ' (address override)' : ''}`;
const groupsText = (groups: readonly PairGroup[]) => groups.map((group) => `${group.pair} on ${group.chains.join(', ')}${group.isOverride ? ', address override' : ''}`).join(' · ');

/** A comparison's caption: "1,000 USDC → WETH on 4 chains", or per pair when chains used different tokens. */
export function runCaption(status: RunStatus): string {
  const only = singleModelText(status.request.models);
  return only ? `${tradeCaption(status)}, ${only}` : tradeCaption(status);
}

function tradeCaption(status: RunStatus): string {
  const amount = formatHumanAmount(status.request.amount);
  const groups = pairGroups(status.rows);
  if (groups.length === 0) return `${amount} ${status.request.sell} → ${status.request.buy}`;
  if (groups.length === 1) return `${amount} ${soleText(groups[0]!)} on ${chainCount(status.rows.length)}`;
  return `${amount} sold: ${groupsText(groups)}`;
}

/** A size ladder's caption: "WETH → USDC at 1, 10, 100, 1,000 on 2 chains", or per pair as above; a one-model ladder's says so, as a comparison's does. */
export function ladderCaption(status: LadderStatus): string {
  const only = singleModelText(status.request.models);
  return only ? `${sizesCaption(status)}, ${only}` : sizesCaption(status);
}

/**
 * A ladder's sizes as its caption and its past-runs entry both say them ("100, 1,000"): one
 * formatter, so that the entry that reopens a run names its sizes as the run's caption does.
 */
export function ladderSizesText(amounts: readonly string[]): string {
  return amounts.map(formatHumanAmount).join(', ');
}

function sizesCaption(status: LadderStatus): string {
  const sizes = ladderSizesText(status.request.amounts);
  const groups = pairGroups(status.rows);
  if (groups.length === 0) return `${status.request.sell} → ${status.request.buy} at ${sizes}`;
  if (groups.length === 1) return `${soleText(groups[0]!)} at ${sizes} on ${chainCount(groups[0]!.chains.length)}`;
  return `At ${sizes}: ${groupsText(groups)}`;
}

/**
 * A past run's pair as its list entry says it (`arrow` "→" on screen, "to" read out): the one pair
 * every chain traded ("USDC → TAXD (address override)"), or each pair with its chains when they
 * differ ("USDC → TAXD on Ethereum, address override · USDC → WETH on Base"), as the caption does.
 */
export function pastRunPairs(run: { sell: string; buy: string; pairs?: readonly RunPair[] | undefined }, arrow: string): { text: string; isSole: boolean } {
  const groups = (run.pairs ?? []).map((item) => ({ pair: `${item.sell} ${arrow} ${item.buy}`, chains: item.chains, isOverride: item.isOverride }));
  if (groups.length > 1) return { text: groupsText(groups), isSole: false };
  return { text: groups.length === 1 ? soleText(groups[0]!) : `${run.sell} ${arrow} ${run.buy}`, isSole: true };
}
