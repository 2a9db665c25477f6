import { getOwn, joinOwn, setOwn } from '../own-record.ts';

/**
 * The URL part of a pasted request: scheme, host, path and query, from an absolute URL, a URL
 * without a scheme (`api.example.com/swap/...`) or a bare path (`/swap/v1/quote?...`).
 */

/** A URL split into what the linter needs. */
export interface UrlParts {
  scheme: 'http' | 'https' | null;
  host: string | null;
  path: string;
  query: Record<string, string>;
  /** Every value of each name given more than once (the service refuses a repeated parameter). */
  repeated: Record<string, string[]>;
}

/**
 * Adds a query pair; a repeated name is joined with commas, the spec's list separator, so that it
 * shows every value, and its values are listed in `repeated` when given.
 */
export function addQuery(query: Record<string, string>, name: string, value: string, repeated?: Record<string, string[]>): void {
  if (repeated && Object.hasOwn(query, name)) setOwn(repeated, name, [...(getOwn(repeated, name) ?? [query[name]!]), value]);
  joinOwn(query, name, value, ',');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Parses `a=1&b=2` into the record (percent- and plus-decoded). */
export function parseQueryString(text: string, into: Record<string, string> = {}, repeated?: Record<string, string[]>): Record<string, string> {
  for (const pair of text.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    addQuery(into, decode(at < 0 ? pair : pair.slice(0, at)), at < 0 ? '' : decode(pair.slice(at + 1)), repeated);
  }
  return into;
}

const ABSOLUTE = /^(https?):\/\/([^/?#\s]+)([^?#\s]*)(?:\?([^#\s]*))?/i;
const HOST_FIRST = /^([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?|localhost(?::\d+)?)(\/[^?#\s]*)(?:\?([^#\s]*))?/;
const PATH_ONLY = /^(\/[^?#\s]*)(?:\?([^#\s]*))?/;

/** Splits a URL-like text; null when it is none of the three forms. */
export function parseUrlParts(text: string): UrlParts | null {
  const trimmed = text.trim();
  const repeated: Record<string, string[]> = {};
  const query = (part: string | undefined) => parseQueryString(part ?? '', {}, repeated);
  const absolute = ABSOLUTE.exec(trimmed);
  if (absolute) {
    const host = absolute[2]!.replace(/^[^@]*@/, '').toLowerCase();
    return { scheme: absolute[1]!.toLowerCase() as 'http' | 'https', host, path: absolute[3] || '/', query: query(absolute[4]), repeated };
  }
  const hostFirst = HOST_FIRST.exec(trimmed);
  if (hostFirst) return { scheme: null, host: hostFirst[1]!.toLowerCase(), path: hostFirst[2]!, query: query(hostFirst[3]), repeated };
  const pathOnly = PATH_ONLY.exec(trimmed);
  if (pathOnly) return { scheme: null, host: null, path: pathOnly[1]!, query: query(pathOnly[2]), repeated };
  return null;
}
