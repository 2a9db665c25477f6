import { API_VERSION, ENDPOINTS, HEADER_NAMES, SUNSET_VERSION, type EndpointId } from '../../spec/index.ts';
import { readServicePath } from '../service-path.ts';
import { API_KEY_PLACEHOLDER } from '../curl.ts';
import { chainIdFromName, isServedChain } from './chain-names.ts';
import { lintAmountUnits } from './lint-amount-units.ts';
import { lintAmounts, lintIgnoredQuery, lintSchema } from './lint-endpoint.ts';
import { fixed, unfixed, type LintContext } from './lint-context.ts';
import { keepV1FeeToken, lintChainId, lintRepeated, lintSymbols, lintV1Params } from './lint-params.ts';
import { isSecretName } from '../redact.ts';
import type { CorrectedRequest, LintFinding, PastedRequest } from './types.ts';

/**
 * The linter of a pasted request (issue 17): every finding with its fix, then the corrected v2
 * request. Rules run in a fixed order so that later ones see corrected names: transport, path,
 * host, headers, v1 parameters, chainId, symbols, amounts (their units, then which), and last the spec schema's own reasons.
 */

/** The linter's answer. */
export interface LintResult {
  findings: LintFinding[];
  corrected: CorrectedRequest | null;
}

function lintTransport(ctx: LintContext, request: PastedRequest): void {
  if (request.scheme === 'http') fixed(ctx, { code: 'PLAIN_HTTP', severity: 'error', message: 'The request uses plain http://; the service rejects plain HTTP.', fix: 'use https://' });
  if (request.method !== 'GET') fixed(ctx, { code: 'METHOD_NOT_GET', severity: 'error', message: `The request is sent as ${request.method}; every endpoint of the service is GET with the parameters in the query.`, fix: 'send GET with the parameters in the query string' });
}

// The path is read as history.import and the HAR filter read it (service-path.ts), so an entry is
// filed under the endpoint it is corrected to here.
function lintPath(ctx: LintContext, path: string): void {
  const read = readServicePath(path);
  if (read?.isV1) {
    ctx.endpoint = read.endpoint;
    if (read.endpoint === 'sources') {
      fixed(ctx, { code: 'V1_PATH', severity: 'error', field: 'path', message: `${path} is a v1 path.`, fix: 'use /sources with chainId' });
      return;
    }
    const kind = read.endpoint.split('.')[1];
    fixed(ctx, { code: 'V1_PATH', severity: 'error', field: 'path', message: `${path} is a v1 path; v1 was sunset on ${SUNSET_VERSION.sunsetOn}.`, fix: `use /swap/allowance-holder/${kind} (or /swap/permit2/${kind} for Permit2 signatures) with the header ${HEADER_NAMES.version}: ${API_VERSION}` });
    return;
  }
  if (read && read.prefix === '') {
    ctx.endpoint = read.endpoint;
    return;
  }
  if (read) {
    // Sent through a path of the customer's own (a proxy's): the endpoint is the one it ends with.
    ctx.endpoint = read.endpoint;
    unfixed(ctx, { code: 'UNKNOWN_PATH', severity: 'error', field: 'path', message: `${path} is not a path of the service: ${read.prefix} comes before its path ${ENDPOINTS[read.endpoint].path}.`, fix: `use ${ENDPOINTS[read.endpoint].path} (a proxy of the customer's may add ${read.prefix})` });
    return;
  }
  const guess = /\/(price|quote)\/?$/.exec(path);
  if (guess) ctx.endpoint = `allowance-holder.${guess[1]}` as EndpointId;
  unfixed(ctx, { code: 'UNKNOWN_PATH', severity: 'error', field: 'path', message: `${path} is not a path of the service.`, fix: guess ? `use /swap/allowance-holder/${guess[1]} or /swap/permit2/${guess[1]}` : 'use one of the paths of the spec, e.g. /swap/allowance-holder/price' });
}

function lintHost(ctx: LintContext, request: PastedRequest): void {
  const perChain = request.host === null ? null : /^([a-z0-9-]+)\.api\.(.+)$/.exec(request.host);
  const id = perChain ? chainIdFromName(perChain[1]!) : undefined;
  if (perChain && id !== undefined) {
    ctx.keepHost = false;
    if (ctx.params.chainId === undefined) ctx.params.chainId = String(id);
    const served = isServedChain(id) ? '' : ` (chain ${id} is not served by the service today)`;
    fixed(ctx, { code: 'PER_CHAIN_HOST', severity: 'error', field: 'host', message: `${request.host} is a v1 per-chain host; v2 has one host and chooses the chain with chainId${served}.`, fix: `send to the one base URL (api.${perChain[2]}) with chainId=${id}` });
    return;
  }
  const isV1 = ctx.findings.some((finding) => finding.code === 'V1_PATH');
  if (isV1 && ctx.params.chainId === undefined && ctx.endpoint !== 'sources') {
    ctx.params.chainId = '1';
    fixed(ctx, { code: 'CHAIN_MISSING', severity: 'warning', field: 'chainId', message: 'v1 chose the chain by host; this host served Ethereum.', fix: 'add chainId=1 (or the chain you meant)' });
  }
}

