import { createServer, type Server } from 'node:https';
import { maxHeaderSize, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { KeyRing, generateApiKey, type ApiKeyConfig } from './auth.ts';
import { AuthFailureLimiter } from './auth-failures.ts';
import { errorBody, newZid } from './errors.ts';
import { createHandler, type HandlerResponse } from './handler.ts';
import { RateLimiter, delayDrawer, faultDrawer } from './knobs.ts';
import { Market } from './market/liquidity.ts';
import type { BlockedLists } from './swap/checks.ts';
import { DEFAULT_MAX_CONNECTIONS, GUARDED_SERVER_OPTIONS, capConnections, connectionShare, isBeforeHandshake, missingHostAnswer } from './listener-guards.ts';
import { cachedPriceSwap } from './price-cache.ts';
import { refusePlainHttp } from './plain-http.ts';
import { QueryMemo } from './query-memo.ts';
import { serializeBody } from './serialized-body.ts';
import { createSharedLimitHandler, type AskRateLimit, type SharedRateWindows } from './shared-rate-limit.ts';
import { priceSwap } from './swap/price.ts';
import { loadOrCreateCertificate } from './tls.ts';
import { accessLine, isoTimeOnce } from './access-line.ts';

/**
 * The local service: the whole interface of the spec over HTTPS on 127.0.0.1, backed by a seeded
 * market model. The app's default backend, the double of every client test and a sandbox for
 * integrators (`swap-explorer serve`).
 */

export { DEMO_TAKERS } from './swap/taker-state.ts';
export { Market } from './market/liquidity.ts';
export { priceSwap } from './swap/price.ts';
export { createHandler } from './handler.ts';
export { priceQuery } from './price-query.ts';
export { DEMO_TAX_TOKENS } from './market/tokens.ts';
export type { BlockedLists } from './swap/checks.ts';
export type { ApiKeyConfig, Plan } from './auth.ts';

/** How to start the service. */
export interface LocalServiceOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the certificate is cached (cert.pem, key.pem). */
  dataDir: string;
  /** Market seed (default 1). */
  seed?: number;
  /** Keys and their teams; empty or absent: one key is generated (team "local", standard plan). */
  apiKeys?: ApiKeyConfig[];
  /** Added to every response. */
  latencyMs?: number;
  /** Uniform random extra delay up to this many ms. */
  jitterMs?: number;
  /** Share of requests (0-1) answered with a 500 or a dropped connection. */
  faultRate?: number;
  /** Requests per second per key in a fixed one-second window; 0 or absent: unlimited. */
  rateLimitRps?: number;
  /** Receives one JSON line per request: time, zid, method, path, status, ms (and pid when processes > 1). */
  accessLog?: (line: string) => void;
  /** Parties and tokens refused (see swap/checks.ts for the error of each). */
  blocked?: BlockedLists;
  /** Wall clock in ms (default Date.now): blocks, prices and rate windows follow it. */
  now?: () => number;
  /** Open connections allowed at once, for the whole server (default 1024); more are refused and logged. */
  maxConnections?: number;
  /** How many processes share the port and maxConnections (serve --workers: each takes its share); default 1. */
  processes?: number;
  /** Operator log lines (default: stderr). */
  log?: (line: string) => void;
  /**
   * Default true. False drops the listener's guards (handshake limit, connection cap, JSON 400 for
   * a missing Host): only for the throughput bench, which measures what they cost.
   */
  isListenerGuarded?: boolean;
  /** Rate limits held by another process (serve --workers: the cluster's primary); replaces rateLimitRps. */
  askRateLimit?: AskRateLimit;
  /** Rate windows this process holds for others too (serve --workers: the primary's); replaces rateLimitRps. */
  sharedRateWindows?: SharedRateWindows;
  /**
   * Listen with SO_REUSEPORT, in a socket of its own even in a cluster worker (serve --workers on
   * Linux): processes that all do so share the port and the kernel spreads connections over them.
   */
  reusePort?: boolean;
}

/** A started service. */
export interface RunningService {
  /** https://127.0.0.1:PORT */
  baseUrl: string;
  /** The self-signed certificate to pin (it is its own CA). */
  caCertPath: string;
  caCertPem: string;
  /** Why the certificate files an earlier start left were replaced on this start (tls.ts), else null. */
  certificateNotice: string | null;
  apiKeys: string[];
  close(): Promise<void>;
}

