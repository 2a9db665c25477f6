import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlSnippet, fetchSnippet, type SnippetRequest } from '../domain/snippets.ts';
import { startLocalService, type RunningService } from '../service/index.ts';
import { wethToUsdc } from '../service/test-fixtures.ts';
import { makeCert, startConnectProxy, testConnection } from './http/test-support.ts';
import { createRequestService, type RequestService } from './request/send-request.ts';
import { MemoryHistory, fixedConnections } from './request/test-support.ts';
import { undiciTransport } from './http/undici-transport.ts';

// Issue 13: the "Copy as" snippets are run, as copied, against the local service over HTTPS with its
// certificate pinned, with SVC_API_KEY set to the local key. curl is Debian's (.ci/run installs it);
// the TypeScript runs on this Node (type stripping), importing undici from the project.
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let service: RunningService;
let requests: RequestService;
let scratch: string;
let request: SnippetRequest;
const history = new MemoryHistory();

beforeAll(async () => {
  service = await startLocalService({ dataDir: await mkdtemp(join(tmpdir(), 'snippets-')) });
  const connection = testConnection(service.baseUrl, { profileId: 'local', caPem: service.caCertPem, apiKey: service.apiKeys[0]! });
  requests = createRequestService({ connections: fixedConnections(connection), history, client: { transport: undiciTransport, backoffBaseMs: 5 } });
  // The snippet is built from the entry the app keeps, as the Copy buttons do.
  const { entry } = await requests.send({ profileId: 'local', endpoint: 'allowance-holder.price', params: wethToUsdc() });
  request = { url: entry.url, headers: entry.requestHeaders, apiKeyHeader: 'svc-api-key', caPath: service.caCertPath, chainId: 1 };
  // Inside the project (test-results/ is ignored) so that `import 'undici'` resolves from its
  // node_modules; not under node_modules itself, where Node refuses to strip types.
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test-results', 'snippets-'));
});
afterAll(async () => {
  await requests.close();
  await service.close();
  await rm(scratch, { recursive: true, force: true });
});

const env = () => ({ ...process.env, SVC_API_KEY: service.apiKeys[0]! });

