import { noNetDiffReason, type ComparisonRow, type FeeTotal, type ModelSide } from './compare.ts';
import { nativeFeeNotGivenNote } from './network-fee-unit.ts';
import { formatBaseUnits } from './units.ts';

/**
 * CSV and JSON of the comparison table (issue 5, "Export and reopen"), zids included so that each
 * figure can be traced back to its request. Issue 11: amounts are written twice, in human units (no
 * grouping, full precision, for spreadsheets) and in base units (`*_base_units`, exact), with the
 * symbols and addresses the run used; the net difference and the rate the fee was priced with too.
 */

/** A table row with what is needed to show its amounts in human units. */
export interface ExportRow {
  row: ComparisonRow;
  chainName: string;
  /** Decimals of the buy token on this chain (USDC has 6 on most chains, 18 on BSC). */
  buyDecimals: number;
  nativeDecimals: number;
  /**
   * The chain's native token, the one its network fees are counted in (ETH, POL, BNB, AVAX): the
   * `*_network_fee_native` figures of a run over several chains are in as many tokens. null: the
   * chain has none (Tempo), and those figures are left empty; undefined: not known (a caller that
   * does not give it).
   */
  nativeSymbol?: string | null;
  /** The tokens the row's requests used (an override's, not the pair picker's). */
  sellSymbol?: string;
  buySymbol?: string;
  buyAddress?: string;
  /**
   * The trade the row's requests priced: the sell token's address and decimals and the amount in
   * its base units (per chain: 1,000 USDC is 10^9 on Ethereum, 10^21 on BSC). Without them an
   * export listed what came back but not what was asked. Undefined: not known (a run saved before).
   */
  sellAddress?: string;
  sellDecimals?: number;
  sellAmount?: string;
  /** Buy-token base units per whole native unit the fee was converted with; null: fee not priced. */
  buyPerNative?: string | null;
  /**
   * Where that rate came from ('buy-is-native', 'sell-is-native' or 'quoted') and, for 'quoted', the
   * zid of the extra price request that gave it: each net figure traces to it as to the answers.
   * null: fee not priced; undefined: not known (a run saved before).
   */
  rateSource?: string | null;
  rateZid?: string | null;
  /** A side's answer reported a non-zero token tax (undefined: not known, a run saved before). */
  hasTax?: boolean;
  /** A side's answer could not determine a token tax, a null (undefined: not known, a run saved before). */
  hasUnknownTax?: boolean;
  /**
   * The sell and buy token's taxes each side's answer reported, bps as decimal strings (null: could
   * not be determined); a side null without a liquid answer, undefined: not known (a run saved before).
   */
  tokenTaxes?: { allowanceHolder: SideTaxes | null | undefined; permit2: SideTaxes | null | undefined };
  /** Why the network fee could not be priced in the buy token (null when it was; undefined: a run saved before). */
  feeNotPriced?: string | null;
  /** The kinds of issue each side's answer reported ('allowance', 'balance', …); undefined: not known. */
  issues?: { allowanceHolder: readonly string[] | undefined; permit2: readonly string[] | undefined };
  /** The block each side's answer priced at (null: no answer); undefined: not known, a run saved before. */
  blocks?: { allowanceHolder: string | null | undefined; permit2: string | null | undefined };
}

/** A token's buy, sell and transfer tax in bps as an answer reported them. */
export interface TokenTaxes {
  buyTaxBps: string | null;
  sellTaxBps: string | null;
  transferTaxBps: string | null;
}

/** The two tokens' taxes one answer reported. */
export interface SideTaxes {
  sellToken: TokenTaxes;
  buyToken: TokenTaxes;
}

const TAX_MEMBERS = [['buy', 'buyTaxBps'], ['sell', 'sellTaxBps'], ['transfer', 'transferTaxBps']] as const;

/** The CSV columns of the two tokens' taxes in bps (Compare's and the size ladder's exports). */
export const TAX_CSV_COLUMNS: readonly string[] = (['sell_token', 'buy_token'] as const).flatMap((token) => TAX_MEMBERS.map(([kind]) => `${token}_${kind}_tax_bps`));

const SIDE_COLUMNS = [
  'state', 'error_name', 'buy_amount', 'min_buy_amount', 'integrator_fees_base_units', 'service_fee_base_units',
  'gas', 'total_network_fee_native', 'network_fee_in_buy_token', 'net_buy_amount', 'zid',
  'buy_amount_base_units', 'min_buy_amount_base_units', 'total_network_fee_base_units', 'network_fee_in_buy_token_base_units', 'net_buy_amount_base_units',
] as const;

