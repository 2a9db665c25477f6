import { REPORTED_ISSUE_TEXT, isPricedAtTwoBlocks, type CompareRowWire, type ModelSideWire } from '../../../src/ipc/channels/compare.ts';
import { formatBaseUnits } from '../../../src/domain/units.ts';
import { isFailedSide, noNetDiffReason, runFailedText } from '../../../src/domain/compare.ts';
import { formatInteger, formatSignedBps } from '../../../src/domain/number-format.ts';

/** The results table's columns, their sort keys and cell texts: plain functions, tested without a DOM. */

/** A sortable column. */
export type ColumnId =
  | 'chain' | 'ahBuy' | 'p2Buy' | 'diff' | 'netDiff' | 'ahMin' | 'p2Min' | 'ahFee' | 'p2Fee' | 'ahNet' | 'p2Net' | 'better';

/** Sort direction. */
export type SortDirection = 'ascending' | 'descending';

/** A column's header: `label` is its accessible name and header text. */
export interface Column {
  id: ColumnId;
  label: string;
  model: 'allowance-holder' | 'permit2' | null;
  /** Shown only when picked in the column chooser (the 1280 px layout keeps the rest always on). */
  isOptional: boolean;
}

const column = (id: ColumnId, label: string, model: Column['model'] = null, isOptional = false): Column => ({ id, label, model, isOptional });

/**
 * The columns, in order. Always shown (fits 1280 x 800): chain, both buy amounts, the gross and
 * net differences and the verdict. Min buy, network fee (with gas) and net buy per model are
 * optional (column chooser, remembered); the row detail shows them all.
 */
export const COLUMNS: readonly Column[] = [
  column('chain', 'Chain'),
  column('ahBuy', 'Allowance Holder buy', 'allowance-holder'),
  column('p2Buy', 'Permit2 buy', 'permit2'),
  column('diff', 'Diff (bps)'),
  column('netDiff', 'Net diff (bps)'),
  column('better', 'Better'),
  column('ahMin', 'Allowance Holder min buy', 'allowance-holder', true),
  column('ahFee', 'Allowance Holder network fee', 'allowance-holder', true),
  column('ahNet', 'Allowance Holder net buy', 'allowance-holder', true),
  column('p2Min', 'Permit2 min buy', 'permit2', true),
  column('p2Fee', 'Permit2 network fee', 'permit2', true),
  column('p2Net', 'Permit2 net buy', 'permit2', true),
];

/** The optional columns' ids. */
export const OPTIONAL_COLUMNS: readonly ColumnId[] = COLUMNS.filter((item) => item.isOptional).map((item) => item.id);

/**
 * A cell's sort key: its value and the unit it is in. Amounts in different units (a POL fee and an
 * ETH fee, a TAXD buy and a WETH buy on an overridden chain) are never compared as plain numbers:
 * rows sort by value within a unit, and units follow one another in a fixed order, whichever the
 * direction (`rank`, then the unit's name).
 */
interface Key {
  rank: number;
  unit: string;
  value: number | string;
}

// Amounts of one chain's buy token are comparable across chains only in human units: scale to a
// common 18-decimal bigint so USDC (6) on one chain and USDC (18) on BSC sort together.
function scaled(value: string | null, decimals: number): number | null {
  if (value === null) return null;
  return Number(formatBaseUnits(BigInt(value), decimals, { grouping: false }));
}

function amountKey(value: string | null, decimals: number, unit: string, rank = 0): Key | null {
  const human = scaled(value, decimals);
  return human === null ? null : { rank, unit, value: human };
}

/** The unit of a fee on a chain with no native token (Tempo): wei, as its cell reads. */
const WEI = 'wei';

/**
 * A network fee's key: its value in the buy token (the cell's "≈" line) where the row has a rate,
 * which compares chains of different native tokens; else its native amount, ranked after every
 * converted fee and compared only with fees in the same native token.
 */
function feeKey(row: CompareRowWire, side: ModelSideWire): Key | null {
  const converted = amountKey(side.networkFeeInBuyToken, row.buyToken.decimals, row.buyToken.symbol);
  return converted ?? amountKey(side.totalNetworkFee, row.nativeDecimals, row.nativeSymbol ?? WEI, 1);
}

const plain = (value: number | string | null | undefined): Key | null => (value === null || value === undefined ? null : { rank: 0, unit: '', value });