describe('copied snippets against the local service', { timeout: 30_000 }, () => {
  it('never contain the key, and pin the certificate', () => {
    for (const text of [curlSnippet(request), fetchSnippet(request)]) {
      expect(text).not.toContain(service.apiKeys[0]!);
      expect(text).toContain('SVC_API_KEY');
      expect(text).toContain(service.caCertPath);
    }
    expect(curlSnippet(request)).toContain(`--cacert ${service.caCertPath}`);
    expect(fetchSnippet(request)).toContain('new Agent({ connect: { ca: readFileSync(');
  });

  it('curl gets a 200 and a price body', async () => {
    const { stdout } = await run('sh', ['-c', curlSnippet(request)], { env: env() });
    const body = JSON.parse(stdout) as { liquidityAvailable: boolean; buyAmount: string };
    expect(body.liquidityAvailable).toBe(true);
    expect(BigInt(body.buyAmount)).toBeGreaterThan(0n);
  });

  it('curl without the key fails, printing the service error (no silent success)', async () => {
    const failed = run('sh', ['-c', curlSnippet(request)], { env: { ...process.env, SVC_API_KEY: '' } });
    await expect(failed).rejects.toMatchObject({ code: 22 });
  });

  it('with a profile proxy, curl and the TypeScript fetch go through it, as the app does', async () => {
    const proxy = await startConnectProxy();
    try {
      const viaProxy = { ...request, proxyUrl: proxy.baseUrl };
      const { stdout } = await run('sh', ['-c', curlSnippet(viaProxy)], { env: env() });
      expect(JSON.parse(stdout)).toMatchObject({ liquidityAvailable: true });
      expect(proxy.tunnels()).toBe(1);
      const file = join(scratch, 'proxied.ts');
      await writeFile(file, fetchSnippet(viaProxy));
      const fetched = await run(process.execPath, [file], { env: env(), cwd: scratch });
      expect(fetched.stdout.split('\n')[0]).toBe('200');
      expect(proxy.tunnels()).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it("go as the profile says whatever proxy variables the user's shell has: direct without a profile proxy, through it with one", async () => {
    // The app reads no https_proxy nor NO_PROXY (undici's Agent and ProxyAgent do not): curl does,
    // and a corporate shell has both set.
    const shellProxy = await startConnectProxy();
    const profileProxy = await startConnectProxy();
    try {
      const direct = await run('sh', ['-c', curlSnippet(request)], { env: { ...env(), https_proxy: shellProxy.baseUrl, HTTPS_PROXY: shellProxy.baseUrl } });
      expect(JSON.parse(direct.stdout)).toMatchObject({ liquidityAvailable: true });
      expect(shellProxy.tunnels()).toBe(0);
      const viaProxy = await run('sh', ['-c', curlSnippet({ ...request, proxyUrl: profileProxy.baseUrl })], { env: { ...env(), no_proxy: '127.0.0.1', NO_PROXY: '127.0.0.1' } });
      expect(JSON.parse(viaProxy.stdout)).toMatchObject({ liquidityAvailable: true });
      expect(profileProxy.tunnels()).toBe(1);
    } finally {
      await shellProxy.close();
      await profileProxy.close();
    }
  });

  it("check the certificate as the app does whatever the user's ~/.curlrc says (insecure)", async () => {
    const home = join(scratch, 'home');
    await mkdir(home, { recursive: true });
    await writeFile(join(home, '.curlrc'), 'insecure\n');
    const otherCa = join(scratch, 'not-the-service-ca.pem');
    await writeFile(otherCa, rootCertificates[0]!);
    // Pinned to a CA that did not sign the service's certificate: the app refuses it, and so must the copy.
    await expect(run('sh', ['-c', curlSnippet({ ...request, caPath: otherCa })], { env: { ...env(), HOME: home } })).rejects.toMatchObject({ code: 60 });
  });

  it('with a proxy that has credentials, curl refuses to run without SVC_PROXY_URL rather than go direct', async () => {
    const proxy = await startConnectProxy({ credentials: { user: 'alice', password: 's3cret' } });
    try {
      const secret = { ...request, proxyUrl: proxy.baseUrl, hasProxyPassword: true };
      const withProxy = await run('sh', ['-c', curlSnippet(secret)], { env: { ...env(), SVC_PROXY_URL: proxy.baseUrl.replace('://', '://alice:s3cret@') } });
      expect(JSON.parse(withProxy.stdout)).toMatchObject({ liquidityAvailable: true });
      expect(proxy.tunnels()).toBe(1);
      // Without the variable the app's route is not known: the command stops, saying why, and sends nothing.
      const unset: NodeJS.ProcessEnv = { ...env(), SVC_PROXY_URL: undefined };
      await expect(run('sh', ['-c', curlSnippet(secret)], { env: unset })).rejects.toMatchObject({ stderr: expect.stringContaining('SVC_PROXY_URL') });
      expect(proxy.tunnels()).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("through an https:// proxy whose certificate the profile's pinned CA signed, curl and the TypeScript fetch trust it, as the app does", async () => {
    // A company's TLS proxy carries the company's CA, which the profile pins beside the service's:
    // the app checks the proxy with the profile's trust (undici-transport's proxyTls).
    const companyCa = await makeCert({ isCa: true });
    const proxy = await startConnectProxy({ tls: await makeCert({ ca: companyCa }) });
    const bundle = join(scratch, 'company-bundle.pem');
    await writeFile(bundle, `${service.caCertPem}\n${companyCa.cert}`);
    const app = createRequestService({ connections: fixedConnections(testConnection(service.baseUrl, { profileId: 'proxied', caPem: `${service.caCertPem}\n${companyCa.cert}`, proxyUrl: proxy.baseUrl, apiKey: service.apiKeys[0]! })), history: new MemoryHistory(), client: { transport: undiciTransport, backoffBaseMs: 5 } });
    try {
      const { entry } = await app.send({ profileId: 'proxied', endpoint: 'allowance-holder.price', params: wethToUsdc() });
      expect(entry.status).toBe(200);
      const viaProxy: SnippetRequest = { url: entry.url, headers: entry.requestHeaders, apiKeyHeader: 'svc-api-key', caPath: bundle, proxyUrl: proxy.baseUrl };
      const { stdout } = await run('sh', ['-c', curlSnippet(viaProxy)], { env: env() });
      expect(JSON.parse(stdout)).toMatchObject({ liquidityAvailable: true });
      const file = join(scratch, 'tls-proxy.ts');
      await writeFile(file, fetchSnippet(viaProxy));
      const fetched = await run(process.execPath, [file], { env: env(), cwd: scratch });
      expect(fetched.stdout.split('\n')[0]).toBe('200');
      expect(proxy.tunnels()).toBe(3);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  it('trusting the system certificates and a pinned CA, curl and the TypeScript fetch trust both, as the app does', async () => {
    // The pinned CA is not the service's; the service's own CA stands in for a system root: in the
    // system's certificate directory for curl (SSL_CERT_DIR, hashed as OpenSSL looks certificates
    // up) and in Node's default store for the fetch (NODE_EXTRA_CA_CERTS).
    const otherCa = join(scratch, 'other-ca.pem');
    await writeFile(otherCa, rootCertificates[0]!);
    const systemDir = join(scratch, 'system-certs');
    await mkdir(systemDir);
    await copyFile(service.caCertPath, join(systemDir, 'local-service.pem'));
    await run('openssl', ['rehash', systemDir]);
    const systemEnv = { ...env(), SSL_CERT_DIR: systemDir, NODE_EXTRA_CA_CERTS: service.caCertPath };
    const both: SnippetRequest = { ...request, caPath: otherCa, trustSystemCertificates: true };

    const { stdout } = await run('sh', ['-c', curlSnippet(both)], { env: systemEnv });
    expect(JSON.parse(stdout)).toMatchObject({ liquidityAvailable: true });
    const file = join(scratch, 'both.ts');
    await writeFile(file, fetchSnippet(both));
    const fetched = await run(process.execPath, [file], { env: systemEnv, cwd: scratch });
    expect(fetched.stdout.split('\n')[0]).toBe('200');
    // A profile that trusts its pinned CA alone keeps refusing what only the system trusts.
    await expect(run('sh', ['-c', curlSnippet({ ...both, trustSystemCertificates: false })], { env: systemEnv })).rejects.toMatchObject({ code: 60 });
  });

  it('the TypeScript fetch gets a 200 and a price body', async () => {
    const file = join(scratch, 'request.ts');
    await writeFile(file, fetchSnippet(request));
    const { stdout } = await run(process.execPath, [file], { env: env(), cwd: scratch });
    const [status, ...body] = stdout.split('\n');
    expect(status).toBe('200');
    expect(JSON.parse(body.join('\n'))).toMatchObject({ liquidityAvailable: true, buyAmount: expect.stringMatching(/^[0-9]+$/) });
  });
});
