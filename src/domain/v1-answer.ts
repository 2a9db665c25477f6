import { SUNSET_VERSION } from '../spec/constants.ts';

/**
 * Answers of the service's former version, v1, as a customer's HAR or log still holds them
 * (real-service-shapes.md: v1 paths and names; spec "Versioning"). v1 answered errors as
 * `{code, reason, validationErrors: [{field, code, reason}]}` and prices as `{price,
 * guaranteedPrice, sellTokenAddress, buyTokenAddress, sellAmount, buyAmount, sources, …}`, with no
 * zid. Read as v2 bodies they were misnamed: a v1 price, which lists its `sources`, as a source
 * list of the service, and a v1 error as a proxy's page ("not the service's"). They are named as
 * v1 answers, with what they say, and the way to a v2 answer.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const SUNSET = `v1 was sunset on ${SUNSET_VERSION.sunsetOn}`;

/** What a v1 error answer says, or null when the body is not one. */
export function v1ErrorSummary(body: unknown): string | null {
  if (!isObject(body) || typeof body.code !== 'number' || typeof body.reason !== 'string' || 'name' in body) return null;
  const fields = Array.isArray(body.validationErrors) ? body.validationErrors.filter(isObject).map((item) => `${String(item.field ?? '?')}: ${String(item.reason ?? '')}${typeof item.code === 'number' ? ` (code ${item.code})` : ''}`) : [];
  const listed = fields.length > 0 ? `; ${fields.join('; ')}` : '';
  return `A v1 error answer: code ${body.code}, ${body.reason}${listed}. ${SUNSET}; its errors carried a code and reason, not v2's name, message and data.zid, so this answer has no zid.`;
}

/** What a v1 price or quote answer says, or null when the body is not one. */
export function v1PriceSummary(body: unknown): string | null {
  if (!isObject(body) || 'liquidityAvailable' in body || typeof body.price !== 'string') return null;
  if (typeof body.sellTokenAddress !== 'string' || typeof body.buyTokenAddress !== 'string') return null;
  // A v1 quote carried the transaction at the top level (v2 moved it under `transaction`).
  const kind = typeof body.data === 'string' && typeof body.to === 'string' ? 'quote' : 'price';
  return `A v1 ${kind} answer: sells ${String(body.sellAmount)} of ${body.sellTokenAddress} for ${String(body.buyAmount)} of ${body.buyTokenAddress} (base units; price ${body.price}). ${SUNSET}; its answers carried no zid, issues or token taxes, so none can be shown.`;
}

/** What to do about either: the customer's request corrected to v2, sent, is answered in v2 with a zid. */
export const V1_ANSWER_FIX = 'Send the corrected v2 request (its findings say what changed) to see what the service answers today, with a zid.';
