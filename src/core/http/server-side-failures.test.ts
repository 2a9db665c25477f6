import type { IncomingMessage } from 'node:http';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { TRANSPORTS, makeCert, startRawHttps, testConnection, type RawServer } from './test-support.ts';

// Failures that arise at the server or on the wire reach the user as what they are, never as
// INTERNAL ("a bug in the app", error-explainer.ts), and both transports name them alike.

/** Writes `text` on the raw socket, then ends it. */
const rawAnswer = (text: string) => (req: IncomingMessage) => void req.socket.end(text);

const ROUTES: Record<string, (req: IncomingMessage) => void> = {
  // A gateway that declares 100 body bytes, sends 11 and closes the connection.
  '/cut-close': rawAnswer('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"zid":"z"}'),
  // Something on the service's port that does not answer in HTTP at all.
  '/not-http': rawAnswer('<html>not http</html>\r\n\r\n'),
};

describe.for(TRANSPORTS)('%s: a failure on the server side', ([, transport]) => {
  let server: RawServer;
  let ca: string;
  let client: HttpClient;
  beforeAll(async () => {
    const tls = await makeCert();
    ca = tls.cert;
    server = await startRawHttps(tls, (req) => ROUTES[new URL(req.url ?? '/', 'https://x').pathname]?.(req));
    client = createHttpClient({ transport, timeouts: { connectMs: 10_000, headersMs: 10_000, bodyStallMs: 10_000 }, overallTimeoutMs: 30_000, maxAttempts: 1 });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  const get = (path: string) => client.get({ connection: testConnection(server.baseUrl, { caPem: ca }), pathAndQuery: path, sendVersion: true });

  it('reports a body cut short of its Content-Length (connection closed) as NETWORK, as a cut chunked body is', async () => {
    const answer = await get('/cut-close');
    expect(answer.status).toBe(200);
    expect(answer.appError?.code).toBe('NETWORK');
  });

  it('reports an answer that is not HTTP as NETWORK, saying so', async () => {
    const answer = await get('/not-http');
    expect(answer.status).toBeNull();
    expect(answer.appError?.code).toBe('NETWORK');
    expect(answer.appError?.message).toMatch(/^The service's answer could not be read: what 127\.0\.0\.1:\d+ sent is not HTTP/);
  });

  it('reports a certificate not valid for TLS servers (extended key usage: client authentication only) as TLS', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(Date.now() - 3_600_000),
      notAfterDate: new Date(Date.now() + 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
        { name: 'extKeyUsage', clientAuth: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const other = await startRawHttps({ cert: pems.cert, key: pems.private }, (_req, res) => res.end('{}'));
    try {
      const answer = await client.get({ connection: testConnection(other.baseUrl, { caPem: pems.cert }), pathAndQuery: '/ok', sendVersion: true });
      expect(answer.appError?.details).toMatchObject({ cause: 'INVALID_PURPOSE' });
      expect(answer.appError?.code).toBe('TLS');
    } finally {
      await other.close();
    }
  });
});