function send(res: ServerResponse, answer: HandlerResponse): void {
  let status = answer.status;
  let payload: string;
  try {
    payload = serializeBody(answer.body);
  } catch {
    // A body that cannot be serialised is a bug: answer as any unexpected failure, never crash.
    status = 500;
    payload = JSON.stringify(errorBody('INTERNAL_SERVER_ERROR', 'The service failed to handle the request', answer.zid));
  }
  res.writeHead(status, { ...answer.headers, 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

// A request line and headers longer than Node's maxHeaderSize are valid HTTP, only too long (a
// query with 20,000 characters of excludedSources): say so. The spec shows no request size limit
// and no status for one, so it stays its 400 INPUT_INVALID; anything else really did not parse.
function clientErrorBody(error: NodeJS.ErrnoException, zid: string): Record<string, unknown> {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const reason = `the request line and headers exceed ${maxHeaderSize} bytes; shorten the query (long excludedSources or fee lists, say)`;
    return errorBody('INPUT_INVALID', `The request is too long: ${reason}`, zid, [{ field: '(request)', reason }]);
  }
  return errorBody('INPUT_INVALID', 'The request is not valid HTTP', zid, [{ field: '(request)', reason: 'could not be parsed' }]);
}

// Requests Node cannot parse as HTTP still get a JSON error body (the service answers JSON only).
function onClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Before the TLS handshake there is no HTTP to answer: an answer would wait for a handshake that never comes.
  if (!socket.writable || error.code === 'ECONNRESET' || isBeforeHandshake(socket)) {
    socket.destroy();
    return;
  }
  const zid = newZid();
  const payload = JSON.stringify(clientErrorBody(error, zid));
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\nsvc-zid: ${zid}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`);
}

function listener(options: LocalServiceOptions, keys: KeyRing) {
  const seed = options.seed ?? 1;
  const now = options.now ?? Date.now;
  const config = {
    market: new Market(seed),
    keys,
    blocked: options.blocked ?? {},
    now,
    // Missing or unknown keys count per address against the same per-second limit (with
    // --workers, in the primary's windows: createSharedLimitHandler replaces this one in a worker).
    authFailures: options.sharedRateWindows?.perAddress ?? (options.rateLimitRps ? new AuthFailureLimiter(options.rateLimitRps) : undefined),
    priceSwap: cachedPriceSwap(priceSwap),
    queryMemo: new QueryMemo(),
    onUnexpected: (error: unknown) => process.stderr.write(`local service: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`),
  };
  const handle = options.askRateLimit
    ? createSharedLimitHandler(config, options.askRateLimit)
    : createHandler({ ...config, rateLimiter: options.sharedRateWindows?.perKey ?? (options.rateLimitRps ? new RateLimiter(options.rateLimitRps) : undefined) });
  const isGuarded = options.isListenerGuarded ?? true;
  const drawFault = faultDrawer(options.faultRate ?? 0, seed);
  const drawDelay = delayDrawer(options.latencyMs ?? 0, options.jitterMs ?? 0, seed);
  // Several processes append to one access log: each line then says which one answered.
  const pid = (options.processes ?? 1) > 1 ? process.pid : undefined;
  const isoTime = isoTimeOnce();
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    req.resume(); // GET only: any body is drained and ignored.
    const answered = (isGuarded ? missingHostAnswer(req.headers, req.url) : undefined) ?? handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, remoteAddress: req.socket.remoteAddress });
    if (answered instanceof Promise) void answered.then((answer) => respond(req, res, answer, started));
    else respond(req, res, answered, started);
  };
  function respond(req: IncomingMessage, res: ServerResponse, answer: HandlerResponse, started: number): void {
    const fault = drawFault();
    if (fault !== 'none' && fault !== 'drop') Object.assign(answer, { status: 500, body: errorBody(fault, 'Injected fault (fault-rate knob)', answer.zid) });
    const finish = () => {
      if (fault === 'drop') req.socket.destroy();
      else send(res, answer);
      const ms = Math.round((performance.now() - started) * 100) / 100;
      options.accessLog?.(accessLine({ time: isoTime(now()), zid: answer.zid, method: req.method, path: answer.path.slice(0, 200), status: fault === 'drop' ? 0 : answer.status, ms, pid }));
    };
    const delay = drawDelay();
    if (delay > 0) setTimeout(finish, delay);
    else finish();
  }
}

function capConnectionsOf(server: Server, options: LocalServiceOptions): void {
  const total = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const processes = options.processes ?? 1;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  capConnections(server, { max: connectionShare(total, processes), total, processes }, log);
}

// Node's HTTPS server offers only http/1.1 by ALPN, and OpenSSL ends a handshake that offers
// nothing it knows with the alert "no application protocol": `curl --http1.0` (which offers only
// http/1.0) got an OpenSSL error and no answer, though the server answers HTTP/1.0 requests. Both
// are offered, as common HTTPS servers (nginx) do; a client offering neither (HTTP/2 only) is still
// refused: HTTP/2 is not served here.
const ALPN_PROTOCOLS = ['http/1.1', 'http/1.0'];

/** Starts the service and resolves once it accepts connections. */
export async function startLocalService(options: LocalServiceOptions): Promise<RunningService> {
  const cert = await loadOrCreateCertificate(options.dataDir);
  const configured = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [{ key: generateApiKey(), team: 'local' }];
  const keys = new KeyRing(configured);
  const isGuarded = options.isListenerGuarded ?? true;
  const server: Server = createServer({ cert: cert.certPem, key: cert.keyPem, ALPNProtocols: ALPN_PROTOCOLS, keepAlive: true, keepAliveTimeout: 30_000, ...(isGuarded ? GUARDED_SERVER_OPTIONS : {}) }, listener(options, keys));
  server.on('clientError', onClientError);
  server.on('tlsClientError', refusePlainHttp);
  if (isGuarded) capConnectionsOf(server, options);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // `exclusive` too (Node 24 implies it with reusePort): without it a cluster worker would ask the
    // primary for the cluster's shared handle instead of binding a socket of its own.
    const reusePort = options.reusePort ? { reusePort: true, exclusive: true } : {};
    server.listen({ port: options.port ?? 0, host, ...reusePort }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    caCertPath: cert.certPath,
    caCertPem: cert.certPem,
    certificateNotice: cert.notice,
    apiKeys: keys.keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
