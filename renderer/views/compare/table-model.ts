import type { CompareRowWire, ModelSideWire } from '../../../src/ipc/channels/compare.ts';
import { formatBaseUnits } from '../../../src/domain/units.ts';

/** The results table's columns, their sort keys and cell texts: plain functions, tested without a DOM. */

/** A sortable column. */
export type ColumnId =
  | 'chain' | 'ahBuy' | 'p2Buy' | 'diff' | 'ahMin' | 'p2Min' | 'ahFee' | 'p2Fee' | 'ahNet' | 'p2Net' | 'better';

/** Sort direction. */
export type SortDirection = 'ascending' | 'descending';

/** A column's header: `label` is its accessible name, `short` what the grouped header shows. */
export interface Column {
  id: ColumnId;
  label: string;
  short: string;
  model: 'allowance-holder' | 'permit2' | null;
}

const sideColumns = (model: 'allowance-holder' | 'permit2', prefix: 'ah' | 'p2', name: string): Column[] => [
  { id: `${prefix}Buy`, label: `${name} buy`, short: 'Buy', model },
  { id: `${prefix}Min`, label: `${name} min buy`, short: 'Min buy', model },
  { id: `${prefix}Fee`, label: `${name} network fee`, short: 'Network fee', model },
  { id: `${prefix}Net`, label: `${name} net buy`, short: 'Net buy', model },
];

/** The columns, in order: chain, the Allowance Holder group, the Permit2 group, diff, verdict. */
export const COLUMNS: readonly Column[] = [
  { id: 'chain', label: 'Chain', short: 'Chain', model: null },
  ...sideColumns('allowance-holder', 'ah', 'Allowance Holder'),
  ...sideColumns('permit2', 'p2', 'Permit2'),
  { id: 'diff', label: 'Diff (bps)', short: 'Diff (bps)', model: null },
  { id: 'better', label: 'Better', short: 'Better', model: null },
];

type Key = number | string | null;

// Amounts of one chain's buy token are comparable across chains only in human units: scale to a
// common 18-decimal bigint so USDC (6) on one chain and USDC (18) on BSC sort together.
function scaled(value: string | null, decimals: number): Key {
  if (value === null) return null;
  return Number(formatBaseUnits(BigInt(value), decimals, { grouping: false }));
}

function keyOf(row: CompareRowWire, column: ColumnId): Key {
  const d = row.buyToken.decimals;
  switch (column) {
    case 'chain': return row.chainName.toLowerCase();
    case 'ahBuy': return scaled(row.allowanceHolder.buyAmount, d);
    case 'p2Buy': return scaled(row.permit2.buyAmount, d);
    case 'diff': return row.diffBps;
    case 'ahMin': return scaled(row.allowanceHolder.minBuyAmount, d);
    case 'p2Min': return scaled(row.permit2.minBuyAmount, d);
    case 'ahFee': return scaled(row.allowanceHolder.totalNetworkFee, row.nativeDecimals);
    case 'p2Fee': return scaled(row.permit2.totalNetworkFee, row.nativeDecimals);
    case 'ahNet': return scaled(row.allowanceHolder.netBuyAmount, d);
    case 'p2Net': return scaled(row.permit2.netBuyAmount, d);
    case 'better': return row.better;
  }
}

/** Rows sorted by a column; rows without a value go last in both directions. */
export function sortRows(rows: readonly CompareRowWire[], column: ColumnId, direction: SortDirection): CompareRowWire[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = keyOf(a, column);
    const y = keyOf(b, column);
    if (x === null || y === null) return x === y ? a.chainId - b.chainId : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.chainId - b.chainId : sign * order;
  });
}

/** Human amount with at most `digits` decimals (cut, never rounded up). */
export function human(value: string | null, decimals: number, digits = 6): string {
  return value === null ? '—' : formatBaseUnits(BigInt(value), decimals, { maxFractionDigits: digits });
}

/** The text of a side's buy cell when it has no amount. */
export function sideProblem(side: ModelSideWire): string | null {
  if (side.state === 'no-liquidity') return 'no liquidity';
  if (side.state === 'error') return side.errorName ?? 'error';
  if (side.state === 'not-requested') return 'not requested';
  return null;
}

/** A signed bps figure ("+9.08", "-3.10", "0.00"). */
export function bpsText(bps: number | null): string {
  if (bps === null) return '—';
  return `${bps > 0 ? '+' : ''}${bps.toFixed(2)}`;
}

/** The model's display name. */
export function modelName(model: 'allowance-holder' | 'permit2' | 'tie'): string {
  return model === 'allowance-holder' ? 'Allowance Holder' : model === 'permit2' ? 'Permit2' : 'Tie';
}
