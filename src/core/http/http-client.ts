import { NamedErrorSchema } from '../../spec/index.ts';
import { REQUEST_TIMEOUTS } from '../../domain/request-timeouts.ts';
import { isJsonNullText } from '../../domain/json-null.ts';
import { AppError, type AppErrorData } from '../../ipc/result.ts';
import type { Connection } from '../ports.ts';
import type { AttemptResult, Transport, TransportFactory, TransportTimeouts } from './transport.ts';
import { isConnectionReset, mapStatus, mapTransportError, type TransportRoute } from './map-error.ts';
import { RateScheduler, type PaceGroup, type Start } from './rate-scheduler.ts';
import { RETRY_STATUSES, abortableDelay, backoffDelay, parseRetryAfter } from './retry.ts';
import { monotonicMs } from '../monotonic-ms.ts';

/**
 * The HTTPS client of the engine: the profile's headers and trust, pacing under the profile's rate
 * budget, timeouts, a size cap, retries for GET, and every failure mapped to an AppError once.
 * `get` never throws: it reports whatever arrived so that every request can be kept in history.
 */

/** Limits and knobs of the client; every one injectable so tests can use small values. */
export interface HttpClientOptions {
  /** What sends the bytes: undici in the app, node:https in the CLI (transport.ts says why). */
  transport: TransportFactory;
  timeouts?: Partial<TransportTimeouts>;
  /** Cap on the whole request, retries and waits included (default 60 s). */
  overallTimeoutMs?: number;
  /** Bodies beyond this are cut and reported (default 16 MB). */
  maxBodyBytes?: number;
  /** Attempts including the first (default 3). */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A longer Retry-After is not waited for: RATE_LIMITED with the wait (default 30 s). */
  maxRetryAfterMs?: number;
  /** Shared across clients to pace one profile from several places (default: one of its own). */
  scheduler?: RateScheduler;
  random?: () => number;
}

/** Everything known about one sent request, for history. */
export interface HttpExchange {
  url: string;
  requestHeaders: Record<string, string>;
  status: number | null;
  statusText: string;
  responseHeaders: Record<string, string>;
  bodyText: string;
  /**
   * The body was cut at the size cap. The client does not parse bodies: whoever keeps the entry
   * does (the data worker in the app, off the window's thread; see build-entry.ts).
   */
  isTruncated: boolean;
  attempts: number;
  startedAt: string;
  durationMs: number;
  appError: AppErrorData | null;
}

/** What to send: a path with its query under the connection's base URL. */
export interface HttpGetRequest {
  connection: Connection;
  pathAndQuery: string;
  /** Whether to send the version header (all endpoints but one, spec "Authentication"). */
  sendVersion: boolean;
  signal?: AbortSignal;
  /** Requests to start together under the profile's rate budget (rate-scheduler.ts); retries start on their own. */
  paceGroup?: PaceGroup;
}

/** The client. */
export interface HttpClient {
  get(request: HttpGetRequest): Promise<HttpExchange>;
  close(): Promise<void>;
}

type Settings = Required<Omit<HttpClientOptions, 'transport' | 'timeouts' | 'scheduler'>> & { timeouts: TransportTimeouts; scheduler: RateScheduler };

function settingsOf(options: HttpClientOptions): Settings {
  return {
    timeouts: { connectMs: REQUEST_TIMEOUTS.connectMs, headersMs: REQUEST_TIMEOUTS.headersMs, bodyStallMs: REQUEST_TIMEOUTS.bodyStallMs, ...options.timeouts },
    overallTimeoutMs: options.overallTimeoutMs ?? REQUEST_TIMEOUTS.overallMs,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
    maxAttempts: options.maxAttempts ?? 3,
    backoffBaseMs: options.backoffBaseMs ?? 250,
    backoffCapMs: options.backoffCapMs ?? 4_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    scheduler: options.scheduler ?? new RateScheduler(),
    random: options.random ?? Math.random,
  };
}

/** The headers a connection sends: the key only when one is stored. */
export function requestHeadersOf(connection: Connection, sendVersion: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (sendVersion) headers[connection.headerNames.version] = connection.version;
  if (connection.apiKey !== null && connection.apiKey !== '') headers[connection.headerNames.apiKey] = connection.apiKey;
  return headers;
}

