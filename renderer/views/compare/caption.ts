import type { RunStatus } from '../../../src/ipc/channels/compare.ts';
import { formatHumanAmount } from '../../../src/domain/number-format.ts';

/**
 * The line above the table: the trade each figure belongs to, labelled with the tokens the
 * requests actually used (an override's symbol, never the pair picker's), grouped by pair when
 * chains differ (issue 11, case 2).
 */
export function runCaption(status: RunStatus): string {
  const groups = new Map<string, { chains: string[]; isOverride: boolean }>();
  for (const row of status.rows) {
    const key = `${row.sellToken.symbol} → ${row.buyToken.symbol}`;
    const group = groups.get(key) ?? { chains: [], isOverride: false };
    group.chains.push(row.chainName);
    group.isOverride ||= Boolean(row.sellToken.isOverride || row.buyToken.isOverride);
    groups.set(key, group);
  }
  const amount = formatHumanAmount(status.request.amount);
  if (groups.size === 0) return `${amount} ${status.request.sell} → ${status.request.buy}`;
  const parts = [...groups].map(([pair, group]) => {
    const note = group.isOverride ? ', address override' : '';
    return groups.size === 1 ? `${amount} ${pair}${note ? ` (${note.slice(2)})` : ''}` : `${pair} on ${group.chains.join(', ')}${note}`;
  });
  return groups.size === 1 ? `${parts[0]} on ${status.rows.length} chain${status.rows.length === 1 ? '' : 's'}` : `${amount} sold: ${parts.join(' · ')}`;
}
