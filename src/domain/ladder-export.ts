import type { ComparisonRow, ModelSide } from './compare.ts';
import { csvField, profileCell, runStateCell, runStateJson, SENT_CSV_COLUMNS, sentCells, sentJson, TAX_CSV_COLUMNS, taxCells, type ExportProfile, type ExportRunState, type SentSettings, type SideTaxes } from './compare-export.ts';
import { findCrossovers, isDecidedByFee, ladderPoints, netFigure, type CrossoverResult, type LadderPoint, type LadderPointInput, type PricedSize } from './ladder.ts';
import { crossoverText } from './ladder-text.ts';
import { formatBaseUnits } from './units.ts';

/**
 * CSV and JSON of a size ladder: one line per chain and size with both models' net figures and
 * zids (every figure traces to its request), and each chain's crossover finding.
 */

/** A token as the export names it. */
export interface LadderExportToken {
  address: string;
  symbol: string;
  decimals: number;
}

/** One size of one chain. */
export interface LadderExportRow {
  amount: string;
  sellAmount: bigint;
  row: ComparisonRow;
  /** How the network fee was priced in the buy token, with the rate request's zid when one was sent. */
  feeRate?: { source: string; zid: string | null } | null;
  /** Why it was not (null when it was). */
  feeNotPriced?: string | null;
  /** The kinds of issue each side's answer reported ('allowance', 'balance', …); undefined: not known (a ladder saved before). */
  issues?: { allowanceHolder: readonly string[] | undefined; permit2: readonly string[] | undefined };
  /** The block each side's answer priced at (null: no answer); undefined: not known (a ladder saved before). */
  blocks?: { allowanceHolder: string | null | undefined; permit2: string | null | undefined };
  /**
   * Whether a side's answer reported a token tax: true, 'unknown' (a tax it could not determine),
   * false (every tax zero), null (no side answered with its taxes, or a ladder saved before).
   */
  hasTax?: boolean | 'unknown' | null;
  /** The sell and buy token's taxes each side's answer reported (null: no liquid answer), as Compare's export has them. */
  tokenTaxes?: { allowanceHolder: SideTaxes | null | undefined; permit2: SideTaxes | null | undefined };
}

/** One chain of the ladder, its sizes in the order given. */
export interface LadderExportChain {
  chainId: number;
  chainName: string;
  sell: LadderExportToken;
  buy: LadderExportToken;
  rows: LadderExportRow[];
}

const SIDE_COLUMNS = ['state', 'error_name', 'buy_amount', 'network_fee_in_buy_token', 'net_buy_amount', 'net_per_unit_sold', 'zid'] as const;

/** The CSV header, in column order; the issues, blocks, taxes, profile, what else was sent and the run's state come last, so earlier columns keep their place. */
export const LADDER_CSV_COLUMNS: readonly string[] = [
  'chain_id', 'chain_name', 'amount', 'sell_token', 'buy_token', 'sell_amount_base_units',
  ...SIDE_COLUMNS.map((column) => `allowance_holder_${column}`),
  ...SIDE_COLUMNS.map((column) => `permit2_${column}`),
  'better', 'better_basis', 'net_diff_bps_permit2_vs_allowance_holder', 'fee_rate_source', 'fee_rate_zid', 'fee_not_priced', 'chain_crossover',
  'allowance_holder_issues', 'permit2_issues', 'allowance_holder_block', 'permit2_block', 'has_tax', ...TAX_CSV_COLUMNS, 'profile', ...SENT_CSV_COLUMNS, 'run_state',
];

/** Identifies the JSON export. */
export const LADDER_JSON_FORMAT = 'swap-explorer.size-ladder';

function inputOf(chain: LadderExportChain, item: LadderExportRow): LadderPointInput {
  const size = Number(formatBaseUnits(item.sellAmount, chain.sell.decimals, { grouping: false }));
  return { size, sellAmount: item.sellAmount, sellDecimals: chain.sell.decimals, buyDecimals: chain.buy.decimals, allowanceHolder: item.row.allowanceHolder, permit2: item.row.permit2 };
}

/** A chain's crossover finding. */
export function chainCrossover(chain: LadderExportChain): CrossoverResult {
  return findCrossovers(chainPoints(chain));
}

function chainPoints(chain: LadderExportChain): LadderPoint[] {
  return ladderPoints(chain.rows.map((item) => inputOf(chain, item)));
}

/**
 * The crossover finding as the JSON file has carried it since version 1: each priced size as its
 * place on the axis (a number); the text beside it names them as sold.
 */
function crossoverJson(crossover: CrossoverResult): object {
  const axis = (at: PricedSize) => at.size;
  if (crossover.kind === 'not-enough') return crossover;
  if (crossover.kind === 'none-in-range') return { ...crossover, from: axis(crossover.from), to: axis(crossover.to), tied: crossover.tied.map(axis) };
  return { ...crossover, crossovers: crossover.crossovers.map((item) => ({ ...item, between: item.between.map(axis) })) };
}

