import { comparisonToCsv, comparisonToJson, type ExportProfile } from '../domain/compare-export.ts';
import { countOf, formatComparedColumns, formatFixed, formatHumanAmount, formatInteger, formatSignedBps, formatTokenAmount } from '../domain/number-format.ts';
import { exportRowOf, isPricedAtTwoBlocks, type CompareRowWire, type ModelSideWire, type RunStatus } from '../ipc/channels/compare.ts';
import { chainLabel } from '../domain/chains.ts';
import { runPairs } from '../ipc/channels/run-summary.ts';
import { noNetDiffReason, runFailedText } from '../domain/compare.ts';
import { NO_NATIVE_TOKEN_NOTE, networkFeeText } from '../domain/network-fee-unit.ts';

/** The results of a comparison as the CLI prints them: an aligned table, CSV or JSON. */

/** The two models' short labels and their row members, in table order. */
export const MODEL_LABELS = [['AH', 'allowanceHolder'], ['P2', 'permit2']] as const;

/** Adds `side` to the sides `text` was said on (a note's list, in the order seen). */
export function addSide(sidesByText: Map<string, string[]>, text: string, side: string): void {
  sidesByText.set(text, [...(sidesByText.get(text) ?? []), side]);
}

/**
 * A note under a table: each text once, with the sides it was said on ("  text\n    on Ethereum
 * (1) AH, Base (8453) P2"), after a title line. Errors, taxes and issues are all listed this way.
 */
export function listedBySide(title: string, sidesByText: ReadonlyMap<string, readonly string[]>): string {
  return `${title}:\n${[...sidesByText].map(([text, sides]) => `  ${text}\n    on ${sides.join(', ')}`).join('\n')}\n`;
}

/**
 * The messages behind the error names a table shows, each once with the sides it answered ("on
 * Ethereum (1) AH, Base (8453) P2"): a cell has room for the name only, and the message is what
 * says what to do (a key, a field). Empty when no side ended in an error.
 * @param where how a row is named in the list (its chain; in a ladder, its chain and size)
 */
export function errorNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string): string {
  const sidesByError = new Map<string, string[]>();
  for (const row of rows) {
    for (const [label, model] of MODEL_LABELS) {
      const side = row[model];
      if (side.state !== 'error') continue;
      const error = `${side.errorName ?? 'error'}: ${side.errorMessage ?? 'no message'}`;
      addSide(sidesByError, error, `${where(row)} ${label}`);
    }
  }
  return sidesByError.size === 0 ? '' : `\n${listedBySide('errors', sidesByError)}`;
}

/** How a comparison row is named in the error list: its chain ("Base (8453)"). */
export function compareRowLabel(row: CompareRowWire): string {
  return chainLabel(row.chainId);
}

/**
 * The rows whose two answers priced at different blocks, with both blocks: the requests go one
 * after the other, and on a fast chain they often land in different blocks, where the gas price
 * and liquidity may have moved (the app's table flags them "2 blocks"). Empty when none did.
 * @param where how a row is named in the list (its chain; in a ladder, its chain and size)
 */
export function blockNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string): string {
  const lines = rows.filter(isPricedAtTwoBlocks).map((row) => `  ${where(row)}: AH ${formatInteger(row.allowanceHolder.blockNumber!)}, P2 ${formatInteger(row.permit2.blockNumber!)}`);
  return lines.length === 0 ? '' : `\npriced at different blocks (part of the row's difference may be the blocks', not the models'):\n${lines.join('\n')}\n`;
}

/**
 * The rows whose net difference column reads "-" though both nets are known (noNetDiffReason), with
 * the reason: a "-" beside a net verdict would read as a figure lost. Empty when none.
 */
export function netDiffNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string): string {
  const missing = rows.filter((row) => (row.netDiffBps === null || row.netDiffBps === undefined) && noNetDiffReason(row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount) !== null);
  if (missing.length === 0) return '';
  return `\n${noNetDiffReason(0n, 0n)}:\n${missing.map((row) => `  ${where(row)}`).join('\n')}\n`;
}

