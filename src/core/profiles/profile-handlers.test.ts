import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profilesChannels, type ConnectionTest } from '../../ipc/channels/profiles.ts';
import { AppError } from '../../ipc/result.ts';
import { createChildProcessHost } from '../local-service/child-process-host.ts';
import { createKeychainBackend, type KeychainBackend } from '../secrets/keychain-backend.ts';
import { createSecretStore, type SecretStore } from '../secrets/secret-store.ts';
import { createProfileHandlers } from './profile-handlers.ts';
import { openProfileStore } from './profile-store.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// The connection test is covered on the real client in connection-resolver.test.ts; here a
// recording tester checks only that the handler passes the profile through.
async function setup(secrets?: SecretStore) {
  const dataDir = await mkdtemp(join(tmpdir(), 'profile-handlers-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const host = createChildProcessHost({ dataDir });
  cleanups.push(() => host.stop());
  const store = await openProfileStore(dataDir);
  const tested: string[] = [];
  const answer: ConnectionTest = { reachable: true, status: 200, durationMs: 3, error: null };
  const keys = secrets ?? createSecretStore(createKeychainBackend(`swap-explorer-test-${process.pid}-${Math.random().toString(36).slice(2)}`));
  const handlers = createProfileHandlers({ store, secrets: keys, localService: host, testConnection: async (id) => (tested.push(id), answer) });
  const save = (raw: unknown) => handlers['profiles.save'](profilesChannels['profiles.save'].input.parse(raw));
  return { handlers, save, store, host, secrets: keys, tested, dataDir };
}

describe('profiles handlers', () => {
  it('lists Local service first, with its running address and no key status', async () => {
    const { handlers, host } = await setup();
    const before = await handlers['profiles.list']();
    expect(before.notice).toBeNull();
    expect(before.profiles).toEqual([
      expect.objectContaining({ id: 'local', name: 'Local service', baseUrl: null, builtIn: true, key: null, trustSystemCertificates: false, rateBudgetRps: 5 }),
    ]);
    await host.start();
    expect((await handlers['profiles.list']()).profiles[0]?.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists profiles.json as it is now: an edit made outside the app shows, an invalid one is named in notice', async () => {
    const { handlers, save, dataDir } = await setup();
    await save({ name: 'Staging', baseUrl: 'https://staging.example.test' });
    const path = join(dataDir, 'profiles.json');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { profiles: object[] };
    const saved = onDisk.profiles[0];
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [{ ...saved, name: 'Staging EU' }] }));
    const edited = await handlers['profiles.list']();
    expect(edited.notice).toBeNull();
    expect(edited.profiles.map((p) => p.name)).toEqual(['Local service', 'Staging EU']);

    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [{ ...saved, baseUrl: 'http://plain.example.test' }] }));
    const invalid = await handlers['profiles.list']();
    expect(invalid.profiles.map((p) => p.name)).toEqual(['Local service', 'Staging EU']);
    expect(invalid.notice).toBe(
      `The profiles file ${path} was changed outside the app and cannot be read now (profiles.0.baseUrl must use https:// (http:// would send the API key in clear)). The profiles shown are those last read, and none can be changed until it can be read: mend the file, or restart the app to set it aside.`,
    );
  });

  it('saves a profile and lists it with its key status from the keychain', async () => {
    const { handlers, save, secrets } = await setup();
    const saved = await save({ name: 'Staging', baseUrl: 'https://staging.example.test' });
    expect(saved).toMatchObject({ name: 'Staging', builtIn: false, caPem: null, proxyUrl: null, key: { stored: false, backend: 'keychain', reason: null } });
    await secrets.set(saved.id, 'staging-key');
    cleanups.push(() => secrets.clear(saved.id));
    const listed = (await handlers['profiles.list']()).profiles;
    expect(listed.map((p) => p.id)).toEqual(['local', saved.id]);
    expect(listed[1]?.key).toEqual({ stored: true, backend: 'keychain', reason: null });
    expect(JSON.stringify(listed)).not.toContain('staging-key');
  });

  it('changes the Local service rate budget only through setRateBudget', async () => {
    const { handlers } = await setup();
    expect(profilesChannels['profiles.save'].input.safeParse({ id: 'local', name: 'x', baseUrl: 'https://a.test' }).success).toBe(false);
    expect(await handlers['profiles.setRateBudget']({ profileId: 'local', rateBudgetRps: 12 })).toMatchObject({ id: 'local', rateBudgetRps: 12, builtIn: true });
    await expect(handlers['profiles.delete']({ profileId: 'local' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('deletes a profile together with its key', async () => {
    const { handlers, save, secrets } = await setup();
    const saved = await save({ name: 'Old', baseUrl: 'https://old.example.test' });
    await secrets.set(saved.id, 'old-key');
    expect(await handlers['profiles.delete']({ profileId: saved.id })).toEqual({ deleted: true, warning: null });
    expect(await secrets.getKey(saved.id)).toBeNull();
    await expect(handlers['profiles.delete']({ profileId: saved.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes the profile but warns when a locked keychain keeps its key', async () => {
    // Locking is exercised for real in secret-store.test.ts; here only the handler's answer to it.
    const locked: KeychainBackend = {
      get: async () => 'still-there',
      set: async () => undefined,
      delete: async () => {
        throw new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed");
      },
    };
    const { handlers, save } = await setup(createSecretStore(locked));
    const saved = await save({ name: 'Kept', baseUrl: 'https://kept.example.test' });
    const answer = await handlers['profiles.delete']({ profileId: saved.id });
    expect(answer.deleted).toBe(true);
    expect(answer.warning).toMatch(/could not be removed: The keychain is locked/);
    expect((await handlers['profiles.list']()).profiles.map((p) => p.id)).toEqual(['local']);
  });

  it('deletes the profile but warns when the keychain cannot be reached to remove a key it may hold', async () => {
    // The key was stored in an earlier session; this one has no Secret Service.
    const held = new Map<string, string>();
    const unreachable: KeychainBackend = {
      get: async (account) => held.get(account) ?? null,
      set: async (account, secret) => void held.set(account, secret),
      delete: async () => {
        throw new Error('Platform secure storage failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files');
      },
    };
    const { handlers, save } = await setup(createSecretStore(unreachable));
    const saved = await save({ name: 'Old', baseUrl: 'https://old.example.test' });
    held.set(saved.id, 'old-key');
    const answer = await handlers['profiles.delete']({ profileId: saved.id });
    expect(answer.deleted).toBe(true);
    expect(answer.warning).toMatch(/^The profile was deleted but its API key could not be removed: No keychain is available .*; a key stored there in an earlier session may still be in it$/);
  });

  it("removes the key of a profile that left profiles.json first (edited by hand), still answering NOT_FOUND", async () => {
    const { handlers, save, secrets, dataDir } = await setup();
    const saved = await save({ name: 'Gone', baseUrl: 'https://gone.example.test' });
    await secrets.set(saved.id, 'gone-key');
    const path = join(dataDir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: { id: string }[] };
    await writeFile(path, JSON.stringify({ ...file, profiles: file.profiles.filter((profile) => profile.id !== saved.id) }));
    await expect(handlers['profiles.delete']({ profileId: saved.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await secrets.getKey(saved.id)).toBeNull();
  });

  it('keeps the proxy password profiles.json holds now, not the one last read, when an edit leaves it alone', async () => {
    const { save, dataDir } = await setup();
    const { id } = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice:OldPass1@proxy.example.test:3128' });
    // A script rotates the password in profiles.json while the app runs; then the profile is renamed,
    // its password left alone (the form never holds it).
    const path = join(dataDir, 'profiles.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('alice:OldPass1@', 'alice:NewPass2@'));
    await save({ id, name: 'Behind proxy EU', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice@proxy.example.test:3128', keepProxyPassword: true });
    const after = JSON.parse(await readFile(path, 'utf8')) as { profiles: { name: string; proxyUrl?: string }[] };
    expect(after.profiles.map((profile) => [profile.name, profile.proxyUrl])).toEqual([['Behind proxy EU', 'http://alice:NewPass2@proxy.example.test:3128']]);
  });

  it('keeps the proxy password another save wrote just before it, when two saves of a profile are in flight', async () => {
    const { save, dataDir } = await setup();
    const { id } = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice:OldPass1@proxy.example.test:3128' });
    // Two saves of one profile at once (two windows, or one Save pressed twice): the first types a new
    // password, the second renames it and leaves the password alone. Each writes on the file as the
    // one before it left it, so the rename keeps the new password.
    await Promise.all([
      save({ id, name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice:NewPass2@proxy.example.test:3128' }),
      save({ id, name: 'Behind proxy EU', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice@proxy.example.test:3128', keepProxyPassword: true }),
    ]);
    const after = JSON.parse(await readFile(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: { name: string; proxyUrl?: string }[] };
    expect(after.profiles.map((profile) => [profile.name, profile.proxyUrl])).toEqual([['Behind proxy EU', 'http://alice:NewPass2@proxy.example.test:3128']]);
  });

  it('tests a connection through the injected tester', async () => {
    const { handlers, tested } = await setup();
    expect(await handlers['profiles.test']({ profileId: 'local' })).toMatchObject({ reachable: true, status: 200 });
    expect(tested).toEqual(['local']);
  });

  it('refuses to update a profile that does not exist', async () => {
    const { save } = await setup();
    await expect(save({ id: 'missing', name: 'x', baseUrl: 'https://a.test' })).rejects.toBeInstanceOf(AppError);
  });
});

// A proxy's password is a secret like the key: it stays in main. The renderer gets the URL without it
// and hasProxyPassword, and an edit that leaves it alone asks for it to be kept (keepProxyPassword).
describe('the proxy password', () => {
  const PASSWORD = 'Pr0xy-S3cret';
  const stored = async (store: Awaited<ReturnType<typeof setup>>['store'], id: string) => store.get(id)?.proxyUrl;

  it('never reaches the renderer: list and save answer the URL without it', async () => {
    const { handlers, save } = await setup();
    const saved = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: `http://alice:${PASSWORD}@proxy.example.test:3128` });
    expect(saved).toMatchObject({ proxyUrl: 'http://alice@proxy.example.test:3128', hasProxyPassword: true });
    const listed = await handlers['profiles.list']();
    expect(listed.profiles[1]).toMatchObject({ proxyUrl: 'http://alice@proxy.example.test:3128', hasProxyPassword: true });
    expect(JSON.stringify([saved, listed])).not.toContain(PASSWORD);
    expect(listed.profiles[0]?.hasProxyPassword).toBe(false);
  });

  it('is kept by an edit that asks for it, for the same proxy', async () => {
    const { save, store } = await setup();
    const { id } = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: `http://alice:${PASSWORD}@proxy.example.test:3128` });
    const edited = await save({ id, name: 'Behind proxy EU', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice@proxy.example.test:3128', keepProxyPassword: true });
    expect(edited).toMatchObject({ name: 'Behind proxy EU', hasProxyPassword: true });
    expect(await stored(store, id)).toBe(`http://alice:${PASSWORD}@proxy.example.test:3128`);
  });

  it('is dropped by an edit that does not keep it, and replaced by one that types a new one', async () => {
    const { save, store } = await setup();
    const { id } = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: `http://alice:${PASSWORD}@proxy.example.test:3128` });
    await save({ id, name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice:n3w@proxy.example.test:3128', keepProxyPassword: true });
    expect(await stored(store, id)).toBe('http://alice:n3w@proxy.example.test:3128');
    const removed = await save({ id, name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: 'http://alice@proxy.example.test:3128' });
    expect(removed.hasProxyPassword).toBe(false);
    expect(await stored(store, id)).toBe('http://alice@proxy.example.test:3128');
  });

  it('is not sent to another proxy: keeping it with another host, port, scheme or user is refused on proxyPassword', async () => {
    const { save, store } = await setup();
    const { id } = await save({ name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: `http://alice:${PASSWORD}@proxy.example.test:3128` });
    for (const other of ['http://alice@elsewhere.example.test:3128', 'http://alice@proxy.example.test:8080', 'https://alice@proxy.example.test:3128', 'http://bob@proxy.example.test:3128']) {
      const refused = save({ id, name: 'Behind proxy', baseUrl: 'https://api.example.test', proxyUrl: other, keepProxyPassword: true });
      await expect(refused).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'proxyPassword', reason: expect.stringContaining('the proxy URL changed') }] });
    }
    expect(await stored(store, id)).toBe(`http://alice:${PASSWORD}@proxy.example.test:3128`);
  });
});