function netPerUnit(side: ModelSide, chain: LadderExportChain, item: LadderExportRow): string | null {
  const figure = netFigure(side, inputOf(chain, item));
  return figure.kind === 'net' ? formatBaseUnits(figure.perUnitBase, chain.buy.decimals, { grouping: false }) : null;
}

function sideCells(side: ModelSide, chain: LadderExportChain, item: LadderExportRow): (string | null)[] {
  const human = (value: bigint | null) => (value === null ? null : formatBaseUnits(value, chain.buy.decimals, { grouping: false }));
  return [side.state, side.errorName, human(side.buyAmount), human(side.networkFeeInBuyToken), human(side.netBuyAmount), netPerUnit(side, chain, item), side.zid];
}

// A size's verdict as both exports write it: the better model, on what basis ('network-fee' where
// equal nets went to the cheaper fee, as Compare's export says it), the net difference.
function verdictOf(point: LadderPoint): { better: LadderPoint['better']; basis: 'net' | 'network-fee' | null; netDiffBps: number | null } {
  const basis = point.better === null ? null : isDecidedByFee(point) ? 'network-fee' : 'net';
  return { better: point.better, basis, netDiffBps: point.diffBps };
}

// One size as the ladder table reads it: its verdict (on nets priced on both sides, equal nets on
// equal buys by the cheaper fee) and its net difference. The row's own basis is not the ladder's.
function sizePoint(chain: LadderExportChain, item: LadderExportRow): LadderPoint {
  return ladderPoints([inputOf(chain, item)])[0]!;
}

/** The ladder as CSV, CRLF line ends (RFC 4180). */
export function ladderToCsv(chains: readonly LadderExportChain[], profile?: ExportProfile, sent?: SentSettings, run?: ExportRunState): string {
  const lines = [LADDER_CSV_COLUMNS.map(csvField).join(',')];
  for (const chain of chains) {
    const crossover = crossoverText(chainCrossover(chain), chain.sell);
    for (const item of chain.rows) {
      const { row } = item;
      const verdict = verdictOf(sizePoint(chain, item));
      const cells = [
        chain.chainId, chain.chainName, item.amount, chain.sell.symbol, chain.buy.symbol, item.sellAmount.toString(),
        ...sideCells(row.allowanceHolder, chain, item), ...sideCells(row.permit2, chain, item),
        verdict.better, verdict.basis, verdict.netDiffBps,
        item.feeRate?.source ?? null, item.feeRate?.zid ?? null, item.feeNotPriced ?? null, crossover,
        // The kinds reported, ';'-separated; empty when none was (or, in an older ladder, not known: the JSON says null).
        (item.issues?.allowanceHolder ?? []).join('; '), (item.issues?.permit2 ?? []).join('; '),
        item.blocks?.allowanceHolder ?? null, item.blocks?.permit2 ?? null,
        item.hasTax === undefined || item.hasTax === null ? null : String(item.hasTax), ...taxCells(item), profileCell(profile), ...sentCells(sent), runStateCell(run),
      ];
      lines.push(cells.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The ladder as JSON: amounts as decimal strings of base units with the decimals to read them. */
export function ladderToJson(request: { sell: string; buy: string; amounts: readonly string[] } & Partial<SentSettings>, chains: readonly LadderExportChain[], profile?: ExportProfile, run?: ExportRunState): string {
  const out = chains.map((chain) => {
    const crossover = chainCrossover(chain);
    const points = chain.rows.map((item) => ({
      amount: item.amount, sellAmount: item.sellAmount,
      ...item.row,
      // The ladder's verdict, as its table and the CSV say it: only on nets priced on both sides. The
      // row's own (a side alone priced, gross amounts) called a model better at a size where the
      // screen and the CSV call none. Equal nets the cheaper fee decided read basis 'network-fee'.
      ...verdictOf(sizePoint(chain, item)),
      feeRate: item.feeRate ?? null,
      feeNotPriced: item.feeNotPriced ?? null,
      hasTax: item.hasTax ?? null,
      tokenTaxes: { allowanceHolder: item.tokenTaxes?.allowanceHolder ?? null, permit2: item.tokenTaxes?.permit2 ?? null },
      allowanceHolder: { ...item.row.allowanceHolder, netPerUnitSold: netPerUnit(item.row.allowanceHolder, chain, item), issues: item.issues?.allowanceHolder ?? null, blockNumber: item.blocks?.allowanceHolder ?? null },
      permit2: { ...item.row.permit2, netPerUnitSold: netPerUnit(item.row.permit2, chain, item), issues: item.issues?.permit2 ?? null, blockNumber: item.blocks?.permit2 ?? null },
    }));
    return { chainId: chain.chainId, chainName: chain.chainName, sellToken: chain.sell, buyToken: chain.buy, crossover: { ...crossoverJson(crossover), text: crossoverText(crossover, chain.sell) }, points };
  });
  const sent = request.models ? sentJson({ ...request, models: request.models }) : null;
  const body = { format: LADDER_JSON_FORMAT, version: 1, profile: profile ?? null, sell: request.sell, buy: request.buy, amounts: request.amounts, sent, run: runStateJson(run), chains: out };
  return JSON.stringify(body, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2);
}
