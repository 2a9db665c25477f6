import { ENDPOINTS, toFieldErrors, type EndpointId } from '../../spec/index.ts';
import { AppError } from '../../ipc/result.ts';
import { credentialValues, redactEchoedCredentials, redactHeaders, redactUrl } from '../../domain/redact.ts';
import type { ConnectionResolver, HistorySink, RecordedRequest } from '../ports.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/http-client.ts';
import type { PaceGroup } from '../http/rate-scheduler.ts';

/**
 * request.send and request.cancel: validate, send through the client, keep the entry in history.
 *
 * Invalid parameters are refused before sending and are NOT recorded: nothing left the app, and the
 * form shows the same field reasons inline; with `sendAsIs` they are sent anyway, as written. Everything that was sent (or refused by the transport,
 * such as an http:// base URL) is recorded, failures included, so every outcome has an entry.
 */

/** What to send. */
export interface SendInput {
  /** Client-generated id, so the UI can cancel the request while it runs. */
  requestId?: string;
  profileId: string;
  endpoint: EndpointId;
  params: Record<string, string>;
  /** The history id this request replays. */
  replayOf?: number | null;
  /** Skip the pre-send check against the endpoint schema and send the params as given. */
  sendAsIs?: boolean;
  /** Requests to start together (a comparison's sides for one chain), so that they price at one block where they can. */
  paceGroup?: PaceGroup;
}

/** The answer: the kept entry (id 0 when it could not be stored) and a warning when it was not. */
export type SendResult = RecordedRequest;

/** The request service. */
export interface RequestService {
  send(input: SendInput): Promise<SendResult>;
  /** Cancels a running request; false when no request with that id is running. */
  cancel(requestId: string): boolean;
  close(): Promise<void>;
}

/** What the service is built from. */
export interface RequestServiceDeps {
  connections: ConnectionResolver;
  history: HistorySink;
  /** Client options (naming the transport), or a client shared with other services. */
  client: HttpClientOptions | HttpClient;
}

/** Checks params against the endpoint's query schema; throws INVALID_INPUT with `{field, reason}` details. */
export function validateParams(endpoint: EndpointId, params: Record<string, string>): void {
  const parsed = ENDPOINTS[endpoint].query.safeParse(params);
  if (parsed.success) return;
  const details = toFieldErrors(parsed.error, params);
  const first = details[0];
  throw new AppError('INVALID_INPUT', first ? `${first.field} ${first.reason}` : 'invalid parameters', details);
}

/** The path and query string of a request, with the parameters exactly as given. */
export function pathAndQueryOf(endpoint: EndpointId, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${ENDPOINTS[endpoint].path}?${query}` : ENDPOINTS[endpoint].path;
}

function isClient(value: HttpClientOptions | HttpClient | undefined): value is HttpClient {
  return typeof (value as HttpClient | undefined)?.get === 'function';
}

/** Creates the request service. */
export function createRequestService(deps: RequestServiceDeps): RequestService {
  const client = isClient(deps.client) ? deps.client : createHttpClient(deps.client);
  const running = new Map<string, AbortController>();
  return {
    async send(input) {
      if (!input.sendAsIs) validateParams(input.endpoint, input.params);
      const controller = new AbortController();
      if (input.requestId !== undefined) {
        if (running.has(input.requestId)) throw new AppError('INVALID_INPUT', `A request with id ${input.requestId} is already running`, { field: 'requestId' });
        // Registered before resolving the profile (which may start the local service), so a cancel
        // that comes during that wait still stops the request before it is sent.
        running.set(input.requestId, controller);
      }
      try {
        const connection = await deps.connections.resolve(input.profileId);
        const pathAndQuery = pathAndQueryOf(input.endpoint, input.params);
        const exchange = await client.get({ connection, pathAndQuery, sendVersion: ENDPOINTS[input.endpoint].needsVersion, signal: controller.signal, paceGroup: input.paceGroup });
        const apiKeyHeader = connection.headerNames.apiKey;
        // The key is redacted here, so it never leaves the thread that holds it (main, in the app):
        // from the request, and from the response wherever it is echoed (an error quoting it).
        const secrets = credentialValues({ url: exchange.url, query: input.params, requestHeaders: exchange.requestHeaders }, apiKeyHeader);
        const redacted = {
          ...redactEchoedCredentials(exchange, secrets, apiKeyHeader),
          url: redactUrl(exchange.url, apiKeyHeader),
          requestHeaders: redactHeaders(exchange.requestHeaders, apiKeyHeader),
        };
        const context = { profileId: connection.profileId, profileName: connection.profileName, apiKeyHeader, endpoint: input.endpoint, params: input.params, replayOf: input.replayOf ?? null };
        return await deps.history.record({ context, exchange: redacted });
      } finally {
        if (input.requestId !== undefined) running.delete(input.requestId);
      }
    },
    cancel(requestId) {
      const controller = running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    close: () => client.close(),
  };
}
