import { gaslessChains, swapChains, type ChainInfo } from '../domain/chains.ts';
import { isSecretName } from '../domain/redact.ts';
import { API_VERSION, ENDPOINTS, HEADER_NAMES, SUNSET_VERSION, endpointByPath, ignoresQuery, toFieldErrors, type EndpointId } from '../spec/index.ts';
import type { KeyRing, Team } from './auth.ts';
import type { AuthFailureLimiter } from './auth-failures.ts';
import { capDetails, invalidInputMessage } from './detail-cap.ts';
import { serviceDetails } from './input-details.ts';
import { ServiceFailure, errorBody, invalidInput, newZid } from './errors.ts';
import type { Market } from './market/liquidity.ts';
import type { RateLimiter } from './knobs.ts';
import type { BlockedLists } from './swap/checks.ts';
import { priceSwap } from './swap/price.ts';
import type { AnySwapQuery } from './swap/resolve.ts';
import type { QueryMemo } from './query-memo.ts';
import { repeatedOrArrayDetails } from './query-lists.ts';

/**
 * The request handler, free of sockets so that it can be driven in process (tests, fuzzing,
 * benchmarks). Order of checks: path (404), method (405 but for GET and HEAD), key (401; 429 once an address has
 * failed more often than the rate limit allows in the second), rate limit (429), version header
 * (400 INPUT_INVALID on field `svc-version`; v1 is told it was sunset on 2025-04-11), query (400
 * INPUT_INVALID with every bad field, listing the first 20), then the endpoint. Anything unexpected is a 500
 * INTERNAL_SERVER_ERROR whose body never carries a stack trace.
 */

/** What the handler works with. */
export interface HandlerConfig {
  market: Market;
  keys: KeyRing;
  blocked: BlockedLists;
  now: () => number;
  rateLimiter?: Pick<RateLimiter, 'take'> | undefined;
  /** Per-address limit on missing or unknown keys (auth-failures.ts). */
  authFailures?: Pick<AuthFailureLimiter, 'fail'> | undefined;
  /** Called with unexpected errors (with their stack) for the operator's log; never sent to clients. */
  onUnexpected?: (error: unknown) => void;
  /** Prices swaps (default priceSwap; the server passes the per-block cache of price-cache.ts). */
  priceSwap?: typeof priceSwap;
  /** Reuses validated queries (the server passes one; query-memo.ts). */
  queryMemo?: QueryMemo;
}

/** A request as the handler sees it. */
export interface HandlerRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's address, for the per-address limit on failed authentication. */
  remoteAddress?: string | undefined;
}

/** The handler's answer: status, headers, JSON body, and the zid and path for the access log. */
export interface HandlerResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  zid: string;
  path: string;
}

