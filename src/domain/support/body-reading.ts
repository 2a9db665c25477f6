import { formatUpperBound, formatWithSymbol } from '../number-format.ts';
import { findListedToken } from '../listed-token.ts';
import type { RouteToken } from '../route-hops.ts';
import { distinctRouteTokens } from '../route-token-names.ts';
import { isNativePlaceholder, nativePlaceholderName } from './native-placeholder.ts';

/** Reading a price or quote body as it came, members unchecked: what explain-body and answer-facts share. */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A member that is an amount or gas figure as the service writes them: decimal digits in a string. */
export const isDigits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);

/**
 * The body's routes with their names: `route`, or the exact-out variant's `routes.forward` and
 * `routes.refund` (that variant has no `route`).
 */
export function namedRoutes(body: Json): { label: string; route: Json }[] {
  if (isObject(body.route)) return [{ label: 'route', route: body.route }];
  const routes = isObject(body.routes) ? body.routes : {};
  return [{ label: 'forward route', route: routes.forward }, { label: 'refund route', route: routes.refund }].filter((named): named is { label: string; route: Json } => isObject(named.route));
}

/** The routes whose tokens name the body's addresses (see namedRoutes). */
export function routesOf(body: Json): Json[] {
  return namedRoutes(body).map((named) => named.route);
}

/**
 * The symbol the body's routes give an address, or the address; a symbol the routes give to two
 * addresses (Arbitrum's USDC.e and USDC are both "USDC") told apart as distinctRouteTokens does, on
 * the chain when it is known.
 */
export function symbolOf(body: Json, address: unknown, chainId?: number): string {
  const listed = routesOf(body)
    .flatMap((route) => (Array.isArray(route.tokens) ? (route.tokens as unknown[]) : []))
    .filter((item): item is RouteToken => isObject(item) && typeof item.address === 'string' && typeof item.symbol === 'string');
  const token = typeof address === 'string' ? distinctRouteTokens(listed, chainId).find((item) => item.address.toLowerCase() === address.toLowerCase()) : undefined;
  return token?.symbol ?? String(address);
}

// An amount's token where no token list reads it: the routes name a native sell's wrapped token,
// not 0xeeee…, so that address alone is named for what it is on the chain, as far as the chain is
// known (nativePlaceholderName, as charge-facts' tokenName does).
function unitsOf(body: Json, address: unknown, chainId: number | undefined): string {
  const symbol = symbolOf(body, address, chainId);
  return isNativePlaceholder(symbol) ? nativePlaceholderName(chainId) : symbol;
}

/**
 * An amount in token units with its base units beside them when the chain is known and the token
 * is in the registry or is one of the local service's demo tokens (listed-token.ts), as History
 * reads it (a kept entry's request names its chain); else in base units, as a pasted
 * body alone cannot say which chain, so which decimals, it is on.
 */
export function amountOf(body: Json, amount: unknown, address: unknown, chainId: number | undefined, isUpperBound = false): string {
  if (isRoundedNumber(amount)) return roundedAmountOf(body, amount, address, chainId);
  const base = String(amount ?? '?');
  const token = chainId !== undefined && typeof address === 'string' ? findListedToken(chainId, address) : undefined;
  if (!token || !isDigits(base)) return `${base} base units of ${unitsOf(body, address, chainId)}`;
  // A bound ("at most") is rounded up, not cut (formatUpperBound).
  return `${isUpperBound ? formatUpperBound(base, token) : formatWithSymbol(base, token)} (${base} base units)`;
}

/**
 * An integer JSON.parse could not hold exactly: a number past 2^53, kept as its nearest double
 * (333149271571609976 reads 333149271571610000). The service writes amounts as strings; a body
 * that had them as numbers (a customer's logger, a re-serialised object) lost its digits on reading.
 */
export function isRoundedNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

// Rounded digits given as the body's would be a wrong figure: they are marked approximate, and
// where the exact ones are said.
function roundedAmountOf(body: Json, amount: number, address: unknown, chainId: number | undefined): string {
  const base = BigInt(amount).toString();
  const why = 'sent as a JSON number, so read rounded';
  const token = chainId !== undefined && typeof address === 'string' ? findListedToken(chainId, address) : undefined;
  if (!token) return `≈${base} base units of ${unitsOf(body, address, chainId)} (${why}; the exact digits are in the raw body)`;
  return `≈${formatWithSymbol(base, token)} (${why}: ≈${base} base units; the exact digits are in the raw body)`;
}
