import { integratorFeeEntries } from '../compare.ts';
import { nativeOf } from '../token-registry.ts';
import { isObject, symbolOf, type Json } from './body-reading.ts';
import { isNativePlaceholder, nativePlaceholderName } from './native-placeholder.ts';

/**
 * What a liquid price or quote charged and reported beyond its amounts: its fees, its tokens'
 * taxes and the issues the service reported, as "label: value" lines. Read from the body as it
 * came, amounts written by the caller: `explain` (answer-facts.ts) with base units beside them,
 * `price` and `compare` (src/cli/answer-lines.ts) in the row's own tokens. Kept apart from
 * answer-facts.ts, whose calldata decoding (viem) a short command must not load (issue 14).
 */

/** One line of facts. */
export interface AnswerFact {
  label: string;
  value: string;
}

/** An amount of a token (by address) as a line shows it. */
export type AmountText = (value: unknown, address: unknown, isUpperBound?: boolean) => string;

/** A token's symbol as the request that was answered named it, or undefined when it is not one of its tokens. */
export type RequestSymbol = (address: string) => string | undefined;

/**
 * A body and how its amounts are written; `chainId`, when its request is known, names its native
 * token; `requestSymbol`, when known, names the request's own tokens.
 */
export interface Reader {
  body: Json;
  amount: AmountText;
  chainId?: number | undefined;
  requestSymbol?: RequestSymbol | undefined;
}

/**
 * A token's name in a line: the symbol the request used for it (a row's token, whose route symbol
 * need not be unique: Arbitrum's USDC.e is "USDC" in routes, beside native USDC); else its route
 * symbol, else for the chain's native-asset address (0xeeee… on most chains, its own on Mantle; the
 * routes name it only when bought) the native symbol, or for 0xeeee… where the chain has no native
 * token or is not known, the placeholder said for what it is (nativePlaceholderName); else the address.
 */
export function tokenName(reader: Reader, address: unknown): string {
  const asked = typeof address === 'string' ? reader.requestSymbol?.(address) : undefined;
  if (asked) return asked;
  const symbol = symbolOf(reader.body, address, reader.chainId);
  if (typeof address !== 'string' || symbol !== address) return symbol;
  const native = reader.chainId === undefined ? undefined : nativeOf(reader.chainId);
  if (native) return native.address.toLowerCase() === address.toLowerCase() ? native.symbol : symbol;
  return isNativePlaceholder(address) ? nativePlaceholderName(reader.chainId) : symbol;
}

/** Each fee the answer charged ('integrator fee', 'service fee', 'gas fee'). */
export function feeFacts(reader: Reader): AnswerFact[] {
  const fees = isObject(reader.body.fees) ? reader.body.fees : {};
  // One reading with the comparison maths: a single recipient's fee, sent in both fields, is one fee.
  const integrator = integratorFeeEntries({ integratorFee: fees.integratorFee, integratorFees: Array.isArray(fees.integratorFees) ? fees.integratorFees.filter(isObject) : null });
  const entries: [string, unknown][] = [
    ...integrator.map((fee): [string, unknown] => ['integrator fee', fee]),
    ['service fee', fees.serviceFee],
    ['gas fee', fees.gasFee],
  ];
  return entries.filter((entry): entry is [string, Json] => isObject(entry[1])).map(([label, fee]) => ({ label, value: `${reader.amount(fee.amount, fee.token)}${typeof fee.type === 'string' ? `, ${fee.type}` : ''}` }));
}

