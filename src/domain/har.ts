import { z } from 'zod';
import type { Har, HarEntry } from './har-schema.ts';
import { redactEntryCredentials, type KeyHeaderNames } from './redact.ts';
import { ownKeysRecord } from '../spec/own-keys-record.ts';
import { lazySchema } from '../spec/lazy-schema.ts';
import { joinOwn } from './own-record.ts';

/**
 * History entries as HAR 1.2 and back (issue 6, "Export and import"). Credentials (redact.ts) are
 * redacted on the way out and again on the way in, in the URL, the query and both header lists, and
 * wherever the response echoes one: a customer's own HAR may carry their key, a token or a cookie,
 * and a response may repeat one.
 */

// Built on first use (src/spec/lazy-schema.ts): only imports and exports read them, not a request.
const headerRecord = lazySchema(() => ownKeysRecord(z.string(), z.string()));

/** The status a HAR entry or an export gives a request that got no response. */
export const NO_RESPONSE_STATUS = 0;

/**
 * Longest browser error kept from a HAR (`response._error`). Chrome's codes (`net::ERR_…`) are
 * under 50 characters; a longer text from another tool is cut, not a reason to refuse the file.
 */
export const MAX_CLIENT_ERROR_CHARS = 200;

/** The minimal view of a history entry that exports need; the history store maps its rows to it. */
export const HistoryEntryLikeSchema = lazySchema(() =>
  z.object({
    url: z.url({ message: 'must be an absolute URL' }),
    method: z.literal('GET', { message: 'must be GET: every endpoint of the service is GET' }),
    requestHeaders: headerRecord,
    query: headerRecord,
    // 0 is a request that got no response: the app's exports write it so (toLike), as browsers do
    // for a request that failed or was blocked (CORS), and HAR has no other way to say it.
    status: z.number().int().refine((status) => status === NO_RESPONSE_STATUS || (status >= 100 && status <= 599), { message: 'must be an HTTP status from 100 to 599, or 0 for no response' }),
    statusText: z.string(),
    responseHeaders: headerRecord,
    bodyText: z.string(),
    startedAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
    durationMs: z.number().min(0),
    zid: z.string().nullable(),
    /**
     * Why the app got no answer, or none it could use (a time-out, a refused certificate): what an
     * entry with status 0 says of itself. Optional: files written before it, and other tools', lack it.
     */
    appError: z.object({ code: z.string(), message: z.string() }).nullable().optional(),
    /**
     * The error the customer's browser wrote for a request it got no answer to (Chrome's HAR
     * `response._error`, e.g. `net::ERR_NAME_NOT_RESOLVED`). Optional: other tools' files lack it.
     */
    clientError: z.string().max(MAX_CLIENT_ERROR_CHARS).nullable().optional(),
  }),
);
/** A history entry as exports see it. */
export type HistoryEntryLike = z.infer<typeof HistoryEntryLikeSchema>;

/** Who wrote the HAR (log.creator). */
export interface HarCreator {
  name: string;
  version: string;
}

/** Options shared by exports and imports. */
export interface RedactOptions {
  /** The API key header of the profile (or the names it may go by); `svc-api-key` by default. */
  apiKeyHeader?: KeyHeaderNames;
}

const pairs = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value }));

function mimeTypeOf(headers: Record<string, string>): string {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
  return entry?.[1] ?? 'application/json';
}

/**
 * One history entry as a HAR entry, credentials redacted; the zid travels as the custom member
 * `_zid`, the app's error as `_appError`, the browser's error where Chrome writes it (`response._error`).
 */