/**
 * What a run sent besides the pair and the amount (each row names those): the models asked for and
 * the taker, slippage and integrator fee, each absent where none was sent (the service's default
 * applied). An export's min buys are after that slippage, its buys after that fee, and its issues
 * were checked only for a taker: without them, an export taken once the form had moved on could
 * not say what its figures answer, nor could a colleague reading it.
 */
export interface SentSettings {
  models: readonly string[];
  taker?: string | undefined;
  slippageBps?: number | undefined;
  swapFeeBps?: number | undefined;
  swapFeeRecipient?: string | undefined;
}

/** The CSV columns of SentSettings (Compare's and the size ladder's exports); an empty cell: not sent. */
export const SENT_CSV_COLUMNS: readonly string[] = ['models', 'taker', 'slippage_bps', 'swap_fee_bps', 'swap_fee_recipient'];

/** The SENT_CSV_COLUMNS cells of a run: the models ';'-separated, empty where nothing was sent (or, without settings, not known). */
export function sentCells(sent: SentSettings | undefined): (string | number | null)[] {
  if (!sent) return SENT_CSV_COLUMNS.map(() => null);
  return [sent.models.join('; '), sent.taker ?? null, sent.slippageBps ?? null, sent.swapFeeBps ?? null, sent.swapFeeRecipient ?? null];
}

/** SentSettings as the JSON exports write them: null where nothing was sent. */
export function sentJson(sent: SentSettings): { models: readonly string[]; taker: string | null; slippageBps: number | null; swapFeeBps: number | null; swapFeeRecipient: string | null } {
  return { models: sent.models, taker: sent.taker ?? null, slippageBps: sent.slippageBps ?? null, swapFeeBps: sent.swapFeeBps ?? null, swapFeeRecipient: sent.swapFeeRecipient ?? null };
}

/**
 * The CSV header, in column order. The tax flag, the issues, the blocks, the trade asked, the
 * rate's source and zid, the token taxes in bps, why a fee was not priced, why the net difference
 * was not taken (noNetDiffReason: the empty net bps cell is said, not lost), the native token
 * the network fees are counted in, the profile priced with, what else was sent and why the fees'
 * native figures are empty (a chain with no native token) come after both models' columns, so that
 * every earlier column keeps the place it had in exports made before them; the run's state is last
 * (ExportRunState), wherever a reader of an earlier export found it.
 */
export const COMPARISON_CSV_COLUMNS: readonly string[] = [
  'chain_id', 'chain_name', 'sell_symbol', 'buy_symbol', 'buy_token', 'better', 'better_basis', 'diff_bps_permit2_vs_allowance_holder',
  'net_diff_bps_permit2_vs_allowance_holder', 'buy_base_units_per_native',
  ...SIDE_COLUMNS.map((column) => `allowance_holder_${column}`),
  ...SIDE_COLUMNS.map((column) => `permit2_${column}`),
  'has_tax', 'allowance_holder_issues', 'permit2_issues', 'allowance_holder_block', 'permit2_block',
  'sell_token', 'sell_amount', 'sell_amount_base_units', 'buy_per_native_source', 'buy_per_native_zid',
  ...TAX_CSV_COLUMNS,
  'fee_not_priced', 'net_diff_not_taken', 'native_symbol', 'profile', ...SENT_CSV_COLUMNS,
  'total_network_fee_native_not_given', 'run_state',
];

/**
 * How far the run an export was taken from had got: its state and its requests answered of those
 * planned. An export taken while a run was going listed only the chains answered so far, and one of a
 * cancelled run its answers, each read as a whole run's: the file now says which it is (the CSV's last
 * column `run_state`, the JSON's `run`). Undefined: not given (the column is empty, `run` null).
 */
export interface ExportRunState {
  state: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
}

/** The `run_state` cell: "running: 5/13 requests answered", "done: 13/13 requests answered". */
export function runStateCell(run: ExportRunState | undefined): string | null {
  return run ? `${run.state}: ${run.done}/${run.total} requests answered` : null;
}

/** ExportRunState as the JSON exports write it. */
export function runStateJson(run: ExportRunState | undefined): ExportRunState | null {
  return run ? { state: run.state, done: run.done, total: run.total } : null;
}

