import { findCrossovers, isDecidedByFee, ladderPoints, type LadderPoint, type NetFigure } from '../domain/ladder.ts';
import { splitAmountList, amountItemsProblem } from '../domain/ladder-amounts.ts';
import { ladderToCsv, ladderToJson } from '../domain/ladder-export.ts';
import type { ExportProfile } from '../domain/compare-export.ts';
import { crossoverText, ladderModelName, soldText } from '../domain/ladder-text.ts';
import { countOf, formatComparedColumns, formatSignedBps } from '../domain/number-format.ts';
import { formatBaseUnits } from '../domain/units.ts';
import { ladderExportChains, ladderInputOf, LadderRequestSchema, type LadderRequest, type LadderRequestInput, type LadderRowWire, type LadderStatus } from '../ipc/channels/ladder.ts';
import { isPricedAtTwoBlocks } from '../ipc/channels/compare.ts';
import { isAppError } from '../ipc/result.ts';
import { toFieldErrors, type FieldError } from '../spec/index.ts';
import type { z } from 'zod';
import type { CommandIo } from './command.ts';
import { openCliEngine } from './compare-engine.ts';
import { stripTerminalControls } from '../domain/support/terminal-safe.ts';
import { alignTable, blockNotes, errorNotes, feeNotPricedNotes, listedBySide, netDiffNotes, titlePairs } from './compare-format.ts';
import { taxesByPlace } from '../domain/row-taxes.ts';
import { ladderIssueNotes, nativeClashNote } from './answer-lines.ts';
import { UsageError, usageLine } from './compare-run.ts';
import { wasInterrupted, watchInterrupt, type InterruptWatch } from './interrupt.ts';
import { planLadder } from '../core/compare/ladder-plan.ts';
import { createLadderRunner } from '../core/compare/ladder-runner.ts';
import { createLadderStore } from '../core/compare/ladder-store.ts';
import { chainLabel } from '../domain/chains.ts';

/**
 * `swap-explorer compare --amounts 100,1000,10000`: the size ladder headless, through the same
 * ladder runner, request service and rate budget as the app's Sizes mode. Table, CSV or JSON on
 * stdout; progress on stderr; SIGINT cancels and the sides not answered say cancelled.
 */

/** The `--amounts` list as items, or a UsageError naming the flag and the item. */
export function amountsFlag(text: string): string[] {
  const items = splitAmountList(text);
  const problem = amountItemsProblem(items);
  if (problem) throw new UsageError(`--amounts ${problem.reason}`);
  return items;
}

/** Checks a ladder request with the channel's own schema; UsageError names the flag. */
export function parseLadderRequest(input: LadderRequestInput): LadderRequest {
  const parsed = LadderRequestSchema.safeParse(input);
  if (!parsed.success) throw new UsageError(usageLine(toFieldErrors(parsed.error as z.ZodError, input)));
  return parsed.data;
}

/** Runs a ladder to the end with progress on stderr, and says whether Ctrl-C came; bad input is a UsageError before any service starts. */
export async function runLadderToEnd(request: LadderRequest, options: { dataDir: string; profile?: string }, io: CommandIo): Promise<{ status: LadderStatus; profile: ExportProfile; isInterrupted: boolean }> {
  try {
    planLadder(request);
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_INPUT') throw new UsageError(usageLine((error.details as FieldError[] | undefined) ?? []));
    throw error;
  }
  // Noted from before the service starts until it is stopped, as in runToEnd (interrupt.ts).
  const interrupt = watchInterrupt();
  try {
    const { status, profile } = await runLadderWithEngine(request, options, io, interrupt);
    return { status, profile, isInterrupted: await wasInterrupted(interrupt, status.state === 'failed') };
  } finally {
    interrupt.stop();
  }
}

