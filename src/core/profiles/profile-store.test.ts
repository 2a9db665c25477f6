import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileInputSchema, profilesChannels } from '../../ipc/channels/profiles.ts';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { toFieldErrors } from '../../spec/index.ts';
import { openProfileStore } from './profile-store.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'profiles-'));
  dirs.push(dir);
  return dir;
}

const input = (fields: Record<string, unknown> = {}) => ProfileInputSchema.parse({ name: 'Staging', baseUrl: 'https://api.example.test/', ...fields });

function fieldErrorsOf(raw: unknown) {
  const parsed = profilesChannels['profiles.save'].input.safeParse(raw);
  return parsed.success ? [] : toFieldErrors(parsed.error, raw);
}

describe('profile schema', () => {
  it('refuses an http:// base URL on baseUrl, saying why', () => {
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'http://api.example.test' })).toEqual([{ field: 'baseUrl', reason: 'must use https:// (http:// would send the API key in clear)' }]);
  });

  it('refuses a profile that trusts no certificate (system certificates off, no CA) on caPem, and loads one a file saved before', async () => {
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://a.test', trustSystemCertificates: false })).toEqual([{ field: 'caPem', reason: "is needed when the system's certificates are not trusted" }]);
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://exa mple.test', trustSystemCertificates: false }).map((error) => error.field)).toEqual(['baseUrl', 'caPem']);
    const dir = await tempDir();
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [{ id: 'a', name: 'Old', baseUrl: 'https://a.test', trustSystemCertificates: false }] }));
    expect((await openProfileStore(dir)).list().map((p) => p.name)).toEqual(['Old']);
  });

  it('fills the spec defaults and drops the trailing slash', () => {
    expect(input()).toEqual({
      name: 'Staging',
      baseUrl: 'https://api.example.test',
      headerNames: { apiKey: 'svc-api-key', version: 'svc-version' },
      version: 'v2',
      trustSystemCertificates: true,
      rateBudgetRps: 5,
    });
  });

  it('refuses a rate budget outside 0.1..100, a non-PEM certificate, a socks proxy and the id "local"', () => {
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://a.test', rateBudgetRps: 0.05 })).toEqual([{ field: 'rateBudgetRps', reason: 'must be at least 0.1' }]);
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://a.test', rateBudgetRps: 101 })).toEqual([{ field: 'rateBudgetRps', reason: 'must be at most 100' }]);
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://a.test', caPem: 'hello' })[0]?.field).toBe('caPem');
    expect(fieldErrorsOf({ name: 'x', baseUrl: 'https://a.test', proxyUrl: 'socks5://p.test:1080' })).toEqual([{ field: 'proxyUrl', reason: 'must be an http:// or https:// URL' }]);
    expect(fieldErrorsOf({ id: 'local', name: 'x', baseUrl: 'https://a.test' })[0]?.field).toBe('id');
  });
});

