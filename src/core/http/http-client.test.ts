import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { createHttpClient, parseJson, type HttpClient } from './http-client.ts';
import { TRANSPORTS, makeCert, startConnectProxy, startRawHttp, startRawHttps, testConnection, type RawServer } from './test-support.ts';

// Misbehaving servers the local service cannot imitate, over HTTPS with the local service's cert.
const hits = new Map<string, number>();
function hit(path: string): number {
  const count = (hits.get(path) ?? 0) + 1;
  hits.set(path, count);
  return count;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const ROUTES: Record<string, (req: IncomingMessage, res: ServerResponse, count: number) => void> = {
  '/ok': (_req, res) => json(res, 200, { zid: '0x000000000000000000000001' }),
  '/headers': (req, res) => json(res, 200, { headers: req.headers }),
  '/gateway401': (_req, res) => json(res, 401, { message: 'Invalid API key', request_id: 'req-1' }),
  '/html': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Bad gateway page</body></html>');
  },
  '/truncated': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"zid":"0x0000');
  },
  '/stall': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"partial":');
  },
  '/silent': () => undefined,
  '/drop': (req) => req.socket.destroy(),
  '/burst': (_req, res, count) => (count <= 2 ? json(res, 503, { name: 'UNCATEGORIZED', message: 'busy', data: { zid: 'z' } }) : json(res, 200, { zid: 'z' })),
  '/always500': (_req, res) => json(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'boom', data: { zid: '0x0000000000000000000000aa', details: 'kept' } }),
  '/retry-date': (_req, res, count) => (count === 1 ? json(res, 429, { message: 'slow down' }, { 'retry-after': new Date(Date.now() + 500).toUTCString() }) : json(res, 200, { zid: 'z' })),
  '/retry-long': (_req, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '120' }),
  '/big': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`"${'x'.repeat(300_000)}"`);
  },
};

