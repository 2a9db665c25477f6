import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import type { Connection } from '../ports.ts';

/**
 * One keep-alive dispatcher per origin and TLS/proxy configuration: requests to the same profile
 * reuse sockets (no handshake per request), and a changed CA or proxy never reuses a socket that
 * was verified under the old trust.
 */

/** Transport timeouts in ms (issue 4, item 3), injectable so tests can use small values. */
export interface TransportTimeouts {
  connectMs: number;
  headersMs: number;
  bodyStallMs: number;
}

/** The trusted CAs of a connection: its own PEM, plus the system's when asked. */
export function trustedCas(connection: Pick<Connection, 'caPem' | 'trustSystemCertificates'>): string[] | undefined {
  const cas = [...(connection.caPem ? [connection.caPem] : []), ...(connection.trustSystemCertificates ? rootCertificates : [])];
  // The client refuses a connection with neither before sending (NOT_CONFIGURED), so this never
  // falls back to Node's default store behind the profile's back.
  return cas.length > 0 ? cas : undefined;
}

function keyOf(origin: string, connection: Connection): string {
  return JSON.stringify([origin, connection.caPem ?? '', connection.trustSystemCertificates, connection.proxyUrl ?? '']);
}

/** A cache of dispatchers; `close()` ends every socket (on shutdown and in tests). */
export class DispatcherPool {
  readonly #dispatchers = new Map<string, Dispatcher>();
  readonly #timeouts: TransportTimeouts;

  constructor(timeouts: TransportTimeouts) {
    this.#timeouts = timeouts;
  }

  /** The dispatcher for a request to `origin` under `connection`'s trust and proxy. */
  get(origin: string, connection: Connection): Dispatcher {
    const key = keyOf(origin, connection);
    let dispatcher = this.#dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = this.#create(connection);
      this.#dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  #create(connection: Connection): Dispatcher {
    const tls = { ca: trustedCas(connection), timeout: this.#timeouts.connectMs };
    const common = { headersTimeout: this.#timeouts.headersMs, bodyTimeout: this.#timeouts.bodyStallMs, keepAliveTimeout: 10_000 };
    if (connection.proxyUrl) return new ProxyAgent({ uri: connection.proxyUrl, requestTls: tls, ...common });
    return new Agent({ connect: tls, ...common });
  }

  /** Closes every dispatcher and forgets them. */
  async close(): Promise<void> {
    const all = [...this.#dispatchers.values()];
    this.#dispatchers.clear();
    await Promise.all(all.map((dispatcher) => dispatcher.destroy()));
  }
}
