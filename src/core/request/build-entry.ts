import { ENDPOINTS, NamedErrorSchema, ServiceErrorSchema, schemaReport, type EndpointId } from '../../spec/index.ts';
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

/**
 * How a body differs from the spec's schema for its endpoint and status (a success's response, an
 * error's ServiceError): for a request sent here and for an entry imported from a customer's file alike.
 * `isJsonNull`: the body is the JSON literal null (kept as null, as a body that is not JSON is).
 */
export function schemaReportOf(endpoint: EndpointId, status: number | null, body: unknown, isJsonNull = false): NewHistoryEntry['schemaReport'] {
  // Only a parsed body can be compared; with no response or a non-JSON body the raw text is kept.
  // A body of JSON null is compared: the report then says what the endpoint answers instead.
  if (status === null || (body === null && !isJsonNull)) return [];
  const isSuccess = status >= 200 && status < 300;
  return schemaReport(isSuccess ? ENDPOINTS[endpoint].response : ServiceErrorSchema, body);
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
  };
}
