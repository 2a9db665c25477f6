import type { Connection } from '../ports.ts';

/**
 * The seam between the HTTPS client (pacing, retries, error mapping: http-client.ts) and what puts
 * bytes on the wire. Two transports implement it and pass the same fault suite:
 * - undici-transport.ts: undici's keep-alive Agent, used by the app (Electron main) and the tests;
 * - node-https-transport.ts: node:https, used by the CLI, whose one or two requests a run would
 *   otherwise wait ~16 ms for undici to load (issue 14: a command starts in ≤ 1.5 × a bare
 *   `node -e` that makes one HTTPS request). A proxied profile goes through undici in both.
 */

/** Transport timeouts in ms (issue 4, item 3), injectable so tests can use small values. */
export interface TransportTimeouts {
  connectMs: number;
  headersMs: number;
  bodyStallMs: number;
}

/** What one attempt produced. `error` is set when the transport failed (before or during the body). */
export interface AttemptResult {
  status: number | null;
  statusText: string;
  responseHeaders: Record<string, string>;
  bodyText: string;
  /** The body was cut at the size cap. */
  isTruncated: boolean;
  error: unknown;
}

/** One GET to send. */
export interface AttemptInput {
  url: URL;
  /** Whose trust (CA, system store) and proxy the socket must use. */
  connection: Connection;
  headers: Record<string, string>;
  signal: AbortSignal;
  maxBodyBytes: number;
  /**
   * Called once when the request has been handed to its socket, after any connect and TLS
   * handshake: the rate scheduler counts the start from then (rate-scheduler.ts says why). Not
   * called for a request that never went out.
   */
  onWritten?: () => void;
}

/** Sends GETs over keep-alive sockets, one pool per origin and trust; never throws from attempt(). */
export interface Transport {
  attempt(input: AttemptInput): Promise<AttemptResult>;
  /** Ends every socket (on shutdown and in tests). */
  close(): Promise<void>;
}

/** How a client gets its transport. */
export type TransportFactory = (timeouts: TransportTimeouts) => Transport;

/**
 * The causes a timeout is reported with. They are undici's error codes; the node:https transport
 * reports the same ones, so a history entry reads the same whichever program sent the request.
 */
export const TIMEOUT_CAUSES = { connect: 'UND_ERR_CONNECT_TIMEOUT', headers: 'UND_ERR_HEADERS_TIMEOUT', body: 'UND_ERR_BODY_TIMEOUT' } as const;

/** The trusted CAs of a connection: its own PEM, plus the system's when asked. */
export function trustedCas(connection: Pick<Connection, 'caPem' | 'trustSystemCertificates'>): string[] | undefined {
  // Read only when asked: node:tls builds the list on first access, which a pinned profile never needs.
  const system = () => process.getBuiltinModule('node:tls').rootCertificates;
  const cas = [...(connection.caPem ? [connection.caPem] : []), ...(connection.trustSystemCertificates ? system() : [])];
  // The client refuses a connection with neither before sending (NOT_CONFIGURED), so this never
  // falls back to Node's default store behind the profile's back.
  return cas.length > 0 ? cas : undefined;
}

/**
 * The pool key of a request: a changed CA or proxy never reuses a socket that was verified under
 * the old trust.
 */
export function poolKeyOf(origin: string, connection: Connection): string {
  return JSON.stringify([origin, connection.caPem ?? '', connection.trustSystemCertificates, connection.proxyUrl ?? '']);
}

/** Response headers with lower-case names and repeated ones joined, as history keeps them. */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * A UTF-8 body read up to a byte cap. A streaming decoder keeps a multi-byte character split
 * across chunks (or cut by the cap) intact.
 */
export class CappedText {
  readonly #decoder = new TextDecoder('utf-8');
  readonly #maxBytes: number;
  #text = '';
  #received = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Adds a chunk; false once the cap is reached (the rest of the chunk is dropped). */
  push(chunk: Uint8Array): boolean {
    const room = this.#maxBytes - this.#received;
    this.#received += chunk.byteLength;
    if (chunk.byteLength > room) {
      this.#text += this.#decoder.decode(chunk.subarray(0, room));
      return false;
    }
    this.#text += this.#decoder.decode(chunk, { stream: true });
    return true;
  }

  /** The text so far, with any incomplete character flushed. */
  text(): string {
    return this.#text + this.#decoder.decode();
  }
}

// What HTTP allows in a header's name (a token) and value (RFC 9110, 5.1 and 5.5), as undici checks.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE_FORBIDDEN = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * The error for a request with a header HTTP does not allow ("k\n" as a key read from a file with
 * its newline), made before either transport sees it, with undici's code for such a request: a
 * pool that undici refused one on before its first connection never sent another (the next request
 * to that origin did not settle, past every timeout), and node:https throws it from request(),
 * which attempt() must not. Null when every header may be sent.
 */
export function refusedHeader(headers: Record<string, string>): Error | null {
  const refuse = (message: string) => Object.assign(new Error(message), { code: 'UND_ERR_INVALID_ARG' });
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) return refuse(`invalid header name: ${JSON.stringify(name)}`);
    if (HEADER_VALUE_FORBIDDEN.test(value)) return refuse(`invalid ${name} header`);
  }
  return null;
}