export function toHarEntry(original: HistoryEntryLike, options: RedactOptions = {}): HarEntry & { _zid: string | null; _appError?: { code: string; message: string } } {
  const entry = redactEntryCredentials(original, options.apiKeyHeader);
  return {
    startedDateTime: entry.startedAt,
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.requestHeaders),
      queryString: pairs(entry.query),
      // -1: the sizes on the wire are not recorded (HAR allows -1 for unknown).
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: entry.status,
      statusText: entry.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.responseHeaders),
      content: { size: new TextEncoder().encode(entry.bodyText).length, mimeType: mimeTypeOf(entry.responseHeaders), text: entry.bodyText },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...(entry.clientError ? { _error: entry.clientError } : {}),
    },
    cache: {},
    // Only the whole duration is recorded; it is reported as waiting so that the phases add up to `time`.
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    _zid: entry.zid,
    ...(entry.appError ? { _appError: { code: entry.appError.code, message: entry.appError.message } } : {}),
  };
}

/** A HAR 1.2 document of the given entries. */
export function buildHar(entries: readonly HistoryEntryLike[], creator: HarCreator, options: RedactOptions = {}): Har {
  return { log: { version: '1.2', creator: { ...creator }, entries: entries.map((entry) => toHarEntry(entry, options)) } };
}

function record(items: { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  // Repeated names are joined as HTTP does for list headers, so none is lost.
  for (const { name, value } of items) joinOwn(out, name, value, ', ');
  return out;
}

// The query as sent. HAR 1.2 lists it in queryString, but some tools that write HAR leave that
// empty (a hand-made or converted file): the URL still holds it, and an entry read with no query
// was listed with no chain or pair, and replayed without one, into INPUT_INVALID.
function queryOf(request: HarEntry['request']): Record<string, string> {
  if (request.queryString.length > 0 || !URL.canParse(request.url)) return record(request.queryString);
  return record([...new URL(request.url).searchParams].map(([name, value]) => ({ name, value })));
}

function bodyOf(content: HarEntry['response']['content']): string {
  if (content.text === undefined) return '';
  if (content.encoding !== 'base64') return content.text;
  const bytes = Uint8Array.from(atob(content.text), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

// As a sent request's entry reads it (src/core/request/build-entry.ts): the body's zid, else the
// `svc-zid` response header, the only place it is when a browser saved the HAR without response
// bodies, or for an answer whose body carries none (the enabled sources).
function zidOf(entry: HarEntry, bodyText: string): string | null {
  const custom = (entry as { _zid?: unknown })._zid;
  if (typeof custom === 'string') return custom;
  return zidOfBodyText(bodyText) ?? entry.response.headers.find((header) => header.name.toLowerCase() === 'svc-zid')?.value ?? null;
}

// Chrome writes `_error: null` for a request that was answered, and the net::ERR_ code for one that was not.
function clientErrorOf(response: HarEntry['response']): { clientError?: string } {
  const error = (response as { _error?: unknown })._error;
  if (typeof error !== 'string' || error.trim() === '') return {};
  return { clientError: error.trim().slice(0, MAX_CLIENT_ERROR_CHARS) };
}

function zidOfBodyText(bodyText: string): string | null {
  try {
    const parsed = JSON.parse(bodyText) as { zid?: unknown; data?: { zid?: unknown } };
    const zid = parsed?.zid ?? parsed?.data?.zid;
    return typeof zid === 'string' ? zid : null;
  } catch {
    return null;
  }
}

/**
 * A validated HAR entry as a history entry, credentials redacted; the zid from `_zid`, the body or
 * the `svc-zid` header; the browser's error from `response._error`, cut at MAX_CLIENT_ERROR_CHARS.
 */
export function fromHarEntry(entry: HarEntry, options: RedactOptions = {}): unknown {
  const bodyText = bodyOf(entry.response.content);
  const raw = {
    url: entry.request.url,
    method: entry.request.method,
    requestHeaders: record(entry.request.headers),
    query: queryOf(entry.request),
    status: entry.response.status,
    statusText: entry.response.statusText,
    responseHeaders: record(entry.response.headers),
    bodyText,
    startedAt: entry.startedDateTime,
    durationMs: entry.time,
    zid: zidOf(entry, bodyText),
    ...('_appError' in entry ? { appError: entry._appError } : {}),
    ...clientErrorOf(entry.response),
  };
  return redactEntryCredentials(raw, options.apiKeyHeader);
}