/**
 * The profile a run priced with: its id, and its name when known (null: deleted since the run).
 * Exports name it, so that a colleague reading one can tell the local service's simulated market
 * from a deployment's prices, which read alike.
 */
export interface ExportProfile {
  id: string;
  name: string | null;
}

/** How a CSV line names the profile: its name, else its id (deleted since); empty when not given. */
export function profileCell(profile: ExportProfile | undefined): string | null {
  return profile ? (profile.name ?? profile.id) : null;
}

/** Quotes a CSV field (RFC 4180) and defuses spreadsheet formulas in text such as error messages. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell starting with = + - @ runs as a formula in spreadsheets. A number is never one, however
  // JavaScript writes it (a bps difference of -2.8e-14 is written in exponent form): defused, it
  // read back as text. Text is defused unless it is a plain number such as -12.5.
  const isNumber = typeof value === 'number' && Number.isFinite(value);
  if (!isNumber && /^[=+\-@\t\r]/.test(text) && !/^-?[0-9.,]+$/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function feeText(fees: FeeTotal[]): string {
  return fees.map((fee) => `${fee.amount} ${fee.token}`).join('; ');
}

function human(value: bigint | null, decimals: number): string | null {
  return value === null ? null : formatBaseUnits(value, decimals, { grouping: false });
}

function sideCells(side: ModelSide, item: ExportRow): (string | null)[] {
  return [
    side.state,
    side.errorName,
    human(side.buyAmount, item.buyDecimals),
    human(side.minBuyAmount, item.buyDecimals),
    feeText(side.integratorFees),
    side.serviceFee ? feeText([side.serviceFee]) : null,
    side.gas === null ? null : side.gas.toString(),
    item.nativeSymbol === null ? null : human(side.totalNetworkFee, item.nativeDecimals),
    human(side.networkFeeInBuyToken, item.buyDecimals),
    human(side.netBuyAmount, item.buyDecimals),
    side.zid,
    ...[side.buyAmount, side.minBuyAmount, side.totalNetworkFee, side.networkFeeInBuyToken, side.netBuyAmount].map((value) => (value === null ? null : value.toString())),
  ];
}

/**
 * The tax flag: true when a side reported a tax, 'unknown' when none did but one could not be
 * determined (the service said null: 'false' would claim what it did not), false when every tax was
 * answered zero, null when no side answered with its taxes and in a run saved before the flag.
 */
export function taxFlag(item: Pick<ExportRow, 'hasTax' | 'hasUnknownTax' | 'tokenTaxes'>): boolean | 'unknown' | null {
  if (item.hasTax === undefined) return null;
  if (item.hasTax) return true;
  if (item.hasUnknownTax) return 'unknown';
  // No side answered with a price (no liquidity, errors): no tax was reported, zero or otherwise.
  return item.tokenTaxes?.allowanceHolder === null && item.tokenTaxes.permit2 === null ? null : false;
}

/**
 * One tax of one token as the CSV says it: the bps both answers reported ('unknown' where the
 * service could not determine it), each answer's named when the two differ, empty without an answer.
 */
function taxCell(item: Pick<ExportRow, 'tokenTaxes'>, token: keyof SideTaxes, member: keyof TokenTaxes): string | null {
  const sides = [['allowance-holder', item.tokenTaxes?.allowanceHolder], ['permit2', item.tokenTaxes?.permit2]] as const;
  const said = sides.filter(([, taxes]) => taxes).map(([model, taxes]) => [model, taxes![token][member] ?? 'unknown'] as const);
  if (said.length === 0) return null;
  if (new Set(said.map(([, value]) => value)).size === 1) return said[0]![1];
  return said.map(([model, value]) => `${model} ${value}`).join('; ');
}

/** The TAX_CSV_COLUMNS cells of a row: each tax as both answers reported it (taxCell). */
export function taxCells(item: Pick<ExportRow, 'tokenTaxes'>): (string | null)[] {
  return (['sellToken', 'buyToken'] as const).flatMap((token) => TAX_MEMBERS.map(([, member]) => taxCell(item, token, member)));
}

function sellHuman(item: ExportRow): string | null {
  return item.sellAmount === undefined || item.sellDecimals === undefined ? null : human(BigInt(item.sellAmount), item.sellDecimals);
}

/** A token as the JSON export names it; null where the run did not keep it. */
function tokenOf(symbol: string | undefined, address: string | undefined, decimals: number | undefined): { symbol: string | null; address: string | null; decimals: number | null } {
  return { symbol: symbol ?? null, address: address ?? null, decimals: decimals ?? null };
}

