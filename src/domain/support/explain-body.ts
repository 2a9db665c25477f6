import { explainServiceError } from '../error-explainer.ts';
import { V1_ANSWER_FIX, v1ErrorSummary, v1PriceSummary } from '../v1-answer.ts';
import { PICKED_CHAIN, type PermitRequest } from '../permit2-signed-parts.ts';
import { answerFacts } from './answer-facts.ts';
import { amountOf, isObject, type Json } from './body-reading.ts';
import { bodyChainOf } from './body-chain.ts';
import { sayPlaceholderOnce } from './native-placeholder.ts';
import { zidOfBody } from './zid.ts';
import type { BodyExplanation } from './types.ts';

/**
 * What a pasted JSON body is: a service error (explained with src/domain/error-explainer.ts), a
 * price or quote answer, a chain or source list, or something else, with its zid.
 */

function details(data: unknown): { field: string; reason: string }[] | undefined {
  if (!isObject(data) || !Array.isArray(data.details)) return undefined;
  return data.details
    .filter((item): item is Json => isObject(item))
    .map((item) => ({ field: String(item.field ?? ''), reason: String(item.reason ?? '') }));
}

function explainErrorBody(body: Json, zid: string | null): BodyExplanation {
  const name = String(body.name);
  const explained = explainServiceError(name);
  const out: BodyExplanation = { kind: 'error', zid, name, cause: explained.cause, fix: explained.fix };
  if (typeof body.message === 'string') out.message = body.message;
  const list = details(body.data);
  if (list) out.details = list;
  return out;
}

function priceSummary(body: Json, kind: 'price' | 'quote', chainId: number | undefined): string {
  if (body.liquidityAvailable === false) return `No liquidity for this ${kind} (liquidityAvailable: false).`;
  // Exact out: the buy amount is fixed and the spend is only bounded (maxSellAmount includes slippage).
  const isExactOut = body.mode === 'exact-out' || (body.sellAmount === undefined && body.maxSellAmount !== undefined);
  const sellAmount = amountOf(body, isExactOut ? body.maxSellAmount : body.sellAmount, body.sellToken, chainId, isExactOut);
  const sell = isExactOut ? `at most ${sellAmount}` : sellAmount;
  const buy = `${isExactOut ? 'exactly ' : ''}${amountOf(body, body.buyAmount, body.buyToken, chainId)}`;
  const issues = isObject(body.issues) ? body.issues : {};
  const problems = [issues.balance ? 'balance too low' : '', issues.allowance ? 'allowance needed' : ''].filter(Boolean);
  return `A ${kind}: sells ${sell} for ${buy}${problems.length > 0 ? ` (${problems.join(', ')})` : ''}.`;
}

/**
 * Explains a parsed JSON body; `chainId`, when the request that got it is known, puts amounts in
 * token units, `taker` (null: that request sent none) says what no reported issue means, and
 * `answeredAt` (a kept entry's) reads a Permit2 deadline against the answer's time, and `request`
 * (that request's sellToken and chainId) names the token and chain a Permit2 quote's permit should.
 */
export function explainBody(body: unknown, chainId?: number, taker?: string | null, answeredAt?: Date, request?: PermitRequest): BodyExplanation {
  const zid = zidOfBody(body);
  if (!isObject(body)) return { kind: 'unknown', zid, summary: 'A JSON value that is not an object: not a body of the service.' };
  if (typeof body.name === 'string' && ('message' in body || 'data' in body)) return explainErrorBody(body, zid);
  if ('liquidityAvailable' in body) {
    const kind = isObject(body.transaction) ? 'quote' : 'price';
    const facts = answerFacts(body, chainId, taker, answeredAt, request);
    // One view: the summary explains 0xeeee…eeee where it names it, the facts below name it only.
    const [summary, ...values] = sayPlaceholderOnce([priceSummary(body, kind, chainId), ...facts.map((fact) => fact.value)], chainId);
    return { kind, zid, summary: summary!, facts: facts.map((fact, index) => ({ ...fact, value: values[index]! })) };
  }
  // Before the lists: a v1 price lists its `sources` too.
  const v1 = v1ErrorSummary(body) ?? v1PriceSummary(body);
  if (v1) return { kind: 'unknown', zid, summary: `${v1} ${V1_ANSWER_FIX}` };
  if (Array.isArray(body.chains)) return { kind: 'chains', zid, summary: `A chain list of ${body.chains.length} chain(s).` };
  if (Array.isArray(body.sources)) return { kind: 'sources', zid, summary: `A source list of ${body.sources.length} source(s).` };
  return { kind: 'unknown', zid, summary: 'A JSON object that is not a body the service sends.' };
}


/**
 * Explains a body pasted without its request: as explainBody, read on `chainId` when the user named
 * one (`explain --chain`, the paste box's chain list), and for a price or quote what is known of
 * its chain (body-chain.ts says why nothing is inferred). A Permit2 quote's domain.chainId is then
 * compared with that chain, said to be the one picked: the body itself names none.
 */
export function explainPastedBody(body: unknown, chainId?: number): BodyExplanation {
  const picked: PermitRequest | undefined = chainId === undefined ? undefined : { chainId, chainSource: PICKED_CHAIN };
  const explanation = explainBody(body, chainId, undefined, undefined, picked);
  if (explanation.kind !== 'price' && explanation.kind !== 'quote') return explanation;
  return { ...explanation, chain: bodyChainOf(body, chainId) };
}
