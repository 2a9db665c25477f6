import { AppError, type AppErrorCode } from '../../ipc/result.ts';

/**
 * The one place where transport failures and HTTP statuses become app error codes. Everything above
 * the client matches on `AppError.code` only.
 */

// Node's TLS verification codes (every OpenSSL X509_V_ERR_* name Node reports, plus Node's own
// host check): one left out (a certificate for client authentication only, INVALID_PURPOSE) was
// reported as INTERNAL, "a bug in the app".
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'CERT_CHAIN_TOO_LONG',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_REVOKED',
  'INVALID_CA',
  'HOSTNAME_MISMATCH',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

// Resets the server or a middlebox may cause on a keep-alive socket: safe to retry for a GET.
const RESET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

// With undici, a body cut short of its Content-Length on a closing connection (node:https reports
// the same cut as ECONNRESET).
const NETWORK_CODES = new Set([...RESET_CODES, 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ECONNABORTED', 'UND_ERR_CLOSED', 'UND_ERR_PROXY', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);

// Deep enough for undici's wrapping (its error, the socket's, the TLS layer's); a bound all the same,
// since `cause` is any object a library chose to put there.
const MAX_CAUSES = 5;

/**
 * An error and the errors on its `cause` chain, outermost first: each once (a cycle ends the walk),
 * at most MAX_CAUSES, stopping at the first link that is not an Error. AggregateError's `errors` are
 * not walked: Node's connect-to-every-address failure copies the first attempt's code onto the
 * aggregate itself, and the other attempts' codes (a timeout on one address, a refusal on the other)
 * would change which code the failure is reported as.
 */
function causesOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let node = error; node instanceof Error && chain.length < MAX_CAUSES && !chain.includes(node); node = node.cause) {
    chain.push(node);
  }
  return chain;
}

/**
 * Whether the answer could not be read as HTTP/1.1 (another server on the port, something between
 * that garbled it, headers past the parser's limit): node:https's parser codes (HPE_*), undici's
 * header overflow, and undici's parser error, which carries no code, only its name.
 */
function isNotHttp(error: unknown, codes: string[]): boolean {
  if (codes.some((code) => code.startsWith('HPE_') || code === 'UND_ERR_HEADERS_OVERFLOW')) return true;
  return causesOf(error).some((each) => each.name === 'HTTPParserError');
}

/** The error codes on an error and its causes (undici sometimes wraps the socket's error). */
export function errorCodes(error: unknown): string[] {
  return causesOf(error)
    .map((each) => (each as { code?: unknown }).code)
    .filter((code): code is string => typeof code === 'string');
}

/** Whether a transport error is a connection reset, the only transport failure a GET retries. */
export function isConnectionReset(error: unknown): boolean {
  return errorCodes(error).some((code) => RESET_CODES.has(code));
}

function codeFor(codes: string[]): AppErrorCode {
  if (codes.some((code) => TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) return 'TLS';
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return 'TIMEOUT';
  if (codes.some((code) => NETWORK_CODES.has(code))) return 'NETWORK';
  return 'INTERNAL';
}

// What a network failure's code means, in words, before Node's own text ("getaddrinfo ENOTFOUND
// api.example.com"), which is kept after it in parentheses for whoever reports it on.
const NETWORK_REASONS: Record<string, (host: string) => string> = {
  ENOTFOUND: (host) => `no such host: DNS has no address for ${host}`,
  EAI_AGAIN: (host) => `DNS did not answer for ${host} (offline, or the resolver is down)`,
  ECONNREFUSED: (host) => `nothing accepted the connection at ${host}`,
  EHOSTUNREACH: (host) => `no route to ${host} (offline, or blocked)`,
  ENETUNREACH: (host) => `no route to ${host} (offline, or blocked)`,
  ECONNRESET: () => 'the connection was reset',
};

// What a TLS refusal means and what to do, before Node's own text (kept after it in parentheses).
const UNTRUSTED_CA = 'the certificate is signed by a CA the profile does not trust: add that CA certificate to the profile';
const TLS_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "the service's certificate is self-signed and the profile does not trust it: add that certificate to the profile as its CA certificate",
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a CA the profile does not trust: add that CA certificate to the profile',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED_CA,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED_CA,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED_CA,
  CERT_HAS_EXPIRED: "the service's certificate has expired, or this computer's clock is ahead: check the clock, else the service's operator must renew it",
  CERT_NOT_YET_VALID: "the service's certificate is not valid yet, or this computer's clock is behind: check the clock",
  ERR_TLS_CERT_ALTNAME_INVALID: "the certificate is for another host than the base URL's: check the base URL's host name",
};

