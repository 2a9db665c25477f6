import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.ts';
import { RateScheduler } from './rate-scheduler.ts';
import { REQUEST_TIMEOUTS } from '../../domain/request-timeouts.ts';
import { TRANSPORTS, makeCert, startConnectProxy, startRawHttps, testConnection, type RawServer } from './test-support.ts';

// A new connection's first bytes (its ClientHello) wait this long, as they would on a far service:
// a connection and its handshake cost round trips that a request on a warm socket does not pay.
const HANDSHAKE_DELAY_MS = 400;
const RPS = 2;

/** A TCP relay to `port` that holds what a client sends first on each connection for `delayMs`. */
async function startSlowHandshakeRelay(port: number, delayMs: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pause();
    setTimeout(() => {
      client.pipe(upstream).pipe(client);
      client.resume();
    }, delayMs);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.for(TRANSPORTS)('%s: the rate budget counts a start from its write', ([, transport]) => {
  const arrivals: number[] = [];
  let server: RawServer;
  let relay: Awaited<ReturnType<typeof startSlowHandshakeRelay>>;
  let ca: string;

  beforeAll(async () => {
    const tls = await makeCert();
    ca = tls.cert;
    server = await startRawHttps(tls, (_req, res) => {
      arrivals.push(performance.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    relay = await startSlowHandshakeRelay(Number(new URL(server.baseUrl).port), HANDSHAKE_DELAY_MS);
  });
  afterAll(async () => {
    await relay.close();
    await server.close();
  });

  it('keeps requests a budget apart a whole window apart on arrival, though the first paid for slow handshakes', { timeout: 30_000 }, async () => {
    const client = createHttpClient({ transport, scheduler: new RateScheduler() });
    const connection = testConnection(`https://127.0.0.1:${relay.port}`, { caPem: ca, rateBudgetRps: RPS });
    // Six at once: the first two open new sockets (the handshake's delay), the rest reuse them.
    const exchanges = await Promise.all(Array.from({ length: 6 }, () => client.get({ connection, pathAndQuery: '/swap/chains', sendVersion: false })));
    await client.close();
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(server.connections()).toBe(RPS);
    // Counted from their release, the third and fourth would go out a window after the first two
    // were let go, and arrive only a window less the handshake's delay after them: within one
    // fixed one-second window of a service that counts so, with the first two. Counted from the
    // write, they arrive a whole window after. The 25 ms margin leaves room for this process's
    // own scheduling between a write and its arrival.
    arrivals.sort((a, b) => a - b);
    for (let index = 0; index + RPS < arrivals.length; index += 1) expect(arrivals[index + RPS]! - arrivals[index]!, `arrival ${index + RPS} after ${index}`).toBeGreaterThanOrEqual(1000 - 25);
  });

  it('reports the write once, after the tunnel of a proxied profile is up', async () => {
    const proxy = await startConnectProxy();
    const sending = transport(REQUEST_TIMEOUTS);
    const tunnelsAtWrite: number[] = [];
    const connection = testConnection(server.baseUrl, { caPem: ca, proxyUrl: proxy.baseUrl });
    const result = await sending.attempt({ url: new URL(`${server.baseUrl}/swap/chains`), connection, headers: {}, signal: new AbortController().signal, maxBodyBytes: 1_000, onWritten: () => tunnelsAtWrite.push(proxy.tunnels()) });
    await sending.close();
    await proxy.close();
    expect(result.status).toBe(200);
    expect(tunnelsAtWrite).toEqual([1]);
  });
});