// Both transports (undici in the app, node:https in the CLI) must behave alike in every case.
describe.for(TRANSPORTS)('%s', ([, transport]) => {
  let server: RawServer;
  let caPem: string;
  let client: HttpClient;

  // Each path's hit count starts at zero for each transport (/burst answers 503 twice, then 200).
  beforeEach(() => hits.clear());

  beforeAll(async () => {
    const cert = await loadOrCreateCertificate(await mkdtemp(join(tmpdir(), 'http-client-')));
    caPem = cert.certPem;
    server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
      const path = new URL(req.url ?? '/', 'https://x').pathname;
      ROUTES[path]?.(req, res, hit(path));
    });
    client = createHttpClient({ transport, timeouts: { connectMs: 2_000, headersMs: 300, bodyStallMs: 300 }, overallTimeoutMs: 5_000, backoffBaseMs: 5, maxBodyBytes: 100_000 });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const get = (path: string, overrides = {}) => client.get({ connection: testConnection(server.baseUrl, { caPem, ...overrides }), pathAndQuery: path, sendVersion: true });

  describe('http client against misbehaving servers', { timeout: 60_000 }, () => {
    it('sends the key and version headers, and no key header when none is stored', async () => {
      const withKey = await get('/headers');
      expect((parseJson(withKey.bodyText) as { headers: Record<string, string> }).headers).toMatchObject({ 'svc-api-key': 'test-key', 'svc-version': 'v2' });
      const without = await get('/headers', { apiKey: null });
      expect((parseJson(without.bodyText) as { headers: Record<string, string> }).headers['svc-api-key']).toBeUndefined();
    });

    it('maps a gateway-shaped 401 to AUTH_FAILED and keeps its body raw', async () => {
      const answer = await get('/gateway401');
      expect(answer.appError?.code).toBe('AUTH_FAILED');
      expect(parseJson(answer.bodyText)).toEqual({ message: 'Invalid API key', request_id: 'req-1' });
    });

    it.each(['/html', '/truncated'])('keeps a non-JSON 200 body (%s) as text', async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(parseJson(answer.bodyText)).toBeNull();
      expect(answer.bodyText.length).toBeGreaterThan(0);
      expect(answer.appError?.code).toBe('REMOTE_ERROR');
    });

    it('times out a stalled body and keeps the bytes that arrived', async () => {
      const answer = await get('/stall');
      expect(answer.appError?.code).toBe('TIMEOUT');
      expect(answer.bodyText).toBe('{"partial":');
    });

    it('times out when headers never come, without retrying', async () => {
      const answer = await get('/silent');
      expect(answer.appError?.code).toBe('TIMEOUT');
      expect(answer.attempts).toBe(1);
    });

    it('retries dropped connections, then reports NETWORK after 3 attempts', async () => {
      const before = hits.get('/drop') ?? 0;
      const answer = await get('/drop');
      expect(answer.appError?.code).toBe('NETWORK');
      expect(answer.attempts).toBe(3);
      expect((hits.get('/drop') ?? 0) - before).toBe(3);
    });

    it('retries a burst of 503s and succeeds on the third attempt', async () => {
      const answer = await get('/burst');
      expect(answer.status).toBe(200);
      expect(answer.attempts).toBe(3);
      expect(answer.appError).toBeNull();
    });

    it('gives up on 500s after 3 attempts with the service error kept whole', async () => {
      const answer = await get('/always500');
      expect(answer.attempts).toBe(3);
      expect(answer.appError?.code).toBe('REMOTE_ERROR');
      expect(answer.appError?.details).toMatchObject({ status: 500, serviceError: { name: 'INTERNAL_SERVER_ERROR', message: 'boom', data: { zid: '0x0000000000000000000000aa', details: 'kept' } } });
    });

    it('honours a Retry-After given as an HTTP date', async () => {
      const answer = await get('/retry-date');
      expect(answer.status).toBe(200);
      expect(answer.attempts).toBe(2);
    });

    it('reports RATE_LIMITED with the wait when Retry-After is longer than 30 s', async () => {
      const answer = await get('/retry-long');
      expect(answer.appError?.code).toBe('RATE_LIMITED');
      expect(answer.appError?.details).toMatchObject({ retryAfterMs: 120_000 });
      expect(answer.attempts).toBe(1);
    });

    it('cuts an oversized body at the cap and reports it', async () => {
      const answer = await get('/big');
      expect(answer.appError?.code).toBe('REMOTE_ERROR');
      expect(answer.bodyText.length).toBe(100_000);
      expect(answer.isTruncated).toBe(true);
    });

    it('stops with CANCELLED when the caller aborts', async () => {
      const controller = new AbortController();
      const pending = client.get({ connection: testConnection(server.baseUrl, { caPem }), pathAndQuery: '/silent', sendVersion: true, signal: controller.signal });
      controller.abort();
      expect((await pending).appError?.code).toBe('CANCELLED');
    });
  });

  describe('TLS and transport refusals', { timeout: 60_000 }, () => {
    it('refuses a header HTTP does not allow, and the next request to that origin still answers', async () => {
      // A fresh client: undici left a pool that refused such a request before its first connection
      // unable to send any other (the next request never settled).
      const fresh = createHttpClient({ transport, timeouts: { connectMs: 2_000, headersMs: 2_000, bodyStallMs: 2_000 }, overallTimeoutMs: 5_000, backoffBaseMs: 5, maxBodyBytes: 100_000 });
      try {
        const send = (apiKey: string) => fresh.get({ connection: testConnection(server.baseUrl, { caPem, apiKey }), pathAndQuery: '/ok', sendVersion: true });
        const refused = await send('test-key\n');
        expect({ status: refused.status, code: refused.appError?.code, attempts: refused.attempts }).toEqual({ status: null, code: 'INTERNAL', attempts: 1 });
        expect((await send('test-key')).status).toBe(200);
      } finally {
        await fresh.close();
      }
    });

    it('refuses an http:// base URL before opening any connection', async () => {
      const plain = await startRawHttp((_req, res) => json(res, 200, {}));
      try {
        const answer = await client.get({ connection: testConnection(plain.baseUrl), pathAndQuery: '/ok', sendVersion: true });
        expect(answer.appError?.code).toBe('INVALID_INPUT');
        expect(answer.attempts).toBe(0);
        expect(plain.connections()).toBe(0);
      } finally {
        await plain.close();
      }
    });

    it('refuses the self-signed certificate when it is not pinned', async () => {
      const answer = await get('/ok', { caPem: null, trustSystemCertificates: true });
      expect(answer.appError?.code).toBe('TLS');
    });

    const withServer = async (tls: { cert: string; key: string }, trust: string) => {
      const other = await startRawHttps(tls, (_req, res) => json(res, 200, { zid: 'z' }));
      try {
        return await client.get({ connection: testConnection(other.baseUrl, { caPem: trust }), pathAndQuery: '/ok', sendVersion: true });
      } finally {
        await other.close();
      }
    };

    it('refuses an expired certificate even when pinned', async () => {
      const expired = await makeCert({ isCa: true, validFrom: new Date(Date.now() - 10 * 86_400_000), validTo: new Date(Date.now() - 86_400_000) });
      const answer = await withServer(expired, expired.cert);
      expect(answer.appError?.code).toBe('TLS');
      expect(answer.appError?.details).toMatchObject({ cause: 'CERT_HAS_EXPIRED' });
    });

    it('refuses a certificate for another host', async () => {
      const wrongHost = await makeCert({ isCa: true, hosts: ['example.invalid'] });
      const answer = await withServer(wrongHost, wrongHost.cert);
      expect(answer.appError?.code).toBe('TLS');
      expect(answer.appError?.details).toMatchObject({ cause: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    });

    it('refuses a certificate from an unknown CA and accepts it once the user adds that CA', async () => {
      const ca = await makeCert({ isCa: true, hosts: ['ca.invalid'] });
      const otherCa = await makeCert({ isCa: true, hosts: ['other.invalid'] });
      const leaf = await makeCert({ ca });
      expect((await withServer(leaf, otherCa.cert)).appError?.code).toBe('TLS');
      const accepted = await withServer(leaf, ca.cert);
      expect(accepted.appError).toBeNull();
      expect(accepted.status).toBe(200);
    });

    it('maps a refused connection to NETWORK', async () => {
      const closed = await startRawHttps(await makeCert(), () => undefined);
      const { baseUrl } = closed;
      await closed.close();
      const answer = await client.get({ connection: testConnection(baseUrl, { caPem }), pathAndQuery: '/ok', sendVersion: true });
      expect(answer.appError?.code).toBe('NETWORK');
      // The reason in words first, naming where it connected; Node's own text kept after it.
      const { host } = new URL(baseUrl);
      expect(answer.appError?.message).toBe(`The service could not be reached: nothing accepted the connection at ${host} (connect ECONNREFUSED ${host})`);
    });

    it('times out a TLS handshake that never completes with the connect timeout', async () => {
      const held: Socket[] = [];
      const blackHole = createNetServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      const quick = createHttpClient({ transport, timeouts: { connectMs: 200 } });
      try {
        const { port } = blackHole.address() as AddressInfo;
        const answer = await quick.get({ connection: testConnection(`https://127.0.0.1:${port}`, { caPem }), pathAndQuery: '/ok', sendVersion: true });
        expect(answer.appError?.code).toBe('TIMEOUT');
        expect(answer.appError?.details).toMatchObject({ cause: 'UND_ERR_CONNECT_TIMEOUT' });
      } finally {
        await quick.close();
        for (const socket of held) socket.destroy();
        blackHole.close();
      }
    });

    it('refuses a profile that trusts no certificate at all, before connecting', async () => {
      const before = server.connections();
      const answer = await get('/ok', { caPem: null, trustSystemCertificates: false });
      expect(answer.appError?.code).toBe('NOT_CONFIGURED');
      expect(server.connections()).toBe(before);
    });
  });

  describe('proxy and overall cap', { timeout: 60_000 }, () => {
    it('tunnels through the profile proxy with the pinned CA still checked', async () => {
      const proxy = await startConnectProxy();
      try {
        const answer = await get('/ok', { proxyUrl: proxy.baseUrl });
        expect(answer.status).toBe(200);
        expect(proxy.tunnels()).toBe(1);
        expect((await get('/ok', { proxyUrl: proxy.baseUrl, caPem: null, trustSystemCertificates: true })).appError?.code).toBe('TLS');
      } finally {
        await proxy.close();
      }
    });

    // A corporate https:// proxy presents a certificate of the company's CA, which users add as the
    // profile's extra CA: the proxy was checked against Node's bundled roots alone, and refused.
    it("checks an https:// proxy's certificate with the profile's trust, as the service's", async () => {
      const proxyTls = await makeCert({ hosts: ['127.0.0.1'] });
      const proxy = await startConnectProxy({ tls: proxyTls });
      try {
        const proxyUrl = proxy.baseUrl;
        expect(proxyUrl).toMatch(/^https:/);
        const trusted = await get('/ok', { proxyUrl, caPem: `${caPem}\n${proxyTls.cert}` });
        expect(trusted.status).toBe(200);
        expect(proxy.tunnels()).toBe(1);
        // Not in the profile's trust: refused, and no tunnel opened.
        const untrusted = await get('/ok', { proxyUrl });
        expect(untrusted.appError?.code).toBe('TLS');
        // Node does not say which handshake refused: the reason names both, not the service alone.
        expect(untrusted.appError?.message).toMatch(/^The TLS connection was refused: the certificate of the service or of the profile's https:\/\/ proxy is self-signed/);
        expect(proxy.tunnels()).toBe(1);
      } finally {
        await proxy.close();
      }
    });

    it('says a proxy refused its credentials, or the tunnel, as a network failure naming the proxy, never its password', async () => {
      const password = 'Pr0xy:p@ss/w0rd';
      const proxy = await startConnectProxy({ credentials: { user: 'alice', password } });
      const closed = await startConnectProxy();
      const gateway = await startConnectProxy({ answer: 502 });
      await closed.close();
      try {
        const host = proxy.baseUrl.replace('http://', '');
        const good = await get('/ok', { proxyUrl: `http://alice:${encodeURIComponent(password)}@${host}` });
        expect(good.status).toBe(200);
        const wrong = await get('/ok', { proxyUrl: `http://alice:wrong-${encodeURIComponent(password)}@${host}` });
        expect(wrong.appError).toMatchObject({ code: 'NETWORK', details: { proxyStatus: 407 } });
        expect(wrong.appError?.message).toMatch(/^The proxy refused its credentials \(HTTP 407 Proxy Authentication Required\): check the user name/);
        const tunnel = await get('/ok', { proxyUrl: gateway.baseUrl });
        expect(tunnel.appError).toMatchObject({ code: 'NETWORK', details: { proxyStatus: 502 } });
        expect(tunnel.appError?.message).toMatch(/^The proxy did not open a connection to the service \(it answered HTTP 502\)/);
        const unreachable = await get('/ok', { proxyUrl: `http://alice:${encodeURIComponent(password)}@${closed.baseUrl.replace('http://', '')}` });
        expect(unreachable.appError?.code).toBe('NETWORK');
        expect(unreachable.appError?.message).toMatch(/^The profile's proxy could not be reached: nothing accepted the connection at 127\.0\.0\.1:\d+/);
        for (const exchange of [wrong, tunnel, unreachable]) {
          expect(JSON.stringify(exchange)).not.toMatch(/p@ss|p%40ss|Pr0xy/);
          expect(exchange.attempts).toBe(1);
        }
      } finally {
        await proxy.close();
        await gateway.close();
      }
    });

    it('says a server or proxy that answers a TLS handshake in plain HTTP does so, without OpenSSL\'s internals', async () => {
      const plain = await startRawHttp((_req, res) => json(res, 200, {}));
      const proxy = await startConnectProxy();
      try {
        const direct = await client.get({ connection: testConnection(plain.baseUrl.replace('http://', 'https://'), { caPem }), pathAndQuery: '/ok', sendVersion: true });
        expect(direct.appError?.code).toBe('TLS');
        expect(direct.appError?.message).toMatch(/^The TLS connection was refused: 127\.0\.0\.1:\d+ answered without TLS \(plain HTTP on that port, or not the service\): check the base URL's port/);
        const viaHttps = await get('/ok', { proxyUrl: proxy.baseUrl.replace('http://', 'https://') });
        expect(viaHttps.appError?.code).toBe('TLS');
        expect(viaHttps.appError?.message).toMatch(/^The TLS connection was refused: the profile's proxy answered without TLS: its URL is https:\/\/, and most proxies take plain http:\/\//);
        for (const answer of [direct, viaHttps]) expect(answer.appError?.message).not.toMatch(/openssl|SSL routines|\n/);
      } finally {
        await plain.close();
        await proxy.close();
      }
    });

    it('stops at the overall cap with TIMEOUT even when transport timeouts are longer', async () => {
      const capped = createHttpClient({ transport, timeouts: { headersMs: 10_000 }, overallTimeoutMs: 200 });
      try {
        const answer = await capped.get({ connection: testConnection(server.baseUrl, { caPem }), pathAndQuery: '/silent', sendVersion: true });
        expect(answer.appError?.code).toBe('TIMEOUT');
        expect(answer.durationMs).toBeLessThan(5_000);
      } finally {
        await capped.close();
      }
    });
  });
});
