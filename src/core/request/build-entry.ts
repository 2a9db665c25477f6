import { NamedErrorSchema, type EndpointId } from '../../spec/index.ts';
import { schemaReportOf } from '../../domain/entry-schema-report.ts';
import type { NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { chainIdOfQuery } from '../../domain/chains.ts';
import { isDeeperThan, tooDeepDetail } from '../../domain/json-depth.ts';
import { isJsonNullText } from '../../domain/json-null.ts';
import { redactHeaders, redactUrl } from '../../domain/redact.ts';
import { parseJson, type HttpExchange } from '../http/http-client.ts';

/**
 * Turns a finished exchange into the history entry the store keeps, with the API key redacted.
 * In the app this runs in the data worker (src/core/data/), beside the store: parsing, depth check
 * and schema report of a large body are the heavy part of keeping a request.
 */

/** What was asked, besides the exchange. Holds no key: only the name of the header that carries it. */
export interface EntryContext {
  profileId: string;
  profileName: string;
  /** The profile's API-key header, redacted wherever it appears. */
  apiKeyHeader: string;
  endpoint: EndpointId;
  params: Record<string, string>;
  replayOf: number | null;
}

function zidOf(body: unknown, headers: Record<string, string>): string | null {
  if (body !== null && typeof body === 'object') {
    const top = (body as { zid?: unknown }).zid;
    if (typeof top === 'string') return top;
    const nested = (body as { data?: { zid?: unknown } }).data?.zid;
    if (typeof nested === 'string') return nested;
  }
  return headers['svc-zid'] ?? null;
}

function errorNameOf(exchange: HttpExchange, body: unknown): string | null {
  // Only an error status names an error: a 200 body is not read as one (nor its schema built).
  if (exchange.status !== null && exchange.status >= 400) {
    const parsed = NamedErrorSchema.safeParse(body);
    if (parsed.success) return parsed.data.name;
  }
  return exchange.appError?.code ?? null;
}

/** Builds the entry: redacted request, whole response, parsed body, schema report, zid and the error name. */
export function buildEntry(context: EntryContext, exchange: HttpExchange): NewHistoryEntry {
  const { params } = context;
  const parsed = exchange.isTruncated ? null : parseJson(exchange.bodyText);
  // A body too deep to stringify or clone would make the insert throw and lose the answer: it is
  // kept as text, with a schema-report finding that says why (issue 17).
  const isTooDeep = isDeeperThan(parsed);
  const body = isTooDeep ? null : parsed;
  const keyHeader = context.apiKeyHeader;
  return {
    startedAt: exchange.startedAt,
    origin: 'sent',
    profileId: context.profileId,
    profileName: context.profileName,
    endpoint: context.endpoint,
    chainId: chainIdOfQuery(params),
    sellToken: params.sellToken ?? null,
    buyToken: params.buyToken ?? null,
    status: exchange.status,
    errorName: errorNameOf(exchange, body),
    zid: zidOf(parsed, exchange.responseHeaders),
    durationMs: exchange.durationMs,
    replayOf: context.replayOf,
    method: 'GET',
    url: redactUrl(exchange.url, keyHeader),
    query: redactHeaders(params, keyHeader),
    requestHeaders: redactHeaders(exchange.requestHeaders, keyHeader),
    statusText: exchange.statusText,
    responseHeaders: exchange.responseHeaders,
    bodyText: exchange.bodyText,
    body,
    schemaReport: isTooDeep ? [{ kind: 'invalid', path: '$', detail: tooDeepDetail() }] : schemaReportOf(context.endpoint, exchange.status, body, !exchange.isTruncated && isJsonNullText(exchange.bodyText)),
    attempts: exchange.attempts,
    appError: exchange.appError,
    // Only an imported entry has one: the customer's browser's error (har.ts).
    clientError: null,
  };
}