// Node adds this to an untrusted certificate's message; it is advice for whoever starts Node, and the
// app pins a profile's CA instead (the CLI reads no Node flags): followed, it changes nothing.
const NODE_SYSTEM_CA_HINT = /; if the root CA is installed locally, try running Node\.js with --use-system-ca$/;

// Through an https:// proxy there are two handshakes, the proxy's and the service's inside the tunnel,
// and Node's error does not say which one refused: the reason names both rather than guess.
function eitherCertificate(reason: string): string {
  return reason.replace("the service's certificate", "the certificate of the service or of the profile's https:// proxy").replace("the base URL's host name", "the base URL's and the proxy URL's host names");
}

function reasonFor(code: AppErrorCode, codes: string[], host: () => string, route?: TransportRoute): string | undefined {
  if (code === 'TLS') {
    const reason = codes.map((each) => TLS_REASONS[each]).find((each) => each !== undefined);
    return reason && route?.proxy === 'https:' ? eitherCertificate(reason) : reason;
  }
  if (code !== 'NETWORK') return undefined;
  const reason = codes.map((each) => NETWORK_REASONS[each]).find((each) => each !== undefined);
  return reason?.(host());
}

function hostOf(error: unknown): string {
  for (const each of causesOf(error)) {
    const { hostname, address, port } = each as { hostname?: unknown; address?: unknown; port?: unknown };
    if (typeof hostname === 'string') return hostname;
    if (typeof address === 'string') return typeof port === 'number' ? `${address}:${port}` : address;
  }
  return 'the host';
}

// undici's ProxyAgent says a CONNECT the proxy answered with anything but 200 only in this text (a
// RequestAbortedError, whose code every aborted request shares): the proxy's status is read from it.
const PROXY_REFUSAL = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;

// Failures of the connection to the proxy itself: through a CONNECT proxy, the app resolves and
// dials only the proxy (the service's host is the proxy's to resolve), so these name the proxy.
const PROXY_CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_PRX_CONN']);

function proxyRefusal(error: unknown, codes: string[]): AppError | null {
  const status = error instanceof Error && codes[0] === 'UND_ERR_ABORTED' ? PROXY_REFUSAL.exec(error.message)?.[1] : undefined;
  if (status === undefined) return null;
  const details = { cause: codes[0], proxyStatus: Number(status) };
  // The proxy's user name and password travel in the profile's proxy URL (undici sends them as
  // Proxy-Authorization); a 407 says they are missing or wrong, not that the app failed.
  if (status === '407') {
    return new AppError('NETWORK', `The proxy refused its credentials (HTTP 407 Proxy Authentication Required): check the user name and password of the profile's proxy (in Settings, Proxy URL and Proxy password) (${(error as Error).message})`, details);
  }
  return new AppError('NETWORK', `The proxy did not open a connection to the service (it answered HTTP ${status}): it could not reach the service's host, or its rules refuse it (${(error as Error).message})`, details);
}

/** Where a request went: the service's host (and port), and the scheme of the profile's proxy, if any. */
export interface TransportRoute {
  host: string;
  proxy: 'http:' | 'https:' | null;
}