function keyOf(row: CompareRowWire, column: ColumnId): Key | null {
  const [d, buy] = [row.buyToken.decimals, row.buyToken.symbol];
  switch (column) {
    case 'chain': return plain(row.chainName.toLowerCase());
    case 'ahBuy': return amountKey(row.allowanceHolder.buyAmount, d, buy);
    case 'p2Buy': return amountKey(row.permit2.buyAmount, d, buy);
    case 'diff': return plain(row.diffBps);
    case 'netDiff': return plain(row.netDiffBps);
    case 'ahMin': return amountKey(row.allowanceHolder.minBuyAmount, d, buy);
    case 'p2Min': return amountKey(row.permit2.minBuyAmount, d, buy);
    case 'ahFee': return feeKey(row, row.allowanceHolder);
    case 'p2Fee': return feeKey(row, row.permit2);
    case 'ahNet': return amountKey(row.allowanceHolder.netBuyAmount, d, buy);
    case 'p2Net': return amountKey(row.permit2.netBuyAmount, d, buy);
    case 'better': return plain(row.better);
  }
}

/**
 * Rows sorted by a column; rows without a value go last in both directions. Amounts sort within
 * their unit (Key): a network fee by its value in the buy token, a fee no rate converted after
 * those, beside fees in its own native token only.
 */
export function sortRows(rows: readonly CompareRowWire[], column: ColumnId, direction: SortDirection): CompareRowWire[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = keyOf(a, column);
    const y = keyOf(b, column);
    if (x === null || y === null) return x === y ? a.chainId - b.chainId : x === null ? 1 : -1;
    if (x.rank !== y.rank || x.unit !== y.unit) return x.rank - y.rank || x.unit.localeCompare(y.unit);
    const order = typeof x.value === 'number' && typeof y.value === 'number' ? x.value - y.value : String(x.value).localeCompare(String(y.value));
    return order === 0 ? a.chainId - b.chainId : sign * order;
  });
}

/**
 * What the table says under its legend about the order of a sorted column whose rows are not all
 * in one unit, or of a network-fee column (whose cells show the native amount first): null else.
 */
export function sortNote(rows: readonly CompareRowWire[], column: ColumnId): string | null {
  const keys = rows.map((row) => keyOf(row, column)).filter((key) => key !== null);
  const units = [...new Set(keys.map((key) => key.unit))];
  const isFee = column === 'ahFee' || column === 'p2Fee';
  if (!isFee && units.length < 2) return null;
  if (!isFee) return `Rows buying different tokens are not ordered against each other: sorted within ${units.join(', then ')}.`;
  const converted = [...new Set(keys.filter((key) => key.rank === 0).map((key) => key.unit))];
  const native = [...new Set(keys.filter((key) => key.rank === 1).map((key) => key.unit))];
  // A chain with no native token (Tempo) has its fee in wei (feeKey): wei is named as what it is,
  // never as a native token ("the same native token (wei)" named one that does not exist).
  const hasWei = native.includes(WEI);
  const amount = native.length > 0 && native.every((unit) => unit === WEI) ? 'amount in wei' : hasWei ? 'native amount or wei' : 'native amount';
  const first = converted.length > 0 ? `Network fees sort by their value in ${converted.join(', then ')} (the ≈ line)` : `Network fees sort by their ${amount}`;
  const named = native.map((unit) => (unit === WEI ? 'wei, where a chain has no native token' : unit));
  const rest = native.length > 0 ? `${converted.length > 0 ? '; fees no rate converted follow' : ''}, each only against fees in the same ${hasWei ? 'unit' : 'native token'} (${named.join(', then ')})` : '';
  return `${first}${rest}.`;
}

/** The text of a side's buy cell when it has no amount. */
export function sideProblem(side: ModelSideWire): string | null {
  if (side.state === 'no-liquidity') return 'no liquidity';
  if (side.state === 'error') return side.errorName ?? 'error';
  if (side.state === 'not-requested') return 'not requested';
  if (side.state === 'pending') return 'pending';
  if (side.state === 'cancelled') return 'cancelled';
  if (side.state === 'run-failed') return runFailedText(side);
  return null;
}

/** A signed bps figure in the app's one notation (formatSignedBps), or a dash when there is none. */
export function bpsText(bps: number | null): string {
  return bps === null ? '—' : formatSignedBps(bps);
}

/** Why the verdict is what it is, in a few words (shown under it). */
export function basisText(row: CompareRowWire): string | null {
  if (row.basis === 'net') return 'net of network fee';
  if (row.basis === 'network-fee') return 'same buy, lower network fee';
  if (row.basis === 'gross') return row.feeNotPriced ?? 'gross: fee not priced';
  if (row.basis === 'only-side') return 'only one priced';
  return null;
}

/**
 * Why the Net diff cell is empty: the fee was not priced, or Allowance Holder's net is not above
 * zero (noNetDiffReason); null when it has a figure or no reason applies.
 */
export function netDiffMissingText(row: CompareRowWire): string | null {
  if (row.netDiffBps !== null && row.netDiffBps !== undefined) return null;
  return row.feeNotPriced ?? noNetDiffReason(row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount);
}