/** Each issue the service reported ('issue'). */
export function issueFacts(reader: Reader): AnswerFact[] {
  const issues = isObject(reader.body.issues) ? reader.body.issues : {};
  const out: string[] = [];
  if (isObject(issues.allowance)) out.push(`allowance needed on ${String(issues.allowance.spender)} (current ${reader.amount(issues.allowance.actual, reader.body.sellToken)})`);
  if (isObject(issues.balance)) out.push(`balance too low: has ${reader.amount(issues.balance.actual, issues.balance.token)}, needs ${reader.amount(issues.balance.expected, issues.balance.token, true)}`);
  if (issues.simulationIncomplete === true) out.push('simulation incomplete (the trade may still settle)');
  if (Array.isArray(issues.invalidSourcesPassed) && issues.invalidSourcesPassed.length > 0) out.push(`invalid sources passed: ${issues.invalidSourcesPassed.join(', ')}`);
  return out.map((value) => ({ label: 'issue', value }));
}

/**
 * The 'issues' line when the service reported none. Without a taker it checks neither allowance
 * nor balance, so silence means "not checked", never "none". `taker`: the one the request sent,
 * null when it sent none, undefined when the request is not known (a body alone; a quote's
 * request always names one, the spec requires it).
 * @param howToSend where a taker is given, for "not checked" (`price`: "--taker")
 */
export function noIssueText(taker: string | null | undefined, isQuote = false, howToSend = ''): string {
  if (taker) return `none reported for taker ${taker}`;
  if (taker === null) return `not checked: the service checks allowance and balance only for a taker${howToSend ? ` (${howToSend})` : ', and this request sent none'}`;
  if (isQuote) return 'none reported (a quote\'s request names a taker, so allowance and balance were checked)';
  return 'none reported, which means nothing unless the request named a taker: the service checks allowance and balance only for one, and a body alone does not show it';
}

// The app's wording (TokenTaxes.svelte): bps as sent; null is a tax the service could not determine.
const taxText = (value: unknown) => (value === null ? 'unknown' : `${String(value)} bps`);

/** How the one 'tax' line begins when neither token is taxed (a caller may say that once for many answers). */
export const NO_TAX = 'none:';

/** One 'tax' line per token whose tax is not zero, or not known; one saying so when both are zero. */
export function taxFacts(reader: Reader): AnswerFact[] {
  const metadata = isObject(reader.body.tokenMetadata) ? reader.body.tokenMetadata : {};
  const tokens = [
    { role: 'sell', address: reader.body.sellToken, tax: metadata.sellToken },
    { role: 'buy', address: reader.body.buyToken, tax: metadata.buyToken },
  ].filter((token): token is { role: string; address: unknown; tax: Json } => isObject(token.tax));
  if (tokens.length === 0) return [];
  const isZero = (value: unknown) => value === 0 || value === '0';
  const taxed = tokens.filter(({ tax }) => ![tax.buyTaxBps, tax.sellTaxBps, tax.transferTaxBps].every(isZero));
  if (taxed.length === 0) return [{ label: 'tax', value: `${NO_TAX} 0 bps on ${tokens.map(({ address }) => tokenName(reader, address)).join(' and ')}` }];
  return taxed.map(({ role, address, tax }) => ({
    label: 'tax',
    value: `${tokenName(reader, address)} (${role} token): buy ${taxText(tax.buyTaxBps)}, sell ${taxText(tax.sellTaxBps)}, transfer ${taxText(tax.transferTaxBps)}`,
  }));
}

/**
 * The fees, token taxes and issues of a liquid answer (labels 'integrator fee', 'service fee',
 * 'gas fee', 'tax', 'issue'), with amounts as `amount` writes them: what `price` and `compare`
 * print beside their figures, read as explain reads them. None for a body without liquidity.
 * @param chainId the chain of its request, which names the native token (else the placeholder is said for what it is)
 * @param requestSymbol the symbols its request used for its tokens (tokenName)
 */
export function chargeAndIssueFacts(body: Json, amount: AmountText, chainId?: number, requestSymbol?: RequestSymbol): AnswerFact[] {
  if (body.liquidityAvailable !== true) return [];
  const reader: Reader = { body, amount, chainId, requestSymbol };
  return [...feeFacts(reader), ...taxFacts(reader), ...issueFacts(reader)];
}
