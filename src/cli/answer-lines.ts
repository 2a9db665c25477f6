import { chainById, chainLabel } from '../domain/chains.ts';
import { formatUpperBound, formatWithSymbol } from '../domain/number-format.ts';
import { chargeAndIssueFacts, NO_TAX, noIssueText as sharedNoIssueText, type AmountText } from '../domain/support/charge-facts.ts';
import { isObject, symbolOf, type Json } from '../domain/support/body-reading.ts';
import { REPORTED_ISSUE_TEXT, type CompareRowWire, type SideDetail } from '../ipc/channels/compare.ts';
import { addSide, listedBySide, MODEL_LABELS } from './compare-format.ts';
import { shortAddress } from '../domain/address-text.ts';

/**
 * What `price` and `compare` print beside their figures from the answers themselves: the fees, the
 * token taxes and the issues the service reported (spec: "for price, when issues.allowance is not
 * null the user must set the allowance…; when issues.balance is not null a quote must not be
 * requested"), read as `explain` reads them (src/domain/support/answer-facts.ts). Without a taker
 * the service checks neither allowance nor balance, so no issue then means "not checked", never
 * "none" (the app's IssuesList says the same).
 */

/**
 * Amounts of the row's own tokens (an override's decimals included) and of its chain's native token
 * in token units ("0.000477 WETH"); any other token in base units, named as the route names it.
 */
export function rowAmountText(row: CompareRowWire, body: Json): AmountText {
  const chain = chainById(row.chainId);
  const known = [row.sellToken, row.buyToken, ...(chain?.nativeTokenAddress && chain.nativeSymbol ? [{ address: chain.nativeTokenAddress, symbol: chain.nativeSymbol, decimals: row.nativeDecimals }] : [])];
  return (value, address, isUpperBound) => {
    const token = typeof address === 'string' ? known.find((item) => item.address.toLowerCase() === address.toLowerCase()) : undefined;
    const base = String(value ?? '?');
    if (!token || !/^[0-9]+$/.test(base)) return `${base} base units of ${symbolOf(body, address)}`;
    const named = token.symbol === '' ? { ...token, symbol: symbolOf(body, address) } : token;
    // What a trade needs (the balance it expects) is rounded up, as explain and the app show it: cut, it read below the need.
    return isUpperBound ? formatUpperBound(base, named) : formatWithSymbol(base, named);
  };
}

/** The symbols the row's requests used for its two tokens (never a route's, which need not be unique). */
function rowSymbol(row: CompareRowWire): (address: string) => string | undefined {
  return (address) => [row.sellToken, row.buyToken].find((token) => token.symbol !== '' && token.address.toLowerCase() === address.toLowerCase())?.symbol;
}

/** What no reported issue means: nothing wrong for a taker that was sent, nothing checked without one (explain's words). */
function noIssueText(taker: string | undefined): string {
  return sharedNoIssueText(taker ?? null, false, '--taker');
}

/**
 * The price table's lines after its figures: each fee, tax and issue of a liquid answer, then
 * "issues" with what no issue means when the service reported none.
 */
export function priceAnswerLines(row: CompareRowWire, body: unknown, taker: string | undefined): [string, string][] {
  if (!isObject(body) || body.liquidityAvailable !== true) return [];
  const facts = chargeAndIssueFacts(body, rowAmountText(row, body), row.chainId, rowSymbol(row));
  const lines = facts.map((fact): [string, string] => [fact.label, fact.value]);
  return facts.some((fact) => fact.label === 'issue') ? lines : [...lines, ['issues', noIssueText(taker)]];
}

function isNativeOf(chainId: number, address: string): boolean {
  return chainById(chainId)?.nativeTokenAddress?.toLowerCase() === address.toLowerCase();
}

/**
 * The run's rows with a symbol that names a chain's native asset on some rows and a token contract on
 * others (BSC lists Binance-Peg ETH as "ETH") written with the contract's address where it is one
 * ("ETH token 0x2170…33f8"): the notes list each text once with its sides, so a balance of BSC's
 * token and one of Ethereum's native ETH had read as one line, and which asset a line counts was
 * lost. Other rows are returned as they are.
 */
function withNativeClashesNamed(rows: readonly CompareRowWire[]): CompareRowWire[] {
  const tokens = rows.flatMap((row) => [row.sellToken, row.buyToken].map((token) => ({ symbol: token.symbol, isNative: isNativeOf(row.chainId, token.address) })));
  const clashing = new Set(tokens.filter((token) => token.isNative && token.symbol !== '').map((token) => token.symbol));
  const isClash = (row: CompareRowWire, token: CompareRowWire['sellToken']) => clashing.has(token.symbol) && !isNativeOf(row.chainId, token.address) && tokens.some((other) => other.symbol === token.symbol && !other.isNative);
  const named = (row: CompareRowWire, token: CompareRowWire['sellToken']) => (isClash(row, token) ? { ...token, symbol: `${token.symbol} token ${shortAddress(token.address.toLowerCase())}` } : token);
  return rows.map((row) => ({ ...row, sellToken: named(row, row.sellToken), buyToken: named(row, row.buyToken) }));
}