async function runLadderWithEngine(request: LadderRequest, options: { dataDir: string; profile?: string }, io: CommandIo, interrupt: InterruptWatch): Promise<{ status: LadderStatus; profile: ExportProfile }> {
  const engine = await openCliEngine({ dataDir: options.dataDir, profile: options.profile, warn: (message) => io.stderr(`swap-explorer compare: ${stripTerminalControls(message)}\n`) });
  try {
    const ladder = createLadderRunner({ requests: engine.requests, store: createLadderStore(options.dataDir), defaultProfileId: engine.profileId });
    const started = ladder.start(request);
    interrupt.onInterrupt(() => ladder.cancel(started.runId));
    const timer = setInterval(() => {
      void ladder.status(started.runId).then((status) => io.stderr(`compare: ${status.done}/${status.total} done\n`));
    }, 1000);
    try {
      return { status: await started.finished, profile: engine.profile };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await engine.close({ isProcessExitNext: io.isProcessExitNext });
  }
}

// A figure without a net per unit says why; the nets are formatted together (formatComparedColumns).
function figureProblem(figure: NetFigure): string {
  return figure.kind === 'fee-not-priced' ? 'fee not priced' : figure.kind === 'net' ? '' : figure.reason;
}

function verdictCell(point: LadderPoint, isAtTwoBlocks: boolean): string {
  if (point.better === null) return '-';
  // As compare's verdict: at two blocks it compares the blocks as well as the models. Equal nets
  // the cheaper fee decided say so: the nets beside it read the same.
  const basis = isDecidedByFee(point) ? 'lower network fee' : 'net';
  return `${point.better === 'tie' ? 'tie' : ladderModelName(point.better)} (${basis}${isAtTwoBlocks ? ', 2 blocks' : ''})`;
}

/** The ladder as a table: one line per chain and size, then each chain's crossover. */
export function ladderTable(rows: readonly LadderRowWire[]): string {
  const header = ['chain', 'size', 'AH net per unit', 'P2 net per unit', 'P2-AH net bps', 'better'];
  const lines: { name: string; size: string; point: LadderPoint; decimals: number; isAtTwoBlocks: boolean }[] = [];
  const crossovers: string[] = [];
  for (const chain of ladderExportChains(rows)) {
    const chainRows = rows.filter((row) => row.chainId === chain.chainId);
    const points = ladderPoints(chainRows.map(ladderInputOf));
    const name = chainLabel(chain.chainId);
    // Keyed by the base units sold, not the float size: two sizes one float cannot tell apart
    // (1,000,000 and 1,000,000.000000000000000001 WETH) would get each other's mark.
    const twoBlockSizes = new Set(chainRows.filter(isPricedAtTwoBlocks).map((row) => BigInt(row.sellAmount)));
    for (const point of points) lines.push({ name, size: soldText(point.sellAmount, chain.sell), point, decimals: chain.buy.decimals, isAtTwoBlocks: twoBlockSizes.has(point.sellAmount) });
    crossovers.push(`  ${name}: ${crossoverText(findCrossovers(points), chain.sell)}`);
  }
  // Both models' nets per unit to one precision, enough that a line's two nets read apart when
  // they differ (as the Compare table does); a bps difference below 0.005 keeps its digits.
  const perUnit = (figure: NetFigure, decimals: number) => (figure.kind === 'net' ? { base: figure.perUnitBase, decimals } : null);
  const [ahTexts, p2Texts] = formatComparedColumns([
    lines.map(({ point, decimals }) => perUnit(point.allowanceHolder, decimals)),
    lines.map(({ point, decimals }) => perUnit(point.permit2, decimals)),
  ]);
  const cells = lines.map(({ name, size, point, isAtTwoBlocks }, index) => [
    name,
    size,
    ahTexts![index] ?? figureProblem(point.allowanceHolder),
    p2Texts![index] ?? figureProblem(point.permit2),
    point.diffBps === null ? '-' : formatSignedBps(point.diffBps),
    verdictCell(point, isAtTwoBlocks),
  ]);
  const units = new Set(rows.map((row) => `${row.buyToken.symbol} per ${row.sellToken.symbol}`));
  const unit = units.size === 1 ? [...units][0]! : units.size === 0 ? 'per unit sold' : "each pair's buy token per sell token";
  return `${alignTable([header, ...cells])}\n\ncrossover (net of network fee, ${unit}):\n${crossovers.join('\n')}\n`;
}

/** How a ladder row is named in the error list: its chain and size ("Ethereum (1) 1,000 USDC"). */
export function ladderRowLabel(row: LadderRowWire): string {
  return `${chainLabel(row.chainId)} ${formatBaseUnits(BigInt(row.sellAmount), row.sellToken.decimals)} ${row.sellToken.symbol}`;
}

/**
 * The token taxes the ladder's answers reported, each with its chains (a tax is the token's at every
 * size): its buys, nets and per-unit figures are after them, and would read as a poor price without
 * them (a USDC -> TAXD ladder about 4 % below the market). Nothing when no token is taxed.
 */
function ladderTaxNotes(rows: readonly LadderRowWire[]): string {
  const taxes = taxesByPlace(rows, (row) => chainLabel(row.chainId));
  return taxes.size === 0 ? '' : `\n${listedBySide('token taxes (every figure above is after them)', taxes)}`;
}

/** The ladder in the chosen format. */
export function formatLadder(status: LadderStatus, format: 'table' | 'csv' | 'json', profile?: ExportProfile): string {
  const chains = ladderExportChains(status.rows);
  if (format === 'csv') return ladderToCsv(chains, profile, status.request, status);
  if (format === 'json') return `${ladderToJson(status.request, chains, profile, status)}\n`;
  const pairs = titlePairs(status.request, status.rows);
  // In the table's order (chain, then size), not the order the answers came in.
  const position = (row: LadderRowWire) => chains.findIndex((chain) => chain.chainId === row.chainId);
  const ordered = [...status.rows].sort((a, b) => position(a) - position(b) || a.amountIndex - b.amountIndex);
  const clash = nativeClashNote(ordered);
  const issues = `${clash ? `\n${clash}` : ''}${ladderTaxNotes(ordered)}${ladderIssueNotes(ordered, ladderRowLabel, status.request.taker)}`;
  // The unit of the table's figures on its first line, as compare's says its own (per pair when chains traded different ones).
  const sizes = `${countOf(status.request.amounts.length, 'size')}, ${countOf(chains.length, 'chain')} (run ${status.runId})`;
  const first = status.rows[0];
  const title = !first
    ? `${pairs.text} at ${sizes}`
    : pairs.isSole
      ? `${pairs.text} at ${sizes}; net per unit in ${first.buyToken.symbol} per ${first.sellToken.symbol} sold, after each side's network fee`
      : `At ${sizes}: ${pairs.text}; net per unit in each pair's buy token per sell token sold, after each side's network fee`;
  return `${title}\n${ladderTable(status.rows)}${errorNotes(status.rows, ladderRowLabel)}${feeNotPricedNotes(status.rows, ladderRowLabel, 'no net per unit or verdict at that size')}${blockNotes(status.rows, ladderRowLabel)}${netDiffNotes(status.rows, ladderRowLabel)}${issues}`;
}
