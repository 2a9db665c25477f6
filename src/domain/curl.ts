import { redactHeaders, redactUrl } from './redact.ts';
import { shellQuote } from './shell-quote.ts';

export { shellQuote };

/**
 * "Copy curl" of a history entry (issue 6): the request as a POSIX-shell curl command with the API
 * key replaced by a placeholder, so it can be pasted into a ticket safely.
 */

/** The placeholder the spec suggests for the key in code (service-interface.md, "Authentication"). */
export const API_KEY_PLACEHOLDER = '<API_KEY>';

/** The request to turn into a command. */
export interface CurlRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
}

/** Options of buildCurl. */
export interface CurlOptions {
  /** The profile's API key header; `svc-api-key` by default. */
  apiKeyHeader?: string;
  /** One argument per line with backslash continuations, for readability in tickets. */
  multiline?: boolean;
}

/** A curl command for the request, key redacted. */
export function buildCurl(request: CurlRequest, options: CurlOptions = {}): string {
  const url = redactUrl(request.url, options.apiKeyHeader, API_KEY_PLACEHOLDER);
  const headers = redactHeaders(request.headers, options.apiKeyHeader, API_KEY_PLACEHOLDER);
  // --globoff: [ ] and { } in a URL (a gateway's base path) are curl's ranges and lists, which would
  // send other requests than the one kept; the Explorer's Copy as curl carries it too.
  const words: string[][] = [['curl', '--globoff', '--silent', '--show-error']];
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET') words.push(['--request', method]);
  // An HTTP/2 pseudo-header (":authority", ":path"), which a browser's HAR lists among the request's
  // headers, is part of the request line, not a header: curl makes it from the URL and the method.
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) words.push(['--header', `${name}: ${value}`]);
  words.push([url]);
  const parts = words.map((group) => group.map(shellQuote).join(' '));
  return parts.join(options.multiline ? ' \\\n  ' : ' ');
}