/** Why the row's net difference in bps is empty though both nets are known (noNetDiffReason); null else. */
function netDiffNotTaken(row: ComparisonRow): string | null {
  return row.netDiffBps === null ? noNetDiffReason(row.allowanceHolder.netBuyAmount, row.permit2.netBuyAmount) : null;
}

/** The table as CSV: a header row, then one line per chain, CRLF line ends (RFC 4180). */
export function comparisonToCsv(items: readonly ExportRow[], profile?: ExportProfile, sent?: SentSettings, run?: ExportRunState): string {
  const lines = [COMPARISON_CSV_COLUMNS.map(csvField).join(',')];
  for (const item of items) {
    const { row } = item;
    const head = [row.chainId, item.chainName, item.sellSymbol ?? null, item.buySymbol ?? null, item.buyAddress ?? null, row.better, row.basis, row.diffBps, row.netDiffBps, item.buyPerNative ?? null];
    // Issues: the kinds reported, ';'-separated; empty when none was reported (or, in a run saved
    // before issues were kept, not known: the JSON tells the two apart with null).
    const issues = (kinds: readonly string[] | undefined) => (kinds ?? []).join('; ');
    const tax = taxFlag(item);
    const tail = [
      tax === null ? null : String(tax), issues(item.issues?.allowanceHolder), issues(item.issues?.permit2), item.blocks?.allowanceHolder ?? null, item.blocks?.permit2 ?? null,
      item.sellAddress ?? null, sellHuman(item), item.sellAmount ?? null, item.rateSource ?? null, item.rateZid ?? null,
      ...taxCells(item), item.feeNotPriced ?? null, netDiffNotTaken(item.row), item.nativeSymbol ?? null, profileCell(profile), ...sentCells(sent),
      item.nativeSymbol === null ? nativeFeeNotGivenNote('the *_total_network_fee_base_units columns') : null, runStateCell(run),
    ];
    const cells = [...head, ...sideCells(row.allowanceHolder, item), ...sideCells(row.permit2, item), ...tail];
    lines.push(cells.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Identifies the JSON export so that an import can tell it from any other JSON. */
export const COMPARISON_JSON_FORMAT = 'swap-explorer.comparison';

/**
 * The table as JSON: every amount as a decimal string of base units (JSON has no bigint and a
 * number would lose digits), with the decimals needed to read it.
 */
export function comparisonToJson(items: readonly ExportRow[], profile?: ExportProfile, sent?: SentSettings, run?: ExportRunState): string {
  const rows = items.map((item) => ({
    chainName: item.chainName,
    sellToken: tokenOf(item.sellSymbol, item.sellAddress, item.sellDecimals),
    buyToken: tokenOf(item.buySymbol, item.buyAddress, item.buyDecimals),
    sellAmount: item.sellAmount ?? null,
    buyDecimals: item.buyDecimals,
    // No native token (Tempo): no decimals read totalNetworkFee's wei as a native amount.
    nativeDecimals: item.nativeSymbol === null ? null : item.nativeDecimals,
    nativeSymbol: item.nativeSymbol ?? null,
    nativeFeeNotGiven: item.nativeSymbol === null ? nativeFeeNotGivenNote('totalNetworkFee') : null,
    // The rate each networkFeeInBuyToken was converted with, as the CSV has it: without it the
    // JSON's net figures could not be traced back to the fee that answers reported.
    buyPerNative: item.buyPerNative ?? null,
    buyPerNativeSource: item.rateSource ?? null,
    buyPerNativeZid: item.rateZid ?? null,
    ...item.row,
    hasTax: taxFlag(item),
    issues: { allowanceHolder: item.issues?.allowanceHolder ?? null, permit2: item.issues?.permit2 ?? null },
    blocks: { allowanceHolder: item.blocks?.allowanceHolder ?? null, permit2: item.blocks?.permit2 ?? null },
    tokenTaxes: { allowanceHolder: item.tokenTaxes?.allowanceHolder ?? null, permit2: item.tokenTaxes?.permit2 ?? null },
    feeNotPriced: item.feeNotPriced ?? null,
    netDiffNotTaken: netDiffNotTaken(item.row),
  }));
  return JSON.stringify({ format: COMPARISON_JSON_FORMAT, version: 1, profile: profile ?? null, sent: sent ? sentJson(sent) : null, run: runStateJson(run), rows }, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2);
}