function lintKey(ctx: LintContext, request: PastedRequest): void {
  for (const name of Object.keys(ctx.params).filter(isSecretName)) {
    delete ctx.params[name];
    fixed(ctx, { code: 'KEY_IN_QUERY', severity: 'error', field: name, message: `The API key is sent in the URL (${name}=…), where proxies and logs keep it; the service reads it from a header.`, fix: `send it as the header ${HEADER_NAMES.apiKey}: ${API_KEY_PLACEHOLDER}` });
  }
  const names = Object.keys(request.headers);
  if (names.includes(HEADER_NAMES.apiKey)) return;
  const other = names.find(isSecretName);
  if (other) {
    fixed(ctx, { code: 'KEY_HEADER_NAME', severity: 'error', field: other, message: `The key is sent as ${other}; the service reads it from ${HEADER_NAMES.apiKey}.`, fix: `send ${HEADER_NAMES.apiKey}: ${API_KEY_PLACEHOLDER}` });
  } else if (!ctx.findings.some((finding) => finding.code === 'KEY_IN_QUERY')) {
    const seen = ctx.headersUnknown ? 'A URL alone carries no headers: the request must also send the' : 'The request has no';
    fixed(ctx, { code: 'MISSING_KEY_HEADER', severity: ctx.headersUnknown ? 'info' : 'error', field: HEADER_NAMES.apiKey, message: `${seen} ${HEADER_NAMES.apiKey} header; without it the service refuses the request.`, fix: `add the header ${HEADER_NAMES.apiKey}: ${API_KEY_PLACEHOLDER}` });
  }
}

function lintVersion(ctx: LintContext, request: PastedRequest): void {
  if (ctx.endpoint !== null && !ENDPOINTS[ctx.endpoint].needsVersion) return;
  const value = request.headers[HEADER_NAMES.version];
  const otherName = Object.keys(request.headers).find((name) => name !== HEADER_NAMES.version && /(^|-)version$/.test(name));
  const fix = `send the header ${HEADER_NAMES.version}: ${API_VERSION}`;
  if (value === API_VERSION) return;
  if (value !== undefined) {
    fixed(ctx, { code: 'VERSION_HEADER', severity: 'error', field: HEADER_NAMES.version, message: `${HEADER_NAMES.version}: ${value} is not a version the service answers; the version in use is ${API_VERSION} (v1 was sunset on ${SUNSET_VERSION.sunsetOn}).`, fix });
  } else if (otherName) {
    fixed(ctx, { code: 'VERSION_HEADER', severity: 'error', field: otherName, message: `The version is sent as ${otherName}; the service reads ${HEADER_NAMES.version}.`, fix });
  } else {
    const seen = ctx.headersUnknown ? 'A URL alone carries no headers: the request must also send the' : 'The request has no';
    fixed(ctx, { code: 'VERSION_HEADER', severity: ctx.headersUnknown ? 'info' : 'error', field: HEADER_NAMES.version, message: `${seen} ${HEADER_NAMES.version} header; the version is chosen by this header, not by the path.`, fix });
  }
}

const ORDER = ['chainId', 'sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'taker'];

function orderedParams(params: Record<string, string>): Record<string, string> {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => rank(a) - rank(b)));
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

function correctedRequest(ctx: LintContext, request: PastedRequest): CorrectedRequest | null {
  if (ctx.endpoint === null) return null;
  const params = orderedParams(ctx.params);
  const base = ctx.keepHost && request.host !== null ? `https://${request.host}` : 'https://{base_url}';
  const query = Object.entries(params).map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  const headers: Record<string, string> = { [HEADER_NAMES.apiKey]: API_KEY_PLACEHOLDER };
  if (ENDPOINTS[ctx.endpoint].needsVersion) headers[HEADER_NAMES.version] = API_VERSION;
  return { endpoint: ctx.endpoint, params, headers, url: `${base}${ENDPOINTS[ctx.endpoint].path}${query ? `?${query}` : ''}`, remaining: ctx.remaining };
}

/** Whether a finding counts against the request (errors and warnings do; an 'info' note does not). */
export function isProblem(finding: LintFinding): boolean {
  return finding.severity !== 'info';
}

/**
 * How many findings there are, as explain and the paste box both say it: the problems alone ('3'),
 * or with the notes that do not count beside them ('0 problems, 2 notes that do not count').
 */
export function findingsCountText(findings: readonly LintFinding[]): string {
  const problems = findings.filter(isProblem).length;
  const notes = findings.length - problems;
  return notes === 0 ? String(problems) : `${problems} problem${problems === 1 ? '' : 's'}, ${notes} note${notes === 1 ? '' : 's'} that do not count`;
}

/** Lints a pasted request and builds its corrected v2 form (null when the endpoint cannot be told). */
export function lintRequest(request: PastedRequest): LintResult {
  const ctx: LintContext = { params: { ...request.query }, endpoint: null, chainId: null, keepHost: true, findings: [], remaining: [], headersUnknown: request.source === 'url' };
  // First: what follows (a parameter "missing", one "not of this endpoint") may be only the cut.
  if (request.isCutShort) unfixed(ctx, { code: 'CUT_SHORT', severity: 'warning', message: 'The paste ends inside a quoted string: it was cut short, so its last parameter or header may be partial or missing, and findings about them may be only the cut.', fix: 'ask the customer for the whole command (or their HAR)' });
  lintTransport(ctx, request);
  lintPath(ctx, request.path);
  lintRepeated(ctx, request.repeated ?? {});
  lintHost(ctx, request);
  lintKey(ctx, request);
  lintVersion(ctx, request);
  lintIgnoredQuery(ctx);
  lintV1Params(ctx);
  lintChainId(ctx);
  lintSymbols(ctx);
  keepV1FeeToken(ctx);
  lintAmountUnits(ctx);
  lintAmounts(ctx);
  lintSchema(ctx);
  return { findings: ctx.findings, corrected: correctedRequest(ctx, request) };
}