function header(request: HandlerRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function parseQuery(raw: string): Record<string, string> {
  // No prototype, so a "__proto__" parameter stays a plain (unknown) key with plain assignment
  // (defineProperty per key was a fifth of a cached answer's time).
  const query = Object.create(null) as Record<string, string>;
  let isRepeatedOrArray = false;
  for (const [key, value] of new URLSearchParams(raw)) {
    if (Object.hasOwn(query, key) || key.endsWith(']')) isRepeatedOrArray = true;
    query[key] = value;
  }
  if (!isRepeatedOrArray) return query;
  const details = repeatedOrArrayDetails([...new URLSearchParams(raw)]);
  if (details.length > 0) throw new ServiceFailure('INPUT_INVALID', invalidInputMessage(details), details);
  return query;
}

// Node joins a header sent more than once into one value with ", " (RFC 9110, 5.3): a client whose
// defaults and request both set it (a .curlrc and a -H, say) sent "v2, v2", and was told that it
// must be "v2", or that its key, which it could see was right, was invalid. The count of values,
// when there is more than one.
function timesSent(value: string): number {
  const parts = value.split(', ');
  return parts.length > 1 && parts.every((part) => part !== '') ? parts.length : 1;
}

function checkVersion(request: HandlerRequest): void {
  const version = header(request, HEADER_NAMES.version);
  if (version === API_VERSION) return;
  if (version === undefined || version === '') throw invalidInput(HEADER_NAMES.version, `header is required; send "${API_VERSION}"`);
  const times = timesSent(version);
  if (times > 1) throw invalidInput(HEADER_NAMES.version, `header was sent ${times} times ("${version.slice(0, 40)}"); send it once: "${API_VERSION}"`);
  if (version === SUNSET_VERSION.version) {
    throw invalidInput(HEADER_NAMES.version, `${SUNSET_VERSION.version} was sunset on ${SUNSET_VERSION.sunsetOn}; send "${API_VERSION}" and use the v2 parameters`);
  }
  throw invalidInput(HEADER_NAMES.version, `must be "${API_VERSION}"`);
}

// A key sent where the service does not read it: in the URL (`?apiKey=…`, as some APIs take it) or
// under another header (`Authorization: Bearer …`, `x-api-key`). Named by where it went, never by
// value; Proxy-Authorization is for a proxy, not a key meant for the service.
function misplacedKey(request: HandlerRequest, rawQuery: string): string {
  const inUrl = [...new URLSearchParams(rawQuery).keys()].find(isSecretName);
  if (inUrl !== undefined) return `: the key was sent in the URL (${inUrl.slice(0, 40)}=…), which the service does not read; send it as the ${HEADER_NAMES.apiKey} header`;
  const other = Object.keys(request.headers).find((name) => name !== 'proxy-authorization' && isSecretName(name));
  return other === undefined ? '' : `: the key was sent as the ${other.slice(0, 40)} header; send it as the ${HEADER_NAMES.apiKey} header`;
}

function authenticate(config: HandlerConfig, request: HandlerRequest, rawQuery: string): { key: string; team: Team } {
  const key = header(request, HEADER_NAMES.apiKey);
  const team = key ? config.keys.teamOf(key) : undefined;
  if (key && team) return { key, team };
  config.authFailures?.fail(request.remoteAddress ?? '(unknown)', config.now());
  // The key itself is never echoed: only how many times the header came.
  const times = key ? timesSent(key) : 1;
  if (times > 1) throw new ServiceFailure('UNAUTHORIZED', `The ${HEADER_NAMES.apiKey} header was sent ${times} times; send it once, with one key`);
  throw new ServiceFailure('UNAUTHORIZED', key ? 'Invalid API key' : `Missing ${HEADER_NAMES.apiKey} header${misplacedKey(request, rawQuery)}`);
}

function parsed(id: EndpointId, query: Record<string, string>): unknown {
  const result = ENDPOINTS[id].query.safeParse(query);
  if (!result.success) {
    const details = serviceDetails(toFieldErrors(result.error, query), query);
    throw new ServiceFailure('INPUT_INVALID', invalidInputMessage(details), details);
  }
  return result.data;
}

const chainList = (chains: ChainInfo[]) => chains.map((chain) => ({ chainId: chain.chainId, chainName: chain.name }));

function dispatch(config: HandlerConfig, id: EndpointId, query: unknown, team: Team, zid: string): unknown {
  const swap = (model: 'allowance-holder' | 'permit2', isQuote: boolean) =>
    (config.priceSwap ?? priceSwap)({ market: config.market, team, blocked: config.blocked, nowMs: config.now(), zid }, model, isQuote, query as AnySwapQuery);
  switch (id) {
    case 'allowance-holder.price': return swap('allowance-holder', false);
    case 'allowance-holder.quote': return swap('allowance-holder', true);
    case 'permit2.price': return swap('permit2', false);
    case 'permit2.quote': return swap('permit2', true);
    case 'swap.chains': return { chains: chainList(swapChains()), zid };
    case 'gasless.chains': return { chains: chainList(gaslessChains()), zid };
    // The spec's body for this endpoint is {sources} only; the zid travels in the svc-zid header.
    case 'solana.enabled-sources': return { sources: team.solanaSources };
    case 'sources': {
      const { chainId } = query as { chainId: number };
      if (!swapChains().some((chain) => chain.chainId === chainId)) throw invalidInput('chainId', `${chainId} is not a supported chain (see GET /swap/chains)`);
      return { sources: config.market.sourcesOf(chainId), zid };
    }
  }
}

// v1 clients still call /swap/v1/price and /swap/v1/quote (real-service-shapes.md, "Errors real
// clients meet"): the path stays unknown (404, as any other), but the message says v1 is gone
// (spec, Versioning 2) and which v2 paths replace it, rather than a bare "no endpoint".
// A path that differs from an endpoint's only in letter case or slashes ("/Swap/Chains",
// "/swap/chains/") was meant as that endpoint: it stays a 404, as the path is matched exactly, but
// the message names the path to send.
function meantPath(path: string): string | undefined {
  const normalized = path.toLowerCase().replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return normalized !== path && endpointByPath(normalized) ? normalized : undefined;
}

// `/swap/price` and `/swap/quote` are what a v1 path becomes with its version taken out: in v2 the
// allowance model is chosen in the path (spec, Versioning 3), so the answer names the two paths.
function modelPathMessage(path: string): string | undefined {
  const kind = /^\/swap\/(price|quote)\/?$/i.exec(path)?.[1]?.toLowerCase();
  if (!kind) return undefined;
  return `No endpoint at ${path}: in ${API_VERSION} the allowance model is chosen in the path: GET /swap/allowance-holder/${kind} or GET /swap/permit2/${kind}`;
}

function notFoundMessage(path: string): string {
  const model = modelPathMessage(path);
  if (model) return model;
  const v1 = /^\/swap\/v1(?:\/(price|quote))?(?:\/|$)/.exec(path);
  const meant = v1 ? undefined : meantPath(path);
  if (meant) return `No endpoint at ${path.slice(0, 200)}; did you mean ${meant}? Paths are lower case, without a trailing slash`;
  if (!v1) return `No endpoint at ${path.slice(0, 200)}`;
  const kind = v1[1] ?? '{price,quote}';
  return (
    `${SUNSET_VERSION.version} was sunset on ${SUNSET_VERSION.sunsetOn}: ${path.slice(0, 200)} is a v1 path. In v2 use ` +
    `GET /swap/allowance-holder/${kind} or GET /swap/permit2/${kind} on the one base address, with chainId choosing the chain and the header ${HEADER_NAMES.version}: ${API_VERSION}`
  );
}

// Every endpoint is GET (spec, Endpoints); HEAD is GET without the body (RFC 9110, 9.3.2), which
// `curl -I` and uptime checks send: it goes through the same checks (key, rate limit, version,
// query) and gets the same status and headers, and Node leaves the body out of a HEAD answer.
const READ_METHODS = new Set(['GET', 'HEAD']);
const ALLOW = 'GET, HEAD';

function route(config: HandlerConfig, request: HandlerRequest, path: string, rawQuery: string, zid: string): unknown {
  const id = endpointByPath(path);
  if (!id) throw new ServiceFailure('NOT_FOUND', notFoundMessage(path));
  if (!READ_METHODS.has(request.method)) throw new ServiceFailure('METHOD_NOT_ALLOWED', `${request.method.slice(0, 20)} is not allowed; every endpoint is GET (HEAD answers as GET, without the body)`, undefined, { allow: ALLOW });
  const { key, team } = authenticate(config, request, rawQuery);
  config.rateLimiter?.take(key, config.now());
  if (ENDPOINTS[id].needsVersion) checkVersion(request);
  // A chain list and the Solana sources ignore their query (spec: no 400 for them; see ENDPOINTS' ignoresQuery).
  if (ignoresQuery(id)) return dispatch(config, id, {}, team, zid);
  const validate = () => parsed(id, parseQuery(rawQuery));
  return dispatch(config, id, config.queryMemo ? config.queryMemo.validated(id, rawQuery, validate) : validate(), team, zid);
}

/** Builds the handler. */
export function createHandler(config: HandlerConfig): (request: HandlerRequest) => HandlerResponse {
  return (request) => {
    const zid = newZid();
    const url = request.url || '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'svc-zid': zid };
    try {
      const body = route(config, request, path, mark < 0 ? '' : url.slice(mark + 1), zid);
      return { status: 200, headers, body, zid, path };
    } catch (error) {
      if (error instanceof ServiceFailure) {
        return { status: error.status, headers: { ...headers, ...error.headers }, body: errorBody(error.errorName, error.message, zid, error.details && capDetails(error.details)), zid, path };
      }
      config.onUnexpected?.(error);
      return { status: 500, headers, body: errorBody('INTERNAL_SERVER_ERROR', 'The service failed to handle the request', zid), zid, path };
    }
  };
}