/** Builds the URL; refuses anything but https before a socket is opened (spec: plain HTTP is rejected). */
export function buildUrl(baseUrl: string, pathAndQuery: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.replace(/\/+$/, '') + pathAndQuery);
  } catch {
    throw new AppError('INVALID_INPUT', `The base URL is not a valid URL: ${baseUrl}`, { field: 'baseUrl' });
  }
  if (url.protocol !== 'https:') throw new AppError('INVALID_INPUT', `Only https:// base URLs are allowed (got ${url.protocol}//)`, { field: 'baseUrl' });
  return url;
}

/** Parses JSON, or null when the text is not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Creates a client with its own transport (and so its own keep-alive sockets). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = settingsOf(options);
  const transport = options.transport(settings.timeouts);
  return {
    get: (request) => runGet(settings, transport, request),
    close: () => transport.close(),
  };
}

function proxySchemeOf(proxyUrl: string | null | undefined): TransportRoute['proxy'] {
  if (!proxyUrl) return null;
  return /^https:/i.test(proxyUrl) ? 'https:' : 'http:';
}

interface Run {
  settings: Settings;
  url: string;
  headers: Record<string, string>;
  started: number;
  startedAt: string;
  /** The service's host and the profile's proxy: what a failure to connect names. */
  route: TransportRoute;
}

function exchangeOf(run: Run, attempts: number, last: AttemptResult | null, error: AppError | null): HttpExchange {
  const bodyText = last?.bodyText ?? '';
  return {
    url: run.url,
    requestHeaders: run.headers,
    status: last?.status ?? null,
    statusText: last?.statusText ?? '',
    responseHeaders: last?.responseHeaders ?? {},
    bodyText,
    isTruncated: last?.isTruncated ?? false,
    attempts,
    startedAt: run.startedAt,
    durationMs: Math.max(0, monotonicMs() - run.started),
    appError: error ? error.toData() : null,
  };
}

async function runGet(settings: Settings, transport: Transport, request: HttpGetRequest): Promise<HttpExchange> {
  const { connection } = request;
  const headers = requestHeadersOf(connection, request.sendVersion);
  const run: Run = { settings, url: connection.baseUrl + request.pathAndQuery, headers, started: monotonicMs(), startedAt: new Date().toISOString(), route: { host: '', proxy: proxySchemeOf(connection.proxyUrl) } };
  let url: URL;
  try {
    url = buildUrl(connection.baseUrl, request.pathAndQuery);
  } catch (error) {
    return exchangeOf(run, 0, null, error as AppError);
  }
  run.url = url.toString();
  run.route.host = url.host;
  if (!connection.caPem && !connection.trustSystemCertificates) {
    // No trust anchor at all: refuse rather than silently falling back to some default store.
    return exchangeOf(run, 0, null, new AppError('NOT_CONFIGURED', 'No certificate is trusted for this profile: add a CA certificate or trust the system certificates'));
  }
  const cancel = request.signal ?? new AbortController().signal;
  const overall = AbortSignal.timeout(settings.overallTimeoutMs);
  const signal = AbortSignal.any([cancel, overall]);
  const send = (start: Start) => transport.attempt({ url, connection, headers, signal, maxBodyBytes: settings.maxBodyBytes, onWritten: () => start.written() });
  return retryLoop(run, { profileId: connection.profileId, rps: connection.rateBudgetRps, signal, cancel, group: request.paceGroup }, send);
}

interface Pace {
  profileId: string;
  rps: number;
  signal: AbortSignal;
  cancel: AbortSignal;
  group: PaceGroup | undefined;
}

function abortError(pace: Pace, overallMs: number): AppError {
  if (pace.cancel.aborted) return new AppError('CANCELLED', 'The request was cancelled');
  return new AppError('TIMEOUT', `No complete answer within ${overallMs} ms`, { limitMs: overallMs });
}