/**
 * The reasons a row's network fee could not be priced in its buy token (feeNotPriced: the rate
 * request failed or had no liquidity, or an answer gave no network fee), each once with the rows it
 * applies to. Without it the table's empty net figures and a gross verdict said nothing of why,
 * where the app says it beside them and the CSV in `fee_not_priced`. Empty when every fee was priced.
 * @param where how a row is named in the list (its chain; in a ladder, its chain and size)
 * @param effect what the missing rate leaves out, said in the title ("no net buy or net difference; …")
 */
export function feeNotPricedNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string, effect: string): string {
  const rowsByReason = new Map<string, string[]>();
  // A row with no price on either side has no fee to price: its reason would only be noise.
  const isPriced = (row: Row) => MODEL_LABELS.some(([, model]) => row[model].state === 'ok');
  for (const row of rows) if (row.feeNotPriced && isPriced(row)) addSide(rowsByReason, row.feeNotPriced, where(row));
  return rowsByReason.size === 0 ? '' : `\n${listedBySide(`network fee not priced in the buy token (${effect})`, rowsByReason)}`;
}

/**
 * The rows whose network fees read in wei, not in a native token as the title says of the others:
 * their chain has none (Tempo). Empty when no such row has a fee.
 */
export function feeUnitNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string): string {
  const inWei = rows.filter((row) => row.nativeSymbol === null && MODEL_LABELS.some(([, model]) => row[model].totalNetworkFee !== null));
  return inWei.length === 0 ? '' : `
network fees in wei on ${inWei.map(where).join(', ')}: ${NO_NATIVE_TOKEN_NOTE}
`;
}

/** The better model with what it stands on: "Permit2 (net)", and "2 blocks" when it compares two blocks too; "-" for none. */
function verdictText(row: CompareRowWire): string {
  if (row.better === null) return '-';
  const basis = [row.basis === 'network-fee' ? 'same buy, lower fee' : row.basis, isPricedAtTwoBlocks(row) ? '2 blocks' : null].filter((item) => item !== null && item !== undefined);
  return `${BETTER[row.better]}${basis.length > 0 ? ` (${basis.join(', ')})` : ''}`;
}

/** True when no requested side was answered with a price or "no liquidity": nothing to compare. */
export function isNothingAnswered(rows: readonly CompareRowWire[]): boolean {
  return rows.every((row) => MODEL_LABELS.every(([, model]) => row[model].state !== 'ok' && row[model].state !== 'no-liquidity'));
}

// Through the app's one formatter (thousands separators, digits cut, never rounded up); CSV and JSON keep base units.
function amount(value: string | null, decimals: number, fractionDigits?: number): string {
  if (value === null) return '-';
  return fractionDigits === undefined ? formatTokenAmount(value, decimals) : formatFixed(value, decimals, fractionDigits);
}

/** A side's buy amount (with `fractionDigits` when given, so it lines up with its row), or why there is none. */
export function sideText(side: ModelSideWire, decimals: number, fractionDigits?: number): string {
  if (side.state === 'ok') return amount(side.buyAmount, decimals, fractionDigits);
  if (side.state === 'no-liquidity') return 'no liquidity';
  if (side.state === 'error') return side.errorName ?? 'error';
  if (side.state === 'pending' || side.state === 'cancelled') return side.state;
  if (side.state === 'run-failed') return runFailedText(side);
  return '-';
}

const BETTER = { 'allowance-holder': 'Allowance Holder', permit2: 'Permit2', tie: 'tie' } as const;

/**
 * The pairs a run's rows traded, as a CLI title names them: the one pair ("USDC -> WETH", with its
 * `buy` token) or each pair with its chains ("USDC -> TAXD on Ethereum (address override), USDC ->
 * WETH on Base"), as the app's caption does: a title naming the first row's pair would label the
 * other pair's figures with a token they are not in.
 */
export function titlePairs(request: Parameters<typeof runPairs>[0], rows: Parameters<typeof runPairs>[1]): { text: string; isSole: boolean; buy: string } {
  const pairs = runPairs(request, rows);
  const named = (pair: (typeof pairs)[number]) => `${pair.sell} -> ${pair.buy}`;
  const override = (pair: (typeof pairs)[number]) => (pair.isOverride ? ' (address override)' : '');
  if (pairs.length > 1) return { text: pairs.map((pair) => `${named(pair)} on ${pair.chains.join(', ')}${override(pair)}`).join(', '), isSole: false, buy: '' };
  const only = pairs[0] ?? { sell: request.sell, buy: request.buy, chains: [], isOverride: false };
  return { text: named(only), isSole: true, buy: only.buy };
}

