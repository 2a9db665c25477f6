import { checkExactOutBounds, compareCalldata, explainCalldata, type CalldataAgreement, type CalldataExplanation, type DecodedCall } from '../calldata-explainer.ts';
import { QUOTE_CALLDATA_ABI } from '../settler-abi.ts';
import { settlerActions, type ActionReading, type CallContext } from '../settler-actions.ts';
import { isDigits, type Json } from './body-reading.ts';
import type { AnswerFact, Reader } from './charge-facts.ts';

/**
 * What a quote's calldata does, for `explain` at a terminal: the call (and the settler call it
 * wraps), then what the settler is made to enforce beside what the body says, so a support engineer
 * sees at once whether the transaction the customer signed is the answer they pasted. Each
 * comparison is made here, member against member; one that cannot be made (a member absent) is
 * not mentioned rather than called a match. Then each action the settler is told to take
 * (settler-actions.ts). The app shows the same calldata in QuoteDetails.svelte.
 */

// The token the settler's minimum is of, as the calldata names it (another answer's calldata may
// name another token than the body's), else the body's buyToken.
const minimumToken = (body: Json, call: DecodedCall): unknown => call.buyToken ?? body.buyToken;

// The exact-in minimum: the settler's minimum against the body's minBuyAmount.
function minBuyFact(reader: Reader, call: DecodedCall, agreement: CalldataAgreement): AnswerFact[] {
  const { body } = reader;
  if (call.minBuyAmount === null) return [];
  const amount = reader.amount(call.minBuyAmount, minimumToken(body, call));
  if (agreement.minBuyMatches === null) return [{ label: 'calldata min buy', value: amount }];
  if (agreement.isOtherBuyToken) {
    return [{ label: 'calldata min buy', value: `${amount}, NOT equal to the body's minBuyAmount (${reader.amount(body.minBuyAmount, body.buyToken)}): the calldata's minimum is of another token than the body's buyToken` }];
  }
  // A minimum of 0 (slippageBps=10000) is enforced and protects nothing: said.
  const none = isDigits(call.minBuyAmount) && BigInt(call.minBuyAmount) === 0n ? ': no minimum, the settler accepts any amount bought' : '';
  return [{ label: 'calldata min buy', value: agreement.minBuyMatches ? `${amount}, equal to the body's minBuyAmount${none}` : `${amount}, NOT equal to the body's minBuyAmount (${reader.amount(body.minBuyAmount, body.buyToken)})` }];
}

// The exact-out bounds: the spend the call allows against maxSellAmount, its minimum against buyAmount.
function exactOutFacts(reader: Reader, decoded: CalldataExplanation, value: string | undefined): AnswerFact[] {
  const { body } = reader;
  if (!isDigits(body.buyAmount) || !isDigits(body.maxSellAmount) || !decoded.ok) return [];
  const token = (member: unknown) => (typeof member === 'string' ? member : null);
  const bounds = checkExactOutBounds(decoded, { buyAmount: body.buyAmount, maxSellAmount: body.maxSellAmount, buyToken: token(body.buyToken), sellToken: token(body.sellToken) }, value);
  const out: AnswerFact[] = [];
  if (bounds.pulled !== null && bounds.pullsAtMostMax !== null) {
    const verdict = bounds.isOtherSellToken ? "of another token than the body's sellToken: NOT within the body's maxSellAmount" : bounds.pullsAtMostMax ? "at most the body's maxSellAmount" : "MORE than the body's maxSellAmount";
    const from = bounds.spentFrom === 'value' ? ", the call's value" : '';
    // In the token exec grants (another answer's calldata may grant another), else the body's.
    out.push({ label: 'calldata spends', value: `${reader.amount(bounds.pulled, bounds.pulledToken ?? body.sellToken, true)}${from}, ${verdict}` });
  }
  if (bounds.minBuy !== null && bounds.guaranteesBuyAmount !== null) {
    const verdict = bounds.isOtherBuyToken ? "of another token than the body's buyToken: it does NOT guarantee the body's buyAmount" : bounds.guaranteesBuyAmount ? "at least the body's buyAmount" : "LESS than the body's buyAmount";
    out.push({ label: 'calldata min buy', value: `${reader.amount(bounds.minBuy, minimumToken(body, decoded.call))}, ${verdict}` });
  }
  return out;
}

// Who the settler pays the buy token to: the first question when a customer says the tokens never
// arrived, and before this only a raw word of the calldata. A body names no recipient to set it against.
function recipientFact(call: DecodedCall): AnswerFact[] {
  return call.recipient === null ? [] : [{ label: 'calldata recipient', value: `${call.recipient} (receives the buy token)` }];
}

function zidFact(body: Json, call: DecodedCall, agreement: CalldataAgreement): AnswerFact[] {
  if (call.zid === null) return [];
  if (agreement.zidMatches === null) return [{ label: 'calldata zid', value: call.zid }];
  return [{ label: 'calldata zid', value: agreement.zidMatches ? `${call.zid}, the same as the body's zid` : `${call.zid}, NOT the body's zid (${String(body.zid)}): the calldata is another answer's` }];
}

/**
 * The facts of a quote's `transaction.data`: the call, the settler's minimum or exact-out bounds, whom it pays, its zid, then its actions in order.
 * @param context the transaction's `to` and `value`, when known (a direct wrap's amount is its value)
 */
export function calldataFacts(reader: Reader, data: string, reading: ActionReading, context?: CallContext): AnswerFact[] {
  const decoded = explainCalldata(QUOTE_CALLDATA_ABI, data);
  if (!decoded.ok) return [{ label: 'calldata', value: decoded.message }];
  const { call } = decoded;
  const called = { label: 'calldata', value: `${call.functionName}${call.inner ? ` -> ${call.inner.functionName}` : ''} (${(data.length - 2) / 2} bytes)` };
  const agreement = compareCalldata(decoded, reader.body);
  const isExactOut = reader.body.mode === 'exact-out';
  const steps = (settlerActions(data, reading, context) ?? []).map((action, index) => ({ label: `action ${index + 1}`, value: action.text }));
  return [called, ...(isExactOut ? exactOutFacts(reader, decoded, context?.value) : minBuyFact(reader, call, agreement)), ...recipientFact(call), ...zidFact(reader.body, call, agreement), ...steps];
}
