import { ENDPOINTS, ServiceErrorSchema, schemaReport, type EndpointId } from '../../spec/index.ts';
import type { NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { isDeeperThan, tooDeepDetail } from '../../domain/json-depth.ts';
import { redactHeaders, redactUrl } from '../../domain/redact.ts';
import type { Connection } from '../ports.ts';
import type { HttpExchange } from '../http/http-client.ts';

/** Turns a finished exchange into the history entry the store keeps, with the API key redacted. */

/** What was asked, besides the exchange. */
export interface EntryContext {
  connection: Connection;
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

function chainIdOf(params: Record<string, string>): number | null {
  const value = params.chainId;
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

function reportOf(endpoint: EndpointId, exchange: HttpExchange): NewHistoryEntry['schemaReport'] {
  // Only a parsed body can be compared; with no response or a non-JSON body the raw text is kept.
  if (exchange.status === null || exchange.body === null) return [];
  const isSuccess = exchange.status >= 200 && exchange.status < 300;
  return schemaReport(isSuccess ? ENDPOINTS[endpoint].response : ServiceErrorSchema, exchange.body);
}

function errorNameOf(exchange: HttpExchange): string | null {
  const parsed = ServiceErrorSchema.pick({ name: true, message: true }).safeParse(exchange.body);
  if (parsed.success && exchange.status !== null && exchange.status >= 400) return parsed.data.name;
  return exchange.appError?.code ?? null;
}

// A body too deep to stringify or clone would make the insert throw and lose the answer: it is kept
// as text, with a schema-report finding that says why (issue 17).
function keepable(exchange: HttpExchange): { exchange: HttpExchange; warning: NewHistoryEntry['schemaReport'] } {
  if (!isDeeperThan(exchange.body)) return { exchange, warning: [] };
  return { exchange: { ...exchange, body: null }, warning: [{ kind: 'invalid', path: '$', detail: tooDeepDetail() }] };
}

/** Builds the entry: redacted request, whole response, schema report, zid and the error name. */
export function buildEntry(context: EntryContext, received: HttpExchange): NewHistoryEntry {
  const { connection, params } = context;
  const { exchange, warning } = keepable(received);
  const keyHeader = connection.headerNames.apiKey;
  return {
    startedAt: exchange.startedAt,
    origin: 'sent',
    profileId: connection.profileId,
    profileName: connection.profileName,
    endpoint: context.endpoint,
    chainId: chainIdOf(params),
    sellToken: params.sellToken ?? null,
    buyToken: params.buyToken ?? null,
    status: exchange.status,
    errorName: errorNameOf(exchange),
    zid: zidOf(received.body, exchange.responseHeaders),
    durationMs: exchange.durationMs,
    replayOf: context.replayOf,
    method: 'GET',
    url: redactUrl(exchange.url, keyHeader),
    query: redactHeaders(params, keyHeader),
    requestHeaders: redactHeaders(exchange.requestHeaders, keyHeader),
    statusText: exchange.statusText,
    responseHeaders: exchange.responseHeaders,
    bodyText: exchange.bodyText,
    body: exchange.body,
    schemaReport: warning.length > 0 ? warning : reportOf(context.endpoint, exchange),
    attempts: exchange.attempts,
    appError: exchange.appError,
  };
}
