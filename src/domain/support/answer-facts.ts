import { explainCalldata } from '../calldata-explainer.ts';
import { chainById } from '../chains.ts';
import { formatGwei, formatInteger } from '../number-format.ts';
import { SETTLER_ABI } from '../settler-abi.ts';
import { fillText } from '../route-text.ts';
import { amountOf, isObject, namedRoutes, symbolOf, type Json } from './body-reading.ts';

/**
 * What a price or quote answered, beyond its amounts, as "label: value" lines for a support
 * engineer at a terminal (`swap-explorer explain`): the minimum bought, the route and its fills,
 * the fees, token taxes, gas and network fee, the issues the service reported, and for a quote
 * where the transaction goes and what its calldata calls. Read from the body alone, as it came: a
 * line whose member is absent is left out, and issues are listed only when the service reported one
 * (without a taker it checks neither allowance nor balance, and the body does not say whether one
 * was sent). `price` and `compare` print the fees, taxes and issues too (chargeAndIssueFacts).
 */

/** One line of facts. */
export interface AnswerFact {
  label: string;
  value: string;
}

const isDigits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);

/** An amount of a token (by address) as a line shows it. */
export type AmountText = (value: unknown, address: unknown) => string;

interface Reader {
  body: Json;
  chainId: number | undefined;
  amount: AmountText;
}

function routeFacts(reader: Reader): AnswerFact[] {
  return namedRoutes(reader.body).map(({ label, route }) => {
    const fills = (Array.isArray(route.fills) ? route.fills : []).filter(isObject);
    const text = fills.map((fill) => fillText(fill, (address) => symbolOf(reader.body, address)));
    return { label, value: text.length > 0 ? text.join('; ') : 'no fills' };
  });
}

function feeFacts(reader: Reader): AnswerFact[] {
  const fees = isObject(reader.body.fees) ? reader.body.fees : {};
  const entries: [string, unknown][] = [
    ['integrator fee', fees.integratorFee],
    ...(Array.isArray(fees.integratorFees) ? fees.integratorFees.map((fee): [string, unknown] => ['integrator fee', fee]) : []),
    ['service fee', fees.serviceFee],
    ['gas fee', fees.gasFee],
  ];
  return entries.filter((entry): entry is [string, Json] => isObject(entry[1])).map(([label, fee]) => ({ label, value: `${reader.amount(fee.amount, fee.token)}${typeof fee.type === 'string' ? `, ${fee.type}` : ''}` }));
}

function gasFacts(reader: Reader): AnswerFact[] {
  const { body } = reader;
  const transaction = isObject(body.transaction) ? body.transaction : {};
  const gas = body.gas ?? transaction.gas;
  const gasPrice = body.gasPrice ?? transaction.gasPrice;
  const out: AnswerFact[] = [];
  if (isDigits(gas)) out.push({ label: 'gas', value: `${formatInteger(gas)}${isDigits(gasPrice) ? ` at ${formatGwei(gasPrice)}` : ''}` });
  const native = reader.chainId === undefined ? undefined : chainById(reader.chainId)?.nativeTokenAddress;
  if (body.totalNetworkFee !== undefined && body.totalNetworkFee !== null) {
    out.push({ label: 'network fee', value: native ? reader.amount(body.totalNetworkFee, native) : `${String(body.totalNetworkFee)} base units of the native token` });
  }
  return out;
}

function issueFacts(reader: Reader): AnswerFact[] {
  const issues = isObject(reader.body.issues) ? reader.body.issues : {};
  const out: string[] = [];
  if (isObject(issues.allowance)) out.push(`allowance needed on ${String(issues.allowance.spender)} (current ${reader.amount(issues.allowance.actual, reader.body.sellToken)})`);
  if (isObject(issues.balance)) out.push(`balance too low: has ${reader.amount(issues.balance.actual, issues.balance.token)}, needs ${reader.amount(issues.balance.expected, issues.balance.token)}`);
  if (issues.simulationIncomplete === true) out.push('simulation incomplete (the trade may still settle)');
  if (Array.isArray(issues.invalidSourcesPassed) && issues.invalidSourcesPassed.length > 0) out.push(`invalid sources passed: ${issues.invalidSourcesPassed.join(', ')}`);
  return out.map((value) => ({ label: 'issue', value }));
}

// The app's wording (TokenTaxes.svelte): bps as sent; null is a tax the service could not determine.
const taxText = (value: unknown) => (value === null ? 'unknown' : `${String(value)} bps`);

// One line per token whose tax is not zero, or not known; one line saying so when both are zero.
function taxFacts(reader: Reader): AnswerFact[] {
  const metadata = isObject(reader.body.tokenMetadata) ? reader.body.tokenMetadata : {};
  const tokens = [
    { role: 'sell', address: reader.body.sellToken, tax: metadata.sellToken },
    { role: 'buy', address: reader.body.buyToken, tax: metadata.buyToken },
  ].filter((token): token is { role: string; address: unknown; tax: Json } => isObject(token.tax));
  if (tokens.length === 0) return [];
  const isZero = (value: unknown) => value === 0 || value === '0';
  const taxed = tokens.filter(({ tax }) => ![tax.buyTaxBps, tax.sellTaxBps, tax.transferTaxBps].every(isZero));
  if (taxed.length === 0) return [{ label: 'tax', value: `none: 0 bps on ${tokens.map(({ address }) => symbolOf(reader.body, address)).join(' and ')}` }];
  return taxed.map(({ role, address, tax }) => ({
    label: 'tax',
    value: `${symbolOf(reader.body, address)} (${role} token): buy ${taxText(tax.buyTaxBps)}, sell ${taxText(tax.sellTaxBps)}, transfer ${taxText(tax.transferTaxBps)}`,
  }));
}

function transactionFacts(body: Json): AnswerFact[] {
  if (!isObject(body.transaction)) return [];
  const { to, data } = body.transaction;
  const out: AnswerFact[] = [{ label: 'transaction to', value: String(to) }];
  if (typeof data === 'string') {
    const decoded = explainCalldata(SETTLER_ABI, data);
    const value = decoded.ok ? `${decoded.call.functionName}${decoded.call.inner ? ` -> ${decoded.call.inner.functionName}` : ''} (${(data.length - 2) / 2} bytes)` : decoded.message;
    out.push({ label: 'calldata', value });
  }
  return out;
}

/** The facts of a liquid price or quote body (see above); none for a body without liquidity. */
export function answerFacts(body: Json, chainId: number | undefined): AnswerFact[] {
  if (body.liquidityAvailable !== true) return [];
  const reader: Reader = { body, chainId, amount: (value, address) => amountOf(body, value, address, chainId) };
  const minBuy = body.minBuyAmount === undefined || body.minBuyAmount === null ? [] : [{ label: 'min buy', value: reader.amount(body.minBuyAmount, body.buyToken) }];
  return [...minBuy, ...routeFacts(reader), ...feeFacts(reader), ...taxFacts(reader), ...gasFacts(reader), ...issueFacts(reader), ...transactionFacts(body)];
}

/**
 * The fees, token taxes and issues of a liquid answer (labels 'integrator fee', 'service fee',
 * 'gas fee', 'tax', 'issue'), with amounts as `amount` writes them: what `price` and `compare`
 * print beside their figures, read as explain reads them. None for a body without liquidity.
 */
export function chargeAndIssueFacts(body: Json, amount: AmountText): AnswerFact[] {
  if (body.liquidityAvailable !== true) return [];
  const reader: Reader = { body, chainId: undefined, amount };
  return [...feeFacts(reader), ...taxFacts(reader), ...issueFacts(reader)];
}
