import type { Server } from 'node:https';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';
import { errorBody, newZid } from './errors.ts';
import type { HandlerResponse } from './handler.ts';

/**
 * Guards of the HTTPS listener for shared boxes and CI: a TLS handshake must finish within 10 s
 * (an idle TCP connection used to stay open for minutes), a cap on open connections with one clear
 * log line when it is reached, and a JSON 400 for a request without Host (Node's own answer to it
 * is an empty 400).
 */

/** A connection that has not finished its TLS handshake by then is closed. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
/** Default cap on open connections; more are refused (closed at once) until some close. */
export const DEFAULT_MAX_CONNECTIONS = 1024;
// One log line per episode of refusals at most this often, with the count refused since the last.
const CAP_LOG_INTERVAL_MS = 5_000;

/** Server options the guards need: the handshake timeout, and Host checked by us (JSON), not by Node. */
export const GUARDED_SERVER_OPTIONS = { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, requireHostHeader: false } as const;

/** How many connections one process may hold: its share of the server's cap when `processes` share the port. */
export function connectionShare(max: number, processes: number): number {
  return Math.max(1, Math.floor(max / Math.max(1, processes)));
}

/**
 * Caps open connections at `max` for this process (of `processes` sharing the server's cap of
 * `total`); a connection over it is closed at once and logged here. Counted by us rather than with
 * `server.maxConnections`: in a node:cluster worker Node answers a connection over that cap by
 * handing it back to the primary, which offers it to the next worker, and so on: nothing is ever
 * refused and the connection waits, open, in the primary.
 */
export function capConnections(server: Server, cap: { max: number; total: number; processes: number }, log: (line: string) => void): void {
  let open = 0;
  let lastLog = -Infinity;
  let refused = 0;
  server.on('connection', (socket: Duplex) => {
    if (open < cap.max) {
      open += 1;
      socket.once('close', () => (open -= 1));
      return;
    }
    socket.destroy();
    refused += 1;
    const now = performance.now();
    if (now - lastLog < CAP_LOG_INTERVAL_MS) return;
    const share = cap.processes > 1 ? ` (${cap.max} in each of ${cap.processes} processes)` : '';
    log(`local service: connection cap reached: ${cap.total} connections open${share}, refused ${refused} new connection(s); raise --max-connections (serve) / the maxConnections option, or close idle clients`);
    lastLog = now;
    refused = 0;
  });
}

/** The JSON 400 for a request without a Host header, or undefined when it has one. */
export function missingHostAnswer(headers: Record<string, unknown>, url: string | undefined): HandlerResponse | undefined {
  if (typeof headers.host === 'string' && headers.host !== '') return undefined;
  const zid = newZid();
  const path = (url ?? '/').split('?')[0]!;
  const body = errorBody('INPUT_INVALID', 'Invalid input: Host', zid, [{ field: 'Host', reason: 'header is required (HTTP/1.1 needs it)' }]);
  return { status: 400, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'svc-zid': zid, connection: 'close' }, body, zid, path };
}

/** True for a TLS socket whose handshake has not finished (e.g. the handshake timeout fired). */
export function isBeforeHandshake(socket: Duplex): boolean {
  // `_secureEstablished` is Node's own flag, set once the handshake completes (there is no public one).
  return socket instanceof TLSSocket && !(socket as TLSSocket & { _secureEstablished?: boolean })._secureEstablished;
}
