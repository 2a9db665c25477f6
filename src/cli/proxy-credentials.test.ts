import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectProxy, startRawHttps, type RawServer } from '../core/http/test-support.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { loadOrCreateCertificate } from '../service/tls.ts';
import { allowanceHolderPriceBody } from '../spec/test-fixtures.ts';
import { inProcess as cli, spawnCli } from './test-support.ts';

// A profile behind an authenticating proxy, its password in the proxy URL (profiles.json), used by
// price: the password reaches the proxy and nothing else the CLI writes, on success and on failure.

const PASSWORD = 'Pr0xy:S3cret/pw';
const FORMS = [PASSWORD, encodeURIComponent(PASSWORD), Buffer.from(`alice:${PASSWORD}`).toString('base64')];

let dir: string;
let service: RawServer;
let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
let savedKey: string | undefined;

async function filesUnder(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-proxy-'));
  const cert = await loadOrCreateCertificate(join(dir, 'tls'));
  service = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(allowanceHolderPriceBody()));
  });
  proxy = await startConnectProxy({ credentials: { user: 'alice', password: PASSWORD } });
  const host = proxy.baseUrl.replace('http://', '');
  const profiles = await openProfileStore(dir);
  const common = { baseUrl: service.baseUrl, caPem: cert.certPem, trustSystemCertificates: false, rateBudgetRps: 50 };
  await profiles.save(ProfileInputSchema.parse({ ...common, name: 'Proxied', proxyUrl: `http://alice:${encodeURIComponent(PASSWORD)}@${host}` }));
  await profiles.save(ProfileInputSchema.parse({ ...common, name: 'Wrong password', proxyUrl: `http://alice:${encodeURIComponent(`x${PASSWORD}`)}@${host}` }));
  savedKey = process.env.SVC_API_KEY;
  process.env.SVC_API_KEY = 'test-key';
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.SVC_API_KEY;
  else process.env.SVC_API_KEY = savedKey;
  await proxy.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe('price through a profile proxy with a password', { timeout: 60_000 }, () => {
  const args = (profile: string) => ['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', profile, '--data-dir', dir];

  it('prices through the proxy, and says a refused password is the proxy\'s, with no trace of it in the output or the data dir', async () => {
    const priced = await cli(args('Proxied'));
    expect(priced.code).toBe(0);
    expect(proxy.tunnels()).toBeGreaterThan(0);
    const refused = await cli(args('Wrong password'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('NETWORK: The proxy refused its credentials (HTTP 407 Proxy Authentication Required): check the user name and password of the profile\'s proxy');
    for (const ran of [priced, refused]) for (const form of FORMS) expect(ran.stdout + ran.stderr).not.toContain(form);
    const written = (await filesUnder(dir)).filter((path) => !path.endsWith('profiles.json'));
    expect(written.some((path) => path.includes('history'))).toBe(true);
    for (const path of written) {
      const bytes = await readFile(path);
      for (const form of FORMS) expect(bytes.includes(form), `${path} holds the proxy password`).toBe(false);
    }
  });

  // The built CLI sends a proxied profile through the part of undici its bundle keeps
  // (build/undici-cli.js), which the in-process runs above do not load.
  it('prices through the proxy from the built command too', async () => {
    const tunnels = proxy.tunnels();
    const priced = await spawnCli(args('Proxied'), { SVC_API_KEY: 'test-key' });
    expect(priced.stderr).toBe('');
    expect(priced.code).toBe(0);
    expect(proxy.tunnels()).toBe(tunnels + 1);
  });
});
