/**
 * Plain words for the errors Chromium browsers write in a HAR for a request that got no answer
 * (`response._error`, with `response.status` 0). The codes are Chromium's (net/base/net_error_list.h);
 * only those a customer's request to an HTTPS API commonly meets are read, any other is shown as written.
 */

const CERTIFICATE = "The browser refused the service's HTTPS certificate";

const READINGS: Record<string, string> = {
  ERR_CERT_AUTHORITY_INVALID: `${CERTIFICATE}: it is not issued by an authority the customer's machine trusts (a proxy, VPN or antivirus that inspects HTTPS, or a wrong host).`,
  ERR_CERT_COMMON_NAME_INVALID: `${CERTIFICATE}: it is not for the host name the request went to (a wrong base URL, or a proxy answering instead).`,
  ERR_CERT_DATE_INVALID: `${CERTIFICATE}: it is expired or not yet valid, most often because the customer's clock is wrong.`,
  ERR_CERT_REVOKED: `${CERTIFICATE}: it was revoked.`,
  ERR_SSL_PROTOCOL_ERROR: 'The HTTPS connection could not be set up (a proxy or firewall breaking TLS, or a non-HTTPS server at that address).',
  ERR_NAME_NOT_RESOLVED: "The host name could not be found (DNS): a typo in the base URL, or the customer's network cannot resolve it.",
  ERR_INTERNET_DISCONNECTED: 'The customer\'s machine was offline.',
  ERR_CONNECTION_REFUSED: 'The server at that address refused the connection (wrong host or port, or nothing listening).',
  ERR_CONNECTION_RESET: 'The connection was cut while the request was under way (a proxy, firewall or an unstable network).',
  ERR_CONNECTION_CLOSED: 'The server closed the connection without an answer.',
  ERR_CONNECTION_TIMED_OUT: 'The connection could not be made in time (a firewall dropping it, or the host unreachable).',
  ERR_TIMED_OUT: 'The request timed out before an answer came.',
  ERR_ADDRESS_UNREACHABLE: "The host's address could not be reached from the customer's network.",
  ERR_PROXY_CONNECTION_FAILED: "The browser's proxy could not be reached.",
  ERR_TUNNEL_CONNECTION_FAILED: 'The proxy would not open a connection to the host.',
  ERR_BLOCKED_BY_CLIENT: 'The browser itself blocked the request, most often an ad or privacy blocking extension: the request never left the machine.',
  ERR_BLOCKED_BY_ADMINISTRATOR: "The customer's administrator's policy blocked the request in the browser.",
  ERR_BLOCKED_BY_RESPONSE: 'The browser blocked the answer for its headers (Cross-Origin-Resource-Policy or similar).',
  ERR_ABORTED: 'The request was cancelled before it finished: the page navigated away, or its code aborted it.',
  // What Chrome writes for a CORS refusal, among other generic failures; the console says which.
  ERR_FAILED: "A failure Chrome does not name; for a page's request it is most often a CORS refusal (the browser's console says so).",
};

const NET_CODE = /^net::(ERR_[A-Z0-9_]+)$/;

/** A plain-language reading of a browser's `net::ERR_…` code, or null for a code (or text) it does not read. */
export function readBrowserNetError(code: string): string | null {
  const name = NET_CODE.exec(code.trim())?.[1];
  return name !== undefined && Object.hasOwn(READINGS, name) ? READINGS[name]! : null;
}