/** Pads cells into aligned columns (numbers right-aligned). */
export function alignTable(lines: string[][]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines.map((line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd()).join('\n');
}

/** The comparison as a table. */
export function comparisonTable(rows: readonly CompareRowWire[]): string {
  const header = ['chain', 'AH buy', 'P2 buy', 'P2-AH bps', 'P2-AH net bps', 'AH min buy', 'P2 min buy', 'AH network fee', 'P2 network fee', 'AH net buy', 'P2 net buy', 'better'];
  // One fraction-digit count for every buy-token figure of the table: buy, min buy and net of both
  // models read to the same precision (a longer net would look larger than its buy), each column
  // lines up on the decimal point, and a row's figures that differ read differently.
  const column = (pick: (row: CompareRowWire) => string | null) => rows.map((row) => {
    const base = pick(row);
    return base === null ? null : { base, decimals: row.buyToken.decimals };
  });
  const [ahBuy, p2Buy, ahMin, p2Min, ahNet, p2Net] = formatComparedColumns([
    column((row) => (row.allowanceHolder.state === 'ok' ? row.allowanceHolder.buyAmount : null)),
    column((row) => (row.permit2.state === 'ok' ? row.permit2.buyAmount : null)),
    column((row) => row.allowanceHolder.minBuyAmount),
    column((row) => row.permit2.minBuyAmount),
    column((row) => row.allowanceHolder.netBuyAmount),
    column((row) => row.permit2.netBuyAmount),
  ]);
  const lines = rows.map((row, index) => {
    const d = row.buyToken.decimals;
    const fee = (side: ModelSideWire) => (side.totalNetworkFee === null ? '-' : networkFeeText(side.totalNetworkFee, row.nativeSymbol, row.nativeDecimals));
    const figure = (texts: (string | null)[] | undefined) => texts?.[index] ?? '-';
    return [
      chainLabel(row.chainId),
      ahBuy?.[index] ?? sideText(row.allowanceHolder, d),
      p2Buy?.[index] ?? sideText(row.permit2, d),
      row.diffBps === null ? '-' : formatSignedBps(row.diffBps),
      row.netDiffBps === null || row.netDiffBps === undefined ? '-' : formatSignedBps(row.netDiffBps),
      figure(ahMin),
      figure(p2Min),
      fee(row.allowanceHolder),
      fee(row.permit2),
      figure(ahNet),
      figure(p2Net),
      verdictText(row),
    ];
  });
  return `${alignTable([header, ...lines])}\n`;
}

/**
 * The run in the chosen format. A table ends with the errors' messages, then `answerNotes` (the
 * answers' taxes and issues: src/cli/answer-lines.ts); CSV and JSON carry their own columns.
 */
export function formatRun(status: RunStatus, format: 'table' | 'csv' | 'json', answerNotes = '', profile?: ExportProfile): string {
  if (format === 'csv') return comparisonToCsv(status.rows.map(exportRowOf), profile, status.request, status);
  if (format === 'json') return `${comparisonToJson(status.rows.map(exportRowOf), profile, status.request, status)}\n`;
  const amount = formatHumanAmount(status.request.amount);
  const pairs = titlePairs(status.request, status.rows);
  // The table's columns name no unit: the title says which token each figure counts, per pair
  // when an address override made a chain buy another token than the others.
  const count = `${countOf(status.rows.length, 'chain')} (run ${status.runId})`;
  const sole = `${amount} ${pairs.text}, ${count}; buy amounts in ${pairs.buy}, network fees in each chain's native token`;
  const several = `${amount} sold, ${count}: ${pairs.text}; buy amounts in each pair's buy token, network fees in each chain's native token`;
  const title = status.rows.length === 0 ? `run ${status.runId}` : pairs.isSole ? sole : several;
  return `${title}\n${comparisonTable(status.rows)}${errorNotes(status.rows, compareRowLabel)}${feeUnitNotes(status.rows, compareRowLabel)}${feeNotPricedNotes(status.rows, compareRowLabel, 'no net buy or net difference; the verdict compares gross buys, or the network fees where the buys are equal')}${blockNotes(status.rows, compareRowLabel)}${netDiffNotes(status.rows, compareRowLabel)}${answerNotes}`;
}
