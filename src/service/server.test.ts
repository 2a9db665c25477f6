import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '../domain/chains.ts';
import { ChainListResponseSchema, EnabledSourcesResponseSchema, ServiceErrorSchema, SourcesResponseSchema, ZID_PATTERN, schemaReport } from '../spec/index.ts';
import { startLocalService } from './index.ts';
import { wethToUsdc } from './test-fixtures.ts';
import { startTestService, type Answer, type TestService } from './test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ apiKeys: [{ key: 'key-alpha', team: 'alpha' }, { key: 'key-beta', team: 'beta' }] });
});
afterAll(() => svc.stop());

function expectErrorBody(body: unknown, name: string): void {
  expect(ServiceErrorSchema.safeParse(body).success).toBe(true);
  const error = body as { name: string; message: string; data: { zid: string } };
  expect(error.name).toBe(name);
  expect(error.data.zid).toMatch(ZID_PATTERN);
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at |\.ts:\d+/);
}

describe('transport', () => {
  it('serves HTTPS on 127.0.0.1 that verifies against the pinned certificate', async () => {
    expect(svc.service.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await readFile(svc.service.caCertPath, 'utf8')).toBe(svc.service.caCertPem);
    expect((await svc.get('/swap/chains')).status).toBe(200);
  });

  it('is refused by a client that does not trust the certificate', async () => {
    const error = await new Promise<Error>((resolve) => {
      httpsRequest(`${svc.service.baseUrl}/swap/chains`, (res) => resolve(new Error(`unexpected ${res.statusCode}`))).on('error', resolve).end();
    });
    expect((error as NodeJS.ErrnoException).code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  });

  it('reuses the cached certificate on restart in the same data dir', async () => {
    const again = await startTestService({ dataDir: svc.dataDir });
    try {
      expect(again.service.caCertPem).toBe(svc.service.caCertPem);
      expect((await again.get('/swap/chains')).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it('serves, from each of three starts at once in a fresh data dir, the certificate its caCertPath holds', async () => {
    // An integrator's parallel test workers each running serve on a fresh machine: each must be
    // reachable by a client that pins the file serve printed, not only by one that pins its memory.
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-starts-'));
    const services = await Promise.all([1, 2, 3].map(() => startLocalService({ dataDir, apiKeys: [{ key: 'key-alpha', team: 'alpha' }] })));
    const agents: Agent[] = [];
    try {
      const statuses = await Promise.all(
        services.map(async (service) => {
          const agent = new Agent({ connect: { ca: await readFile(service.caCertPath, 'utf8') } });
          agents.push(agent);
          const headers = { 'svc-api-key': 'key-alpha', 'svc-version': 'v2' };
          return request(`${service.baseUrl}/swap/chains`, { headers, dispatcher: agent }).then(
            async (response) => (await response.body.text(), response.statusCode),
            (error: NodeJS.ErrnoException) => error.code,
          );
        }),
      );
      expect(statuses).toEqual([200, 200, 200]);
      expect(new Set(services.map((service) => service.caCertPem)).size).toBe(1);
      expect((await readdir(dataDir)).sort()).toEqual(['cert.pem', 'key.pem']);
    } finally {
      await Promise.all(agents.map((agent) => agent.close()));
      await Promise.all(services.map((service) => service.close()));
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses plain HTTP on its port with a JSON 400 that says to use https, and stays up', async () => {
    const port = new URL(svc.service.baseUrl).port;
    const response = await fetch(`http://127.0.0.1:${port}/swap/chains`, { headers: { 'svc-api-key': svc.service.apiKeys[0]!, 'svc-version': 'v2' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Answer['body'];
    expectErrorBody(body, 'INPUT_INVALID');
    expect(response.headers.get('svc-zid')).toBe(body.data?.zid);
    expect(body.data?.details?.[0]?.field).toBe('(request)');
    expect(body.message).toContain(`send the request to ${svc.service.baseUrl}`);
    expect((await svc.get('/swap/chains')).status).toBe(200);
  });
});

describe('endpoints without a swap', () => {
  it('lists swap chains with names, Linea included', async () => {
    const { status, body, headers } = await svc.get('/swap/chains');
    expect(status).toBe(200);
    expect(schemaReport(ChainListResponseSchema, body)).toEqual([]);
    const ids = (body.chains as { chainId: number }[]).map((chain) => chain.chainId);
    expect(ids).toEqual(CHAINS.filter((chain) => chain.isSwap).map((chain) => chain.chainId));
    expect(body.zid).toMatch(ZID_PATTERN);
    expect(headers['svc-zid']).toBe(body.zid);
    expect(headers['content-type']).toMatch(/^application\/json/);
  });

  it('lists gasless chains without Linea', async () => {
    const { body } = await svc.get('/gasless/chains');
    expect(schemaReport(ChainListResponseSchema, body)).toEqual([]);
    const ids = (body.chains as { chainId: number }[]).map((chain) => chain.chainId);
    expect(ids).toContain(8453);
    expect(ids).not.toContain(59144);
  });

  it('gives each team its own Solana sources and needs only the key header', async () => {
    const alpha = await svc.get('/solana/enabled-sources', {}, { 'svc-version': null });
    const beta = await svc.get('/solana/enabled-sources', {}, { 'svc-api-key': 'key-beta', 'svc-version': null });
    expect(alpha.status).toBe(200);
    expect(schemaReport(EnabledSourcesResponseSchema, alpha.body)).toEqual([]);
    expect(alpha.headers['svc-zid']).toMatch(ZID_PATTERN);
    expect((await svc.get('/solana/enabled-sources', {}, { 'svc-api-key': 'key-alpha', 'svc-version': null })).body).toEqual(alpha.body);
    expect(beta.body.sources).not.toEqual(alpha.body.sources);
  });

  it('lists a chain\'s sources and refuses an unknown chain', async () => {
    const { status, body } = await svc.get('/sources', { chainId: '1' });
    expect(status).toBe(200);
    expect(schemaReport(SourcesResponseSchema, body)).toEqual([]);
    expect(body.sources).toContain('Uniswap_V3');
    const bad = await svc.get('/sources', { chainId: '5' });
    expect(bad.status).toBe(400);
    expect(bad.body.data?.details?.[0]?.field).toBe('chainId');
  });

  it('issues a fresh zid on every response', async () => {
    const zids = await Promise.all([1, 2, 3, 4, 5].map(() => svc.get('/swap/chains').then((a) => a.body.zid)));
    expect(new Set(zids).size).toBe(5);
  });
});

describe('routing, methods and headers', () => {
  it('answers an unknown path with 404 NOT_FOUND', async () => {
    const { status, body } = await svc.get('/swap/v3/quote');
    expect(status).toBe(404);
    expectErrorBody(body, 'NOT_FOUND');
  });

  it('answers a path written in another letter case, with a trailing slash or a doubled one, with a 404 naming the path to use', async () => {
    for (const [path, meant] of [['/Swap/Chains', '/swap/chains'], ['/swap/chains/', '/swap/chains'], ['/swap//allowance-holder/price', '/swap/allowance-holder/price'], ['/SWAP/PERMIT2/QUOTE/', '/swap/permit2/quote']]) {
      const { status, body } = await svc.get(path!);
      expect({ path, status }).toEqual({ path, status: 404 });
      expectErrorBody(body, 'NOT_FOUND');
      expect(body.message).toBe(`No endpoint at ${path}; did you mean ${meant}? Paths are lower case, without a trailing slash`);
    }
    expect((await svc.get('/swap/nothing')).body.message).toBe('No endpoint at /swap/nothing');
  });

  it('answers a v1 path with the same 404, saying v1 was sunset on 2025-04-11 and naming the v2 paths', async () => {
    for (const kind of ['quote', 'price']) {
      const { status, body } = await svc.get(`/swap/v1/${kind}`, { sellToken: 'ETH', buyToken: 'USDC', sellAmount: '1' });
      expect(status).toBe(404);
      expectErrorBody(body, 'NOT_FOUND');
      expect(body.message).toContain('sunset on 2025-04-11');
      expect(body.message).toContain(`/swap/allowance-holder/${kind}`);
      expect(body.message).toContain(`/swap/permit2/${kind}`);
      expect(body.message).toContain('chainId');
    }
  });

  it('answers a v1 path with its version taken out (/swap/price) with a 404 naming the two allowance-model paths', async () => {
    // Moving from /swap/v1/price, a client that drops the version gets /swap/price, and was told
    // only 'No endpoint at /swap/price'.
    for (const kind of ['price', 'quote']) {
      const { status, body } = await svc.get(`/swap/${kind}`, wethToUsdc());
      expect(status).toBe(404);
      expectErrorBody(body, 'NOT_FOUND');
      expect(body.message).toBe(`No endpoint at /swap/${kind}: in v2 the allowance model is chosen in the path: GET /swap/allowance-holder/${kind} or GET /swap/permit2/${kind}`);
    }
  });

  it('answers other methods with 405 METHOD_NOT_ALLOWED and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const { status, body, headers } = await svc.get('/swap/chains', {}, {}, method);
      expect(status).toBe(405);
      expect(headers.allow).toBe('GET, HEAD');
      expectErrorBody(body, 'METHOD_NOT_ALLOWED');
    }
  });

  it('answers HEAD as it answers GET, with the same status and headers and no body (curl -I, uptime checks)', async () => {
    const price = wethToUsdc();
    for (const [path, query, headers] of [
      ['/swap/chains', {}, {}],
      ['/swap/allowance-holder/price', price, {}],
      ['/swap/permit2/price', { ...price, sellAmount: '0' }, {}],
      ['/swap/chains', {}, { 'svc-api-key': null }],
    ] as const) {
      const get = await svc.get(path, query, headers);
      const head = await svc.head(path, query, headers);
      expect({ path, status: head.status }).toEqual({ path, status: get.status });
      expect(head.text).toBe('');
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['svc-zid']).toMatch(ZID_PATTERN);
    }
  });

  it('answers a missing or unknown key with 401 UNAUTHORIZED', async () => {
    for (const key of [null, 'not-a-key']) {
      const { status, body } = await svc.get('/swap/chains', {}, { 'svc-api-key': key });
      expect(status).toBe(401);
      expectErrorBody(body, 'UNAUTHORIZED');
      expect(JSON.stringify(body)).not.toContain('not-a-key');
    }
  });

  it('tells a client that sent its key in the URL or under another header where the service reads it, never echoing the key', async () => {
    // Both were told only "Missing svc-api-key header", though the client could see its key in the request.
    const key = svc.service.apiKeys[0]!;
    const inUrl = await svc.get('/swap/chains', { apiKey: key }, { 'svc-api-key': null });
    expect(inUrl.status).toBe(401);
    expectErrorBody(inUrl.body, 'UNAUTHORIZED');
    expect(inUrl.body.message).toMatch(/sent in the URL \(apiKey=…\).*svc-api-key header/);
    const bearer = await svc.get('/swap/chains', {}, { 'svc-api-key': null, authorization: `Bearer ${key}` });
    expect(bearer.status).toBe(401);
    expect(bearer.body.message).toMatch(/sent as the authorization header.*svc-api-key header/);
    expect(JSON.stringify([inUrl.body, bearer.body])).not.toContain(key);
  });

  it('requires svc-version v2 and tells a v1 client about the 2025-04-11 sunset', async () => {
    const missing = await svc.get('/swap/chains', {}, { 'svc-version': null });
    expect(missing.status).toBe(400);
    expectErrorBody(missing.body, 'INPUT_INVALID');
    expect(missing.body.data?.details?.[0]?.field).toBe('svc-version');
    const v1 = await svc.get('/swap/chains', {}, { 'svc-version': 'v1' });
    expect(v1.status).toBe(400);
    expect(v1.body.data?.details?.[0]?.reason).toContain('2025-04-11');
    expect((await svc.get('/swap/chains', {}, { 'svc-version': 'v3' })).status).toBe(400);
  });

  it('tells a client that sent the key or version header twice so, rather than that its key or version is wrong', async () => {
    // Node joins a repeated header into "v2, v2": it was answered 'must be "v2"', and a key sent
    // twice 'Invalid API key', though the client could see the right value in what it sent.
    const agent = new Agent({ connect: { ca: svc.service.caCertPem } });
    try {
      const send = async (headers: string[]) => {
        const response = await request(`${svc.service.baseUrl}/swap/chains`, { headers, dispatcher: agent });
        return { status: response.statusCode, body: (await response.body.json()) as Answer['body'] };
      };
      const version = await send(['svc-api-key', 'key-alpha', 'svc-version', 'v2', 'svc-version', 'v2']);
      expect(version.status).toBe(400);
      expect(version.body.data?.details).toEqual([{ field: 'svc-version', reason: 'header was sent 2 times ("v2, v2"); send it once: "v2"' }]);
      const key = await send(['svc-api-key', 'key-alpha', 'svc-api-key', 'key-alpha', 'svc-version', 'v2']);
      expect(key.status).toBe(401);
      expectErrorBody(key.body, 'UNAUTHORIZED');
      expect(key.body.message).toBe('The svc-api-key header was sent 2 times; send it once, with one key');
      expect(JSON.stringify(key.body)).not.toContain('key-alpha');
      // Sent once, each is answered as before.
      expect((await send(['svc-api-key', 'key-alpha', 'svc-version', 'v2'])).status).toBe(200);
      expect((await send(['svc-api-key', 'key-wrong', 'svc-version', 'v2'])).body.message).toBe('Invalid API key');
    } finally {
      await agent.close();
    }
  });

  it('ignores query parameters on the chain lists and the Solana sources, which have none and no 400, and refuses repeated parameters elsewhere', async () => {
    const plain = await svc.get('/swap/chains');
    for (const [path, query] of [['/swap/chains', { _: '1700000000' }], ['/gasless/chains', { chainId: '1' }], ['/swap/chains?_=1&_=2', {}]] as const) {
      const answer = await svc.get(path, query);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(schemaReport(ChainListResponseSchema, answer.body)).toEqual([]);
    }
    expect((await svc.get('/swap/chains', { _: '1700000000' })).body.chains).toEqual(plain.body.chains);
    // The enabled-sources list too: the spec gives it no parameter and shows no error body, and a
    // cache-buster (jQuery's `_=`, a proxy's) got a 400 there while the chain lists answered.
    const sources = await svc.get('/solana/enabled-sources', { _: '1700000000' }, { 'svc-version': null });
    expect(sources.status).toBe(200);
    expect(sources.body).toEqual((await svc.get('/solana/enabled-sources', {}, { 'svc-version': null })).body);
    const repeated = await svc.get('/sources?chainId=1&chainId=10');
    expect(repeated.status).toBe(400);
    expect(repeated.body.data?.details?.[0]).toEqual({ field: 'chainId', reason: 'is given more than once' });
  });
});

describe('malformed HTTP', () => {
  it('answers a request Node cannot parse with a JSON 400 and stays up', async () => {
    const { connect } = await import('node:tls');
    const url = new URL(svc.service.baseUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port), ca: svc.service.caCertPem }, () => socket.write('GET /swap/chains HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
    expectErrorBody(body, 'INPUT_INVALID');
    expect((await svc.get('/swap/chains')).status).toBe(200);
  });
});