/**
 * The sides that failed without an answer for their model (isFailedSide), named with their error:
 * "Allowance Holder failed (NETWORK)"; null when none did.
 */
export function failedText(row: CompareRowWire): string | null {
  const failed = [row.allowanceHolder, row.permit2].filter(isFailedSide).map((side) => `${modelName(side.model)} failed (${side.errorName ?? 'error'})`);
  return failed.length > 0 ? failed.join(', ') : null;
}

/** The verdict cell's text when there is no verdict. */
export function noVerdictText(row: CompareRowWire): string {
  const states = [row.allowanceHolder.state, row.permit2.state];
  if (states.includes('pending')) return 'waiting for both sides';
  if (states.includes('cancelled')) return 'no verdict: cancelled';
  if (states.includes('run-failed')) return 'no verdict: run failed';
  if (states.includes('not-requested')) return 'no verdict: one model';
  const failed = failedText(row);
  if (failed) return `no verdict: ${failed}`;
  if (row.allowanceHolder.state === 'ok' && row.permit2.state === 'ok') return 'waiting for the fee rate';
  return 'neither priced';
}

/**
 * What the row's issue flag says on hover: each side's reported issues ("Allowance Holder:
 * allowance needed; Permit2: allowance needed, balance too low"), or null when no side reported one
 * (then the row has no flag: without a taker, nothing was checked).
 */
export function issuesText(row: CompareRowWire): string | null {
  const sides = ([['Allowance Holder', row.allowanceHolder], ['Permit2', row.permit2]] as const)
    .filter(([, side]) => (side.issues ?? []).length > 0)
    .map(([name, side]) => `${name}: ${side.issues!.map((issue) => REPORTED_ISSUE_TEXT[issue]).join(', ')}`);
  return sides.length > 0 ? sides.join('; ') : null;
}

/**
 * Which blocks the two answers priced at, when both bodies say: the same block, or a warning that
 * they differ. A run sends the two models' requests one after the other, and on a fast chain
 * (Arbitrum: a block every 250 ms) they often land in different blocks, where the gas price and
 * liquidity may have moved: then part of the row's difference is the block's, not the model's.
 */
export function blocksText(allowanceHolderBlock: unknown, permit2Block: unknown): { text: string; isSameBlock: boolean } | null {
  const isBlock = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);
  if (!isBlock(allowanceHolderBlock) || !isBlock(permit2Block)) return null;
  if (allowanceHolderBlock === permit2Block) return { text: `Both answers priced at block ${formatInteger(allowanceHolderBlock)}.`, isSameBlock: true };
  const text = `The answers priced at different blocks (Allowance Holder ${formatInteger(allowanceHolderBlock)}, Permit2 ${formatInteger(permit2Block)}): gas price and liquidity can move between blocks, so part of this difference may be the blocks', not the models'.`;
  return { text, isSameBlock: false };
}

/** The model's display name. */
export function modelName(model: 'allowance-holder' | 'permit2' | 'tie'): string {
  return model === 'allowance-holder' ? 'Allowance Holder' : model === 'permit2' ? 'Permit2' : 'Tie';
}

/** A mark under a row's chain name, and what it means (the row's detail shows it in full). */
export interface RowFlag {
  label: string;
  explanation: string;
}

/**
 * The row's flags: a taxed token, issues reported for the taker, answers priced at two blocks, an
 * address override. The table shows each label with its explanation on hover, to screen readers
 * and as the description of the row's Details button, whose detail shows it to everyone.
 */
export function rowFlags(row: CompareRowWire): RowFlag[] {
  const flags: RowFlag[] = [];
  if (row.hasTax) flags.push({ label: 'tax', explanation: 'A token of this row carries a buy, sell or transfer tax (see the detail)' });
  else if (row.hasUnknownTax) flags.push({ label: 'tax unknown', explanation: 'The service could not determine a buy, sell or transfer tax of a token of this row (see the detail)' });
  const issues = issuesText(row);
  if (issues) flags.push({ label: 'issues', explanation: `Issues the service reported for the taker: ${issues} (see the detail)` });
  const blocks = isPricedAtTwoBlocks(row) ? blocksText(row.allowanceHolder.blockNumber, row.permit2.blockNumber) : null;
  if (blocks) flags.push({ label: '2 blocks', explanation: blocks.text });
  if (row.buyToken.isOverride || row.sellToken.isOverride) {
    flags.push({ label: `${row.sellToken.symbol} → ${row.buyToken.symbol}`, explanation: `Address override: ${row.sellToken.symbol} ${row.sellToken.address} → ${row.buyToken.symbol} ${row.buyToken.address}` });
  }
  return flags;
}
