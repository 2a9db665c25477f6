import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpClient, type HttpExchange } from './http-client.ts';
import { TRANSPORTS, makeCert, testConnection } from './test-support.ts';

/** Accepts TCP connections and never sends a byte: a stalled TLS handshake, or a CONNECT proxy that never answers. */
async function silentServer(): Promise<{ port: number; close(): void }> {
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of held) socket.destroy();
      server.close();
    },
  };
}

/** The answer, or 'still pending' once `ms` have passed: a bound on the wait, far above what the answer needs. */
function within(answer: Promise<HttpExchange>, ms: number): Promise<HttpExchange | 'still pending'> {
  return Promise.race([answer, new Promise<'still pending'>((resolve) => setTimeout(() => resolve('still pending'), ms))]);
}

// A cancel stops the request, and the overall cap covers the whole request, however far its
// connection got: undici acts on an abort only once connected.
describe.for(TRANSPORTS)('%s: a request whose connection is still being made', { timeout: 60_000 }, ([, transport]) => {
  it('answers CANCELLED as soon as it is cancelled during a stalled TLS handshake, not at the connect timeout', async () => {
    const hole = await silentServer();
    const tls = await makeCert();
    const client = createHttpClient({ transport, timeouts: { connectMs: 30_000, headersMs: 30_000, bodyStallMs: 30_000 }, overallTimeoutMs: 60_000 });
    const controller = new AbortController();
    try {
      const answer = client.get({ connection: testConnection(`https://127.0.0.1:${hole.port}`, { caPem: tls.cert }), pathAndQuery: '/x', sendVersion: true, signal: controller.signal });
      controller.abort();
      const settled = await within(answer, 15_000);
      expect(settled === 'still pending' ? settled : settled.appError?.code).toBe('CANCELLED');
    } finally {
      hole.close();
      await client.close();
    }
  });

  // A request through a proxy that accepts the connection and never answers CONNECT.
  async function throughSilentProxy(connectMs: number, overallTimeoutMs: number): Promise<HttpExchange | 'still pending'> {
    const proxy = await silentServer();
    const tls = await makeCert();
    const client = createHttpClient({ transport, timeouts: { connectMs, headersMs: connectMs, bodyStallMs: connectMs }, overallTimeoutMs });
    try {
      return await within(client.get({ connection: testConnection('https://127.0.0.1:9', { caPem: tls.cert, proxyUrl: `http://127.0.0.1:${proxy.port}` }), pathAndQuery: '/x', sendVersion: true }), 15_000);
    } finally {
      proxy.close();
      await client.close();
    }
  }

  it("ends at the connect time when a CONNECT proxy never answers, not at undici's 300 s", async () => {
    const settled = await throughSilentProxy(500, 60_000);
    expect(settled === 'still pending' ? settled : settled.appError?.code).toBe('TIMEOUT');
  });

  it('ends at the overall cap when the proxy never answers and the connect time is longer', async () => {
    const settled = await throughSilentProxy(30_000, 1_000);
    expect(settled === 'still pending' ? settled : settled.appError?.message).toBe('No complete answer within 1000 ms');
  });
});
