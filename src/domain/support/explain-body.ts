import { explainError } from '../error-explainer.ts';
import { formatWithSymbol } from '../number-format.ts';
import { findToken } from '../token-registry.ts';
import { zidOfBody } from './zid.ts';
import type { BodyExplanation } from './types.ts';

/**
 * What a pasted JSON body is: a service error (explained with src/domain/error-explainer.ts), a
 * price or quote answer, a chain or source list, or something else, with its zid.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function details(data: unknown): { field: string; reason: string }[] | undefined {
  if (!isObject(data) || !Array.isArray(data.details)) return undefined;
  return data.details
    .filter((item): item is Json => isObject(item))
    .map((item) => ({ field: String(item.field ?? ''), reason: String(item.reason ?? '') }));
}

function explainErrorBody(body: Json, zid: string | null): BodyExplanation {
  const name = String(body.name);
  const explained = explainError(name);
  const out: BodyExplanation = { kind: 'error', zid, name, cause: explained.cause, fix: explained.fix };
  if (typeof body.message === 'string') out.message = body.message;
  const list = details(body.data);
  if (list) out.details = list;
  return out;
}

// The routes whose tokens name the body's addresses: `route`, or the exact-out variant's
// `routes.forward` and `routes.refund` (that variant has no `route`).
function routesOf(body: Json): Json[] {
  if (isObject(body.route)) return [body.route];
  const routes = isObject(body.routes) ? body.routes : {};
  return [routes.forward, routes.refund].filter(isObject);
}

function symbolOf(body: Json, address: unknown): string {
  const tokens = routesOf(body).flatMap((route) => (Array.isArray(route.tokens) ? (route.tokens as unknown[]) : []));
  const token = tokens.find((item): item is Json => isObject(item) && typeof item.address === 'string' && typeof address === 'string' && item.address.toLowerCase() === address.toLowerCase());
  return typeof token?.symbol === 'string' ? token.symbol : String(address);
}

// An amount in token units with its base units beside them when the chain is known and the
// token is in the registry (a kept entry's request names its chain); else in base units, as a
// pasted body alone cannot say which chain, so which decimals, it is on.
function amountOf(body: Json, amount: unknown, address: unknown, chainId: number | undefined): string {
  const base = String(amount ?? '?');
  const token = chainId !== undefined && typeof address === 'string' ? findToken(chainId, address) : undefined;
  if (!token || !/^[0-9]+$/.test(base)) return `${base} base units of ${symbolOf(body, address)}`;
  return `${formatWithSymbol(base, token)} (${base} base units)`;
}

function priceSummary(body: Json, kind: 'price' | 'quote', chainId: number | undefined): string {
  if (body.liquidityAvailable === false) return `No liquidity for this ${kind} (liquidityAvailable: false).`;
  // Exact out: the buy amount is fixed and the spend is only bounded (maxSellAmount includes slippage).
  const isExactOut = body.mode === 'exact-out' || (body.sellAmount === undefined && body.maxSellAmount !== undefined);
  const sellAmount = amountOf(body, isExactOut ? body.maxSellAmount : body.sellAmount, body.sellToken, chainId);
  const sell = isExactOut ? `at most ${sellAmount}` : sellAmount;
  const buy = `${isExactOut ? 'exactly ' : ''}${amountOf(body, body.buyAmount, body.buyToken, chainId)}`;
  const issues = isObject(body.issues) ? body.issues : {};
  const problems = [issues.balance ? 'balance too low' : '', issues.allowance ? 'allowance needed' : ''].filter(Boolean);
  return `A ${kind}: sells ${sell} for ${buy}${problems.length > 0 ? ` (${problems.join(', ')})` : ''}.`;
}

/** Explains a parsed JSON body; `chainId`, when the request that got it is known, puts amounts in token units. */
export function explainBody(body: unknown, chainId?: number): BodyExplanation {
  const zid = zidOfBody(body);
  if (!isObject(body)) return { kind: 'unknown', zid, summary: 'A JSON value that is not an object: not a body of the service.' };
  if (typeof body.name === 'string' && ('message' in body || 'data' in body)) return explainErrorBody(body, zid);
  if ('liquidityAvailable' in body) return { kind: isObject(body.transaction) ? 'quote' : 'price', zid, summary: priceSummary(body, isObject(body.transaction) ? 'quote' : 'price', chainId) };
  if (Array.isArray(body.chains)) return { kind: 'chains', zid, summary: `A chain list of ${body.chains.length} chain(s).` };
  if (Array.isArray(body.sources)) return { kind: 'sources', zid, summary: `A source list of ${body.sources.length} source(s).` };
  return { kind: 'unknown', zid, summary: 'A JSON object that is not a body the service sends.' };
}