describe('profile store', () => {
  it('creates a profile with a generated id and finds it again after reopening', async () => {
    const dir = join(await tempDir(), 'fresh');
    const store = await openProfileStore(dir);
    const saved = await store.save(input());
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    const reopened = await openProfileStore(dir);
    expect(reopened.notice).toBeNull();
    expect(reopened.list()).toEqual([saved]);
    expect((await stat(join(dir, 'profiles.json'))).mode & 0o777).toBe(0o600);
    // No temp file is left behind by the atomic write.
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('updates an existing profile in place and refuses an unknown id', async () => {
    const store = await openProfileStore(await tempDir());
    const first = await store.save(input());
    const second = await store.save(input({ name: 'Prod' }));
    const updated = await store.save(input({ id: first.id, name: 'Staging 2', rateBudgetRps: 2 }));
    expect(store.list().map((p) => [p.id, p.name, p.rateBudgetRps])).toEqual([
      [first.id, 'Staging 2', 2],
      [second.id, 'Prod', 5],
    ]);
    expect(updated.name).toBe('Staging 2');
    await expect(store.save(input({ id: 'nope' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a name the built-in Local service or another profile has, ignoring case, and keeps the file as it was', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const staging = await store.save(input());
    const before = await readFile(join(dir, 'profiles.json'), 'utf8');
    await expect(store.save(input({ name: 'Local service' }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ field: 'name', reason: "is the built-in profile's name" }],
    });
    await expect(store.save(input({ name: 'local SERVICE' }))).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'name' }] });
    await expect(store.save(input({ name: 'STAGING' }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ field: 'name', reason: "is already another profile's name" }],
    });
    const prod = await store.save(input({ name: 'Prod' }));
    await expect(store.save(input({ id: prod.id, name: 'staging' }))).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'name' }] });
    // A profile keeps its own name on an edit.
    await store.save(input({ id: staging.id, name: 'Staging', rateBudgetRps: 2 }));
    const reopened = await openProfileStore(dir);
    expect(reopened.list().map((p) => [p.name, p.rateBudgetRps])).toEqual([
      ['Staging', 2],
      ['Prod', 5],
    ]);
    expect(before).not.toContain('Local service');
  });

  it('keeps a valid CA certificate and refuses PEM that is not a certificate', async () => {
    const dir = await tempDir();
    const cert = await loadOrCreateCertificate(join(dir, 'cert'));
    const store = await openProfileStore(dir);
    expect((await store.save(input({ name: 'Pinned', caPem: cert.certPem }))).caPem).toBe(cert.certPem);
    const fake = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    await expect(store.save(input({ caPem: fake }))).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'caPem', reason: 'is not a valid certificate' }] });
  });

  it('deletes a profile and keeps the Local service rate budget across reopening', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const saved = await store.save(input());
    expect(store.localRateBudget()).toBe(5);
    await store.setRateBudget('local', 20);
    await store.setRateBudget(saved.id, 0.5);
    await expect(store.setRateBudget('nope', 1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const reopened = await openProfileStore(dir);
    expect(reopened.localRateBudget()).toBe(20);
    expect(reopened.get(saved.id)?.rateBudgetRps).toBe(0.5);
    expect(await reopened.delete(saved.id)).toBe(true);
    expect(await reopened.delete(saved.id)).toBe(false);
    expect((await openProfileStore(dir)).list()).toEqual([]);
  });

  it('moves a malformed file aside, starts empty and says where the file went', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'profiles.json'), '{"version":1,"profiles":[{"id":"a","name":"x","baseUrl":"http://plain.test"}]}');
    const store = await openProfileStore(dir, { now: () => new Date('2026-01-02T03:04:05.678Z') });
    const aside = join(dir, 'profiles.invalid-2026-01-02T03-04-05-678Z.json');
    expect(store.list()).toEqual([]);
    expect(store.notice).toContain(aside);
    expect(store.notice).toContain('profiles.0.baseUrl');
    expect(await readFile(aside, 'utf8')).toContain('http://plain.test');
    expect(await readdir(dir)).toEqual(['profiles.invalid-2026-01-02T03-04-05-678Z.json']);
  });

  it('loads a file saved before the stricter input rules, and saves edits of its profiles', async () => {
    // Earlier versions saved a space in a path, a ~ in a host, a user profile named "Local service"
    // and two names differing only in case. One refused profile would set the whole file aside.
    const dir = await tempDir();
    const old = [
      { id: 'a', name: 'Spaced', baseUrl: 'https://gw.example.test/my api' },
      { id: 'b', name: 'Local service', baseUrl: 'https://my~host.example.test' },
      { id: 'c', name: 'Staging', baseUrl: 'https://staging.example.test' },
      { id: 'd', name: 'staging', baseUrl: 'https://staging2.example.test' },
    ];
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: old }));
    const store = await openProfileStore(dir);
    expect(store.notice).toBeNull();
    expect(store.list().map((p) => [p.id, p.name, p.baseUrl])).toEqual(old.map((p) => [p.id, p.name, p.baseUrl]));
    expect(await readdir(dir)).toEqual(['profiles.json']);
    // Each keeps its name through an edit that fixes its base URL; taking another's name is still refused.
    for (const { id, name } of old) await store.save(input({ id, name, baseUrl: `https://${id}.example.test` }));
    expect((await openProfileStore(dir)).list().map((p) => [p.name, p.baseUrl])).toEqual(old.map((p) => [p.name, `https://${p.id}.example.test`]));
    await expect(store.save(input({ id: 'a', name: 'STAGING' }))).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'name', reason: "is already another profile's name" }] });
  });

  it('read-only, leaves a file it cannot read in place and never writes over it', async () => {
    const dir = await tempDir();
    const text = '{"version":1,"profiles":[{"id":"a","name":"x","baseUrl":"http://plain.test"}]}';
    await writeFile(join(dir, 'profiles.json'), text);
    const store = await openProfileStore(dir, { isReadOnly: true });
    expect(store.notice).toMatch(/^the profiles file .*profiles\.json could not be read \(profiles\.0\.baseUrl .+\); it was left as it is/);
    await expect(store.save(input())).rejects.toMatchObject({ code: 'STORAGE' });
    await expect(store.setRateBudget('local', 2)).rejects.toMatchObject({ code: 'STORAGE' });
    expect(await readdir(dir)).toEqual(['profiles.json']);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe(text);
  });

  it('takes a file left in place at start once it reads again, saying so, and never writes over it before', async () => {
    const dir = await tempDir();
    const path = join(dir, 'profiles.json');
    // A folder where the file should be: it cannot be read, so it is left as it is.
    await mkdir(path);
    const store = await openProfileStore(dir);
    expect(store.notice).toMatch(/could not be read \(it is a folder\)\. It was left as it is/);
    expect(await store.refresh()).toBeNull();
    await expect(store.save(input({ name: 'Lost' }))).rejects.toMatchObject({ code: 'STORAGE' });
    expect((await stat(path)).isDirectory()).toBe(true);

    // The user mends it: the file holds their profiles again.
    await rm(path, { recursive: true });
    const mended = { version: 1, profiles: [{ id: 'mine', name: 'Mine', baseUrl: 'https://mine.example.test' }] };
    await writeFile(path, JSON.stringify(mended));
    expect(await store.refresh()).toBeNull();
    expect(store.list().map((p) => p.name)).toEqual(['Mine']);
    expect(store.notice).toBe(`The profiles file ${path}, which could not be read when the app started, can be read now: it was taken as it is (1 profile), and profiles can be saved again.`);
    await store.save(input({ name: 'Added' }));
    expect((await openProfileStore(dir)).list().map((p) => p.name)).toEqual(['Mine', 'Added']);
  });

  it('keeps a profile added to the file by hand while the app runs, when the app saves another', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const first = await store.save(input({ name: 'First' }));
    const path = join(dir, 'profiles.json');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { profiles: object[] };
    const byHand = { ...first, id: 'by-hand', name: 'By hand', baseUrl: 'https://by-hand.example.test' };
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [...onDisk.profiles, byHand] }));
    // Its name is taken now: the check is made against the file as it is.
    await expect(store.save(input({ name: 'by HAND' }))).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'name', reason: "is already another profile's name" }] });
    await store.save(input({ name: 'Third' }));
    expect((await openProfileStore(dir)).list().map((p) => p.name)).toEqual(['First', 'By hand', 'Third']);
    expect(store.list().map((p) => p.name)).toEqual(['First', 'By hand', 'Third']);
  });

  it('refuses to save over a file damaged while the app runs, naming the field and the reason, and leaves it as it is', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const first = await store.save(input({ name: 'First' }));
    const path = join(dir, 'profiles.json');
    const damaged = (await readFile(path, 'utf8')).replace('"rateBudgetRps": 5', '"rateBudgetRps": "5 per second"');
    await writeFile(path, damaged);
    const refusal = {
      code: 'STORAGE',
      message: `The profiles were not changed: the profiles file ${path} was changed outside the app and cannot be read now (profiles.0.rateBudgetRps must be number). Mend it, or restart the app to set it aside.`,
      details: [{ field: 'profiles.0.rateBudgetRps', reason: 'must be number' }],
    };
    await expect(store.save(input({ name: 'Second' }))).rejects.toMatchObject(refusal);
    await expect(store.delete(first.id)).rejects.toMatchObject(refusal);
    expect(await readFile(path, 'utf8')).toBe(damaged);
    expect(store.list().map((p) => p.name)).toEqual(['First']);
    await writeFile(path, damaged.replace('"5 per second"', '7'));
    expect((await store.save(input({ name: 'Second' }))).name).toBe('Second');
    expect((await openProfileStore(dir)).list().map((p) => [p.name, p.rateBudgetRps])).toEqual([['First', 7], ['Second', 5]]);
  });

  it('refresh takes a valid edit made by hand while the app runs, and names an invalid one while keeping the profiles last read', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const first = await store.save(input({ name: 'First' }));
    const path = join(dir, 'profiles.json');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { profiles: object[] };
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [...onDisk.profiles, { id: 'by-hand', name: 'By hand', baseUrl: 'https://by-hand.example.test' }] }));
    expect(await store.refresh()).toBeNull();
    expect(store.list().map((p) => p.name)).toEqual(['First', 'By hand']);
    expect(store.get('by-hand')?.baseUrl).toBe('https://by-hand.example.test');

    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [{ ...first, rateBudgetRps: 0 }] }));
    expect(await store.refresh()).toEqual({
      reason: `the profiles file ${path} was changed outside the app and cannot be read now (profiles.0.rateBudgetRps must be at least 0.1)`,
      details: [{ field: 'profiles.0.rateBudgetRps', reason: 'must be at least 0.1' }],
    });
    expect(store.list().map((p) => p.name)).toEqual(['First', 'By hand']);
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('names the profile whose id a hand edit repeated (a profile copied to make another), and the one it repeats', async () => {
    const dir = await tempDir();
    const store = await openProfileStore(dir);
    const first = await store.save(input({ name: 'Production' }));
    await store.save(input({ name: 'Staging', baseUrl: 'https://staging.example.test' }));
    const path = join(dir, 'profiles.json');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { profiles: object[] };
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [...onDisk.profiles, { ...first, name: 'Production EU', baseUrl: 'https://eu.example.test' }] }));
    expect(await store.refresh()).toEqual({
      reason: `the profiles file ${path} was changed outside the app and cannot be read now (profiles.2.id repeats the id of profiles.0 (Production); each profile needs an id of its own)`,
      details: [{ field: 'profiles.2.id', reason: 'repeats the id of profiles.0 (Production); each profile needs an id of its own' }],
    });
    expect(store.list().map((p) => p.name)).toEqual(['Production', 'Staging']);
    await writeFile(path, JSON.stringify({ ...onDisk, profiles: [...onDisk.profiles, { ...first, id: 'local', name: 'Local copy' }] }));
    expect((await store.refresh())?.details).toEqual([{ field: 'profiles.2.id', reason: "is the built-in Local service profile's id; a profile of yours needs another" }]);
  });

  it('loads a file saved by hand with a UTF-8 byte order mark (Windows Notepad), and keeps it through a save', async () => {
    const dir = await tempDir();
    const path = join(dir, 'profiles.json');
    await writeFile(path, `\uFEFF${JSON.stringify({ version: 1, profiles: [{ id: 'a', name: 'Edited in Notepad', baseUrl: 'https://a.example.test' }] })}`);
    const store = await openProfileStore(dir);
    expect(store.notice).toBeNull();
    expect(store.list().map((p) => p.name)).toEqual(['Edited in Notepad']);
    await writeFile(path, `\uFEFF${JSON.stringify({ version: 1, profiles: [{ id: 'a', name: 'Edited again', baseUrl: 'https://a.example.test' }] })}`);
    await store.save(input({ name: 'Second' }));
    expect((await openProfileStore(dir)).list().map((p) => p.name)).toEqual(['Edited again', 'Second']);
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('moves aside a file that is not JSON', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'profiles.json'), '{"version":1,"prof');
    const store = await openProfileStore(dir);
    expect(store.notice).toMatch(/not JSON/);
    expect((await readdir(dir)).filter((name) => name.startsWith('profiles.invalid-'))).toHaveLength(1);
  });

  it('reports a directory it cannot write as STORAGE and keeps the profiles it had', async () => {
    const dir = join(await tempDir(), 'data');
    const store = await openProfileStore(dir);
    // The data dir turns into a file under the app's feet: nothing can be written there.
    await writeFile(dir, 'not a directory');
    await expect(store.save(input())).rejects.toMatchObject({ code: 'STORAGE' });
    expect(store.list()).toEqual([]);
  });
});
