import { answerFeeMakeupText, answerGas } from '../network-fee.ts';
import { feeUnitNote, weiText } from '../network-fee-unit.ts';
import { formatGwei, formatInteger, formatWithSymbol } from '../number-format.ts';
import { findListedToken } from '../listed-token.ts';
import { nativeOf } from '../token-registry.ts';
import type { ActionReading } from '../settler-actions.ts';
import { fillText } from '../route-text.ts';
import { amountOf, isDigits, isObject, namedRoutes, symbolOf, type Json } from './body-reading.ts';
import { calldataFacts } from './calldata-facts.ts';
import type { PermitRequest } from '../permit2-signed-parts.ts';
import { nativePlaceholderName } from './native-placeholder.ts';
import { permit2Facts } from './permit2-facts.ts';
import { feeFacts, issueFacts, noIssueText, taxFacts, type AnswerFact, type Reader } from './charge-facts.ts';

export type { AnswerFact } from './charge-facts.ts';

/**
 * What a price or quote answered, beyond its amounts, as "label: value" lines for a support
 * engineer at a terminal (`swap-explorer explain`): the minimum bought, the route and its fills,
 * the fees, token taxes, gas and network fee, the issues the service reported, and for a quote
 * where the transaction goes and what its calldata calls, and for a Permit2 quote what the taker
 * signs (permit2-facts.ts). Read from the body alone, as it came: a
 * line whose member is absent is left out. With no issue reported, one 'issues' line says what that
 * means (without a taker the service checks neither allowance nor balance), as `price` does. `price` and `compare` print the fees, taxes and issues too (chargeAndIssueFacts).
 */

// A body whose request named its chain (or not): the network fee reads in the chain's native token.
export type ChainReader = Reader & { chainId: number | undefined };


function routeFacts(reader: Reader): AnswerFact[] {
  return namedRoutes(reader.body).map(({ label, route }) => {
    const fills = (Array.isArray(route.fills) ? route.fills : []).filter(isObject);
    const text = fills.map((fill) => fillText(fill, (address) => symbolOf(reader.body, address, reader.chainId)));
    return { label, value: text.length > 0 ? text.join('; ') : 'no fills' };
  });
}

function gasFacts(reader: ChainReader): AnswerFact[] {
  const { body } = reader;
  const { gas, gasPrice } = answerGas(body);
  const out: AnswerFact[] = [];
  if (isDigits(gas)) out.push({ label: 'gas', value: `${formatInteger(gas)}${isDigits(gasPrice) ? ` at ${formatGwei(gasPrice)}` : ''}` });
  const native = reader.chainId === undefined ? undefined : nativeOf(reader.chainId);
  if (body.totalNetworkFee !== undefined && body.totalNetworkFee !== null) {
    const unitNote = feeUnitNote(reader.chainId);
    if (unitNote !== null && isDigits(body.totalNetworkFee)) {
      // A chain with no native token (Tempo), or one not known: "base units of the native token"
      // named one it has not, or one nobody can say it has.
      const makeup = answerFeeMakeupText(body, reader.chainId ?? null, weiText);
      out.push({ label: 'network fee', value: `${weiText(body.totalNetworkFee)}${makeup ? ` = ${makeup}` : ''} (${unitNote})` });
      return out;
    }
    const total = native ? reader.amount(body.totalNetworkFee, native.address) : `${String(body.totalNetworkFee)} base units of ${nativePlaceholderName(reader.chainId)}`;
    // The parts in human units only: the total beside them carries its base units.
    const makeup = native ? answerFeeMakeupText(body, native.chainId, (wei) => formatWithSymbol(String(wei), native)) : null;
    out.push({ label: 'network fee', value: makeup ? `${total} = ${makeup}` : total });
  }
  return out;
}

// Whether a native amount is an exact-out answer's transaction value (a native sell's spend bound).
function isSpendBound(body: Json, wei: string): boolean {
  return body.mode === 'exact-out' && isObject(body.transaction) && body.transaction.value === wei && wei !== '0';
}

// Tokens by the body's route symbols, else the chain's registry, else their address.
/** How a calldata's actions read amounts and tokens: on the reader's chain, or in base units. */
export function actionReading(reader: ChainReader): ActionReading {
  const native = reader.chainId === undefined ? undefined : nativeOf(reader.chainId);
  const registered = (address: string) => (reader.chainId === undefined ? undefined : findListedToken(reader.chainId, address)?.symbol);
  return {
    amount: (base, token) => reader.amount(base, token),
    amountAtMost: (base, token) => reader.amount(base, token, true),
    token: (address) => {
      const symbol = symbolOf(reader.body, address, reader.chainId);
      return symbol !== address ? symbol : (registered(address) ?? address);
    },
    // An exact-out native sell's value is what it may spend: a bound, read rounded up as
    // maxSellAmount and 'calldata spends' are, so one amount reads as one figure.
    // A chain with no native token (Tempo), or one not known: whole wei, as its network fee reads;
    // "base units of the native token" named one it has not, or one nobody can say it has.
    native: (wei) => (native ? reader.amount(wei, native.address, isSpendBound(reader.body, wei)) : isDigits(wei) ? weiText(wei) : `${wei} base units of ${nativePlaceholderName(reader.chainId)}`),
  };
}

function transactionFacts(reader: ChainReader): AnswerFact[] {
  const { body } = reader;
  if (!isObject(body.transaction)) return [];
  const { to, data, value } = body.transaction;
  const context = typeof to === 'string' && isDigits(value) ? { to, value } : undefined;
  return [{ label: 'transaction to', value: String(to) }, ...(typeof data === 'string' ? calldataFacts(reader, data, actionReading(reader), context) : [])];
}

/**
 * The facts of a liquid price or quote body (see above); none for a body without liquidity.
 * @param taker the taker its request sent (null: none; undefined: the request is not known), which says what no issue means
 * @param answeredAt when the answer arrived (known for a kept entry), for a Permit2 deadline's distance from it
 * @param request the sellToken and chainId its request sent (known for a kept entry), which a Permit2 quote's permit should name
 */
export function answerFacts(body: Json, chainId: number | undefined, taker?: string | null, answeredAt?: Date, request?: PermitRequest): AnswerFact[] {
  if (body.liquidityAvailable !== true) return [];
  const reader: ChainReader = { body, chainId, amount: (value, address, isUpperBound) => amountOf(body, value, address, chainId, isUpperBound) };
  const minBuy = body.minBuyAmount === undefined || body.minBuyAmount === null ? [] : [{ label: 'min buy', value: reader.amount(body.minBuyAmount, body.buyToken) }];
  // Exact out: the summary gives the most it may spend (maxSellAmount); what it is expected to spend
  // once the refund route has returned the surplus is the figure a customer's charge is read against.
  const netSell = body.estimatedNetSellAmount === undefined || body.estimatedNetSellAmount === null ? [] : [{ label: 'estimated net sell', value: reader.amount(body.estimatedNetSellAmount, body.sellToken) }];
  const issues = issueFacts(reader);
  const noIssue = issues.length === 0 ? [{ label: 'issues', value: noIssueText(taker, isObject(body.transaction)) }] : [];
  return [...minBuy, ...netSell, ...routeFacts(reader), ...feeFacts(reader), ...taxFacts(reader), ...gasFacts(reader), ...issues, ...noIssue, ...transactionFacts(reader), ...permit2Facts(body, chainId, answeredAt, request)];
}
