import { parseUrlParts } from './parse-url.ts';
import { finishRequest, headerLine } from './request-parts.ts';
import type { PastedRequest } from './types.ts';
import { setOwn } from '../own-record.ts';

/**
 * A raw HTTP/1.1 request as pasted from a proxy or a log: `GET /path?query HTTP/1.1`, header lines,
 * and a blank line. The Host header names the host; the scheme is unknown (null) unless the request
 * line has an absolute URL.
 */

const REQUEST_LINE = /^([A-Z]{3,7})\s+(\S+)\s+HTTP\/\d(?:\.\d)?\s*$/;

/** Parses a raw HTTP request; null when the first line is not a request line. */
export function parseHttpRequest(text: string): PastedRequest | null {
  const lines = text.trim().split(/\r?\n/);
  const first = REQUEST_LINE.exec(lines[0]!.trim());
  if (!first) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    if (line.trim() === '') break;
    const pair = headerLine(line);
    if (pair) setOwn(headers, pair[0], pair[1]);
  }
  const url = parseUrlParts(first[2]!);
  if (!url) return null;
  const host = Object.entries(headers).find(([name]) => name.toLowerCase() === 'host')?.[1];
  if (url.host === null && host) url.host = host.toLowerCase();
  return finishRequest('http', first[1]!, url, headers);
}

// A status line as HTTP/1.x and curl -i (HTTP/2, HTTP/3) print it: `HTTP/1.1 429 Too Many Requests`.
const STATUS_LINE = /^HTTP\/\d(?:\.\d)?\s+\d{3}\b[^\n]*\n/;

// curl -v's trace ('*' notes, '>' request and '<' response lines, '{ [n bytes data]'), as a
// customer pastes it, 2>&1: the last response from its status line on, its '< ' prefixes taken off.
const VERBOSE_STATUS = /^< HTTP\/\d(?:\.\d)?\s+\d{3}\b/m;
const VERBOSE_NOISE = /^(?:\* |[{}] \[\d+ bytes data\]$)/;
// A body without a final newline has curl's closing note run on after it, on the same line.
const CONNECTION_NOTE = /\* Connection #\d+ to host \S+ left intact$/;

function verboseResponse(text: string): string {
  if (!VERBOSE_STATUS.test(text)) return text;
  const lines = text.split('\n');
  const start = lines.findLastIndex((line) => VERBOSE_STATUS.test(line));
  return lines
    .slice(start)
    .filter((line) => !VERBOSE_NOISE.test(line))
    .map((line) => (line === '<' || line.startsWith('< ') ? line.slice(2) : line.replace(CONNECTION_NOTE, '')))
    .join('\n');
}

/**
 * The body of a raw HTTP response as `curl -i`, a proxy or a log prints it (status line, header
 * lines, a blank line, the body), or as curl -v traces it; null when the text does not start with a status line. Header
 * blocks before the last (`HTTP/1.1 100 Continue`, a proxy's `200 Connection established`) are
 * skipped. The body is what explains the answer: its zid alone led only to History, which does
 * not hold a customer's request.
 */
export function rawResponseBody(text: string): string | null {
  let rest = verboseResponse(text.replace(/\r\n/g, '\n'));
  if (!STATUS_LINE.test(rest)) return null;
  while (STATUS_LINE.test(rest)) {
    const end = rest.indexOf('\n\n');
    if (end < 0) return '';
    rest = rest.slice(end + 2).replace(/^\n+/, '');
  }
  return rest.trim();
}