/**
 * The line saying which chains count a symbol as a token contract where others count it as the
 * native asset (withNativeClashesNamed), each chain once (a ladder has a row per size), or '' when
 * no symbol is both in the run.
 */
export function nativeClashNote(rows: readonly CompareRowWire[], named: readonly CompareRowWire[] = withNativeClashesNamed(rows)): string {
  const lines = new Map<string, string[]>();
  named.forEach((row, index) => {
    for (const side of ['sellToken', 'buyToken'] as const) {
      const text = `${rows[index]![side].symbol} is the token ${row[side].address.toLowerCase()} there, not the native asset it is on the other chains`;
      if (row[side].symbol !== rows[index]![side].symbol && !lines.get(text)?.includes(chainLabel(row.chainId))) addSide(lines, text, chainLabel(row.chainId));
    }
  });
  return lines.size === 0 ? '' : listedBySide('same symbol, another asset', lines);
}

/**
 * The taxes and issues of a comparison's answers, listed under its table: each text once with the
 * sides that answered it ("on Ethereum (1) AH, Base (8453) P2"), as errorNotes lists errors; when
 * no side reported a tax, or (with a taker) an issue, one line says so. Without a taker nothing is
 * said of issues (the table claims nothing). Fees differ on every row and are left to the CSV and JSON.
 */
export function compareAnswerNotes(runRows: readonly CompareRowWire[], details: Record<string, { allowanceHolder: SideDetail | null; permit2: SideDetail | null }>, taker: string | undefined): string {
  const rows = withNativeClashesNamed(runRows);
  const clashNote = nativeClashNote(runRows, rows);
  const sidesByText = { tax: new Map<string, string[]>(), issue: new Map<string, string[]>() };
  let answered = 0;
  let untaxed = 0;
  for (const row of rows) {
    for (const [label, model] of MODEL_LABELS) {
      const body = details[row.chainId]?.[model]?.body;
      if (!isObject(body) || body.liquidityAvailable !== true) continue;
      answered++;
      for (const fact of chargeAndIssueFacts(body, rowAmountText(row, body), row.chainId, rowSymbol(row))) {
        // Tokens without tax are the usual case: said once below when every side says so.
        const isUntaxed = fact.label === 'tax' && fact.value.startsWith(NO_TAX);
        if (isUntaxed) untaxed++;
        if ((fact.label !== 'tax' && fact.label !== 'issue') || isUntaxed) continue;
        addSide(sidesByText[fact.label], fact.value, `${chainLabel(row.chainId)} ${label}`);
      }
    }
  }
  if (answered === 0) return clashNote ? `\n${clashNote}` : '';
  const sections: string[] = clashNote ? [clashNote] : [];
  if (sidesByText.tax.size > 0) sections.push(listedBySide('token taxes', sidesByText.tax));
  else if (untaxed === answered) sections.push('token taxes: none (0 bps) on every side answered\n');
  if (sidesByText.issue.size > 0) sections.push(listedBySide(taker ? `issues (taker ${taker})` : 'issues', sidesByText.issue));
  else if (taker) sections.push(`issues: ${noIssueText(taker)} on every side answered\n`);
  return sections.length > 0 ? `\n${sections.join('')}` : '';
}

/**
 * The issues of a size ladder's answers, listed under its table by kind with the rows and sides
 * that reported each ("balance too low on Ethereum (1) 100 WETH AH, …"): with a taker, the size
 * where its balance or allowance stops being enough. Nothing without a taker; one line when it was
 * sent and no side reported an issue.
 * @param where how a row is named (its chain and size)
 */
export function ladderIssueNotes<Row extends CompareRowWire>(rows: readonly Row[], where: (row: Row) => string, taker: string | undefined): string {
  if (!taker) return '';
  const sidesByIssue = new Map<string, string[]>();
  for (const row of rows) {
    for (const [label, model] of MODEL_LABELS) {
      for (const issue of row[model].issues ?? []) addSide(sidesByIssue, REPORTED_ISSUE_TEXT[issue], `${where(row)} ${label}`);
    }
  }
  const isAnswered = rows.some((row) => MODEL_LABELS.some(([, model]) => row[model].state === 'ok'));
  if (sidesByIssue.size === 0) return isAnswered ? `\nissues: ${noIssueText(taker)} on every side answered\n` : '';
  return `\n${listedBySide(`issues (taker ${taker})`, sidesByIssue)}`;
}