// A TLS handshake answered in plain HTTP: OpenSSL's own text ("…:error:0A00010B:SSL routines:
// tls_validate_record_header:wrong version number:../deps/openssl/…") says nothing a user can act
// on. Through an https:// proxy URL it is most likely the proxy, which most often takes http://.
function notTlsReason(route: TransportRoute | undefined, error: unknown): string {
  if (route?.proxy === 'https:') {
    return "the profile's proxy answered without TLS: its URL is https://, and most proxies take plain http:// (give it so; the request to the service stays TLS inside the tunnel)";
  }
  return `${route?.host ?? hostOf(error)} answered without TLS (plain HTTP on that port, or not the service): check the base URL's port`;
}

/**
 * Maps a transport failure (no HTTP response) to an AppError, keeping the low-level code in details.
 * `route`: where the request went; through the profile's proxy, a failure to connect is the proxy's.
 */
export function mapTransportError(error: unknown, route?: TransportRoute): AppError {
  const codes = errorCodes(error);
  const refused = proxyRefusal(error, codes);
  if (refused) return refused;
  const viaProxy = route?.proxy != null;
  const code = codeFor(codes);
  // node:https reports it as EPROTO, with OpenSSL's reason only in its text.
  const isNotTls = codes.includes('ERR_SSL_WRONG_VERSION_NUMBER') || (codes.includes('EPROTO') && error instanceof Error && error.message.includes('wrong version number'));
  if (isNotTls) {
    return new AppError('TLS', `The TLS connection was refused: ${notTlsReason(route, error)} (OpenSSL: wrong version number)`, { cause: codes[0] ?? null });
  }
  const raw = (error instanceof Error ? error.message : String(error)).replace(NODE_SYSTEM_CA_HINT, '');
  if (code === 'INTERNAL' && isNotHttp(error, codes)) {
    const where = route?.host ?? hostOf(error);
    return new AppError('NETWORK', `The service's answer could not be read: what ${where} sent is not HTTP as expected (another server on that port, something between that garbled it, or headers too long) (${raw})`, { cause: codes[0] ?? 'HTTPParserError' });
  }
  const reason = reasonFor(code, codes, () => hostOf(error), route);
  const message = reason ? `${reason} (${raw})` : raw;
  const lead: Record<AppErrorCode, string> = {
    TLS: 'The TLS connection was refused',
    TIMEOUT: 'The service did not answer in time',
    NETWORK: viaProxy && codes.some((each) => PROXY_CONNECT_CODES.has(each)) ? "The profile's proxy could not be reached" : 'The service could not be reached',
  } as Record<AppErrorCode, string>;
  return new AppError(code, `${lead[code] ?? 'The request failed'}: ${message}`, { cause: codes[0] ?? null });
}

/** Maps a non-2xx status to an AppError; `serviceError` is the spec's Error object when the body is one. */
export function mapStatus(status: number, statusText: string, serviceError: unknown): AppError {
  const named = serviceError as { name?: string; message?: string } | null;
  const suffix = named?.name ? `: ${named.name}${named.message ? ` (${named.message})` : ''}` : '';
  const details = serviceError === null ? { status } : { status, serviceError };
  if (status === 401 || status === 403) {
    // A 403 with a spec error name is the service refusing a trade, not a bad key (spec, "Errors").
    if (status === 403 && named?.name) return new AppError('REMOTE_ERROR', `HTTP 403${suffix}`, details);
    return new AppError('AUTH_FAILED', `The service refused the API key (HTTP ${status}${statusText ? ` ${statusText}` : ''})${suffix}`, details);
  }
  if (status === 429) return new AppError('RATE_LIMITED', `The service rate-limited the request (HTTP 429)${suffix}`, details);
  return new AppError('REMOTE_ERROR', `HTTP ${status}${statusText ? ` ${statusText}` : ''}${suffix}`, details);
}