async function retryLoop(run: Run, pace: Pace, send: (start: Start) => Promise<AttemptResult>): Promise<HttpExchange> {
  const { settings } = run;
  let last: AttemptResult | null = null;
  for (let attempt = 1; ; attempt += 1) {
    let start: Start;
    try {
      start = await settings.scheduler.acquire(pace.profileId, pace.rps, pace.signal, attempt === 1 ? pace.group : undefined);
    } catch {
      return exchangeOf(run, attempt - 1, last, abortError(pace, settings.overallTimeoutMs));
    }
    try {
      last = await untilAborted(send(start), pace.signal);
    } finally {
      // Written already, or the attempt failed before or while sending: counted from now at the latest.
      start.written();
    }
    if (pace.signal.aborted) return exchangeOf(run, attempt, last, abortError(pace, settings.overallTimeoutMs));
    const step = nextStep(settings, last, attempt, run.route);
    if (step.kind === 'done') return exchangeOf(run, attempt, last, step.error);
    try {
      await abortableDelay(step.waitMs, pace.signal);
    } catch {
      return exchangeOf(run, attempt, last, abortError(pace, settings.overallTimeoutMs));
    }
  }
}

/**
 * The attempt's result, or one that failed with the signal's reason as soon as it aborts (a cancel,
 * the overall cap). undici acts on an abort only once its connection is up: a cancel during a
 * stalled TLS handshake waited for the connect timeout, and a CONNECT that a proxy never answered
 * outlived the overall cap. The attempt then ends on its own, its result unread.
 */
function untilAborted(attempt: Promise<AttemptResult>, signal: AbortSignal): Promise<AttemptResult> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve({ status: null, statusText: '', responseHeaders: {}, bodyText: '', isTruncated: false, error: signal.reason });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    attempt.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type Step = { kind: 'done'; error: AppError | null } | { kind: 'retry'; waitMs: number };

function nextStep(settings: Settings, last: AttemptResult, attempt: number, route: TransportRoute): Step {
  const canRetry = attempt < settings.maxAttempts;
  if (last.status === null) {
    const error = mapTransportError(last.error, route);
    if (canRetry && isConnectionReset(last.error)) return { kind: 'retry', waitMs: backoffDelay(attempt, settings.backoffBaseMs, settings.backoffCapMs, settings.random) };
    return { kind: 'done', error };
  }
  if (RETRY_STATUSES.has(last.status) && last.error === null) {
    const retryAfterMs = parseRetryAfter(last.responseHeaders['retry-after'], Date.now());
    if (retryAfterMs !== null && retryAfterMs > settings.maxRetryAfterMs) return { kind: 'done', error: tooLongWait(last, retryAfterMs) };
    if (canRetry) return { kind: 'retry', waitMs: retryAfterMs ?? backoffDelay(attempt, settings.backoffBaseMs, settings.backoffCapMs, settings.random) };
  }
  return { kind: 'done', error: finalError(settings, last) };
}

// Loose on purpose: an error body with a name and a message is kept whole even when the rest drifts
// from the spec (the schema report lists the drift); the UI must still show the service's words.
function serviceErrorOf(last: AttemptResult): unknown {
  const body = last.isTruncated ? null : parseJson(last.bodyText);
  return NamedErrorSchema.safeParse(body).success ? body : null;
}

function tooLongWait(last: AttemptResult, retryAfterMs: number): AppError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new AppError('RATE_LIMITED', `The service asks to wait ${seconds} s before retrying`, { status: last.status, retryAfterMs, serviceError: serviceErrorOf(last) });
}

function finalError(settings: Settings, last: AttemptResult): AppError | null {
  if (last.error !== null) {
    // The head arrived but the body failed (stalled, dropped): the transport error says which.
    const mapped = mapTransportError(last.error);
    return new AppError(mapped.code, `The response body did not arrive whole: ${mapped.message}`, { status: last.status, ...(mapped.details as object) });
  }
  if (last.isTruncated) {
    return new AppError('REMOTE_ERROR', `The response is larger than ${settings.maxBodyBytes} bytes; it was cut there`, { status: last.status, maxBodyBytes: settings.maxBodyBytes });
  }
  if (last.status !== null && (last.status < 200 || last.status >= 300)) return mapStatus(last.status, last.statusText, serviceErrorOf(last));
  // Every endpoint answers JSON (spec, "Endpoints"): a 2xx HTML page or cut JSON is a proxy or a fault.
  if (parseJson(last.bodyText) === null) {
    // JSON's null is JSON all the same: what is wrong with it is that it is not the endpoint's answer.
    const why = isJsonNullText(last.bodyText) ? 'The response is JSON null, not the object the endpoint answers' : 'The response is not JSON; its text is kept as received';
    return new AppError('REMOTE_ERROR', why, { status: last.status });
  }
  return null;
}
