import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileInputSchema } from '../../ipc/channels/profiles.ts';
import { createHttpClient, type HttpClient } from '../http/http-client.ts';
import { createChildProcessHost } from '../local-service/child-process-host.ts';
import type { LocalServiceHost } from '../local-service/host.ts';
import { createKeychainBackend } from '../secrets/keychain-backend.ts';
import { createSecretStore, type SecretStore } from '../secrets/secret-store.ts';
import { createConnectionResolver } from './connection-resolver.ts';
import { openProfileStore, type ProfileStore } from './profile-store.ts';
import { createConnectionTester } from './test-connection.ts';
import { undiciTransport } from '../http/undici-transport.ts';

// Real parts throughout: profiles.json in a temp dir, the suite's keychain daemon, the local
// service as a child process, and the engine's HTTPS client.
interface Rig {
  store: ProfileStore;
  secrets: SecretStore;
  host: LocalServiceHost;
  client: HttpClient;
  dataDir: string;
}
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function rig(): Promise<Rig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'resolver-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const host = createChildProcessHost({ dataDir });
  cleanups.push(() => host.stop());
  const client = createHttpClient({ transport: undiciTransport, maxAttempts: 1 });
  cleanups.push(() => client.close());
  const secrets = createSecretStore(createKeychainBackend(`swap-explorer-test-${process.pid}-${Math.random().toString(36).slice(2)}`));
  return { store: await openProfileStore(dataDir), secrets, host, client, dataDir };
}

describe('connection resolver', () => {
  it('sends a profile as profiles.json holds it now, and refuses while an edit made outside the app cannot be read', async () => {
    const { store, secrets, host, dataDir } = await rig();
    const resolver = createConnectionResolver({ profiles: store, secrets, localService: host });
    const saved = await store.save(ProfileInputSchema.parse({ name: 'Staging', baseUrl: 'https://staging.example.test' }));
    const path = join(dataDir, 'profiles.json');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { profiles: object[] };
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [{ ...saved, baseUrl: 'https://eu.staging.example.test', rateBudgetRps: 2 }] }));
    expect(await resolver.resolve(saved.id)).toMatchObject({ baseUrl: 'https://eu.staging.example.test', rateBudgetRps: 2 });

    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [{ ...saved, rateBudgetRps: 'fast' }] }));
    await expect(resolver.resolve(saved.id)).rejects.toMatchObject({
      code: 'STORAGE',
      message: `Not sent: the profiles file ${path} was changed outside the app and cannot be read now (profiles.0.rateBudgetRps must be number). Mend the file, or restart the app to set it aside.`,
      details: [{ field: 'profiles.0.rateBudgetRps', reason: 'must be number' }],
    });
  });

  it('starts the local service on first use and pins its certificate alone', async () => {
    const { store, secrets, host } = await rig();
    const resolver = createConnectionResolver({ profiles: store, secrets, localService: host });
    expect(host.status().state).toBe('stopped');
    const connection = await resolver.resolve('local');
    expect(host.status().state).toBe('running');
    expect(connection).toMatchObject({
      profileId: 'local',
      profileName: 'Local service',
      baseUrl: host.status().baseUrl,
      headerNames: { apiKey: 'svc-api-key', version: 'svc-version' },
      version: 'v2',
      trustSystemCertificates: false,
      proxyUrl: null,
      rateBudgetRps: 5,
    });
    expect(connection.caPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(connection.apiKey).toMatch(/^local_/);
    await store.setRateBudget('local', 40);
    expect((await resolver.resolve('local')).rateBudgetRps).toBe(40);
  });

  it('does not restart a local service the user stopped: LOCAL_SERVICE_STOPPED until started again', async () => {
    const { store, secrets, host } = await rig();
    const resolver = createConnectionResolver({ profiles: store, secrets, localService: host });
    const first = await resolver.resolve('local');
    const certificate = host.status().certificate;
    expect(certificate?.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(certificate?.pem).toBe(first.caPem);
    expect(certificate?.sha256).toBe(new X509Certificate(first.caPem!).fingerprint256);
    await host.stop();
    await expect(resolver.resolve('local')).rejects.toMatchObject({ code: 'LOCAL_SERVICE_STOPPED', message: expect.stringContaining('Start local service') });
    expect(host.status()).toMatchObject({ state: 'stopped', stoppedByUser: true, certificate });
    await host.start();
    expect((await resolver.resolve('local')).baseUrl).toBe(host.status().baseUrl);
  });

  it('sends a user profile as saved, with its key from the keychain', async () => {
    const { store, secrets, host } = await rig();
    const resolver = createConnectionResolver({ profiles: store, secrets, localService: host });
    const profile = await store.save(ProfileInputSchema.parse({ name: 'Prod', baseUrl: 'https://api.example.test/v', headerNames: { apiKey: 'x-key' }, proxyUrl: 'http://proxy.test:3128' }));
    expect((await resolver.resolve(profile.id)).apiKey).toBeNull();
    await secrets.set(profile.id, 'prod-key');
    cleanups.push(() => secrets.clear(profile.id));
    expect(await resolver.resolve(profile.id)).toEqual({
      profileId: profile.id,
      profileName: 'Prod',
      baseUrl: 'https://api.example.test/v',
      headerNames: { apiKey: 'x-key', version: 'svc-version' },
      version: 'v2',
      apiKey: 'prod-key',
      caPem: null,
      trustSystemCertificates: true,
      proxyUrl: 'http://proxy.test:3128',
      rateBudgetRps: 5,
    });
    expect(host.status().state).toBe('stopped');
    await expect(resolver.resolve('unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('connection test', () => {
  it('reaches the local service with a 200 on /swap/chains', async () => {
    const { store, secrets, host, client } = await rig();
    const test = createConnectionTester({ resolver: createConnectionResolver({ profiles: store, secrets, localService: host }), client });
    expect(await test('local')).toMatchObject({ reachable: true, status: 200, error: null });
  });

  it('tells a refused key (reached, AUTH_FAILED) from a certificate that is not trusted (TLS)', async () => {
    const { store, secrets, host, client } = await rig();
    const resolver = createConnectionResolver({ profiles: store, secrets, localService: host });
    const test = createConnectionTester({ resolver, client });
    const local = await resolver.resolve('local');
    const pinned = await store.save(ProfileInputSchema.parse({ name: 'Pinned', baseUrl: local.baseUrl, caPem: local.caPem ?? undefined, trustSystemCertificates: false }));
    expect(await test(pinned.id)).toMatchObject({ reachable: true, status: 401, error: { code: 'AUTH_FAILED' } });
    const unpinned = await store.save(ProfileInputSchema.parse({ name: 'Unpinned', baseUrl: local.baseUrl }));
    expect(await test(unpinned.id)).toMatchObject({ reachable: false, status: null, error: { code: 'TLS' } });
    await expect(test('unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
