import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeychainBackend } from './keychain-backend.ts';
import { createSecretStore } from './secret-store.ts';

// Real keychain: the suite runs inside dbus-run-session with an unlocked gnome-keyring (CI and
// ENVIRONMENT.md). A per-test service name keeps runs from meeting each other's entries.
const run = promisify(execFile);
const PROBE = fileURLToPath(new URL('./test-probe.ts', import.meta.url));
const service = () => `swap-explorer-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
const homes: string[] = [];

afterEach(async () => {
  await Promise.all(homes.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'secrets-home-'));
  homes.push(home);
  return home;
}

describe('secret store on the real keychain', () => {
  it('keeps a key in the keychain, reads it back internally and clears it', async () => {
    const name = service();
    const store = createSecretStore(createKeychainBackend(name));
    expect(await store.status('p1')).toEqual({ stored: false, backend: 'keychain', reason: null });
    expect(await store.set('p1', 'key-abc')).toEqual({ stored: true, backend: 'keychain', reason: null });
    expect(await store.status('p1')).toEqual({ stored: true, backend: 'keychain', reason: null });
    expect(await store.getKey('p1')).toBe('key-abc');
    // A second store (the next run of the app) finds it: it is in the keychain, not in memory.
    expect(await createSecretStore(createKeychainBackend(name)).getKey('p1')).toBe('key-abc');
    expect(await store.clear('p1')).toEqual({ stored: false, backend: 'keychain', reason: null });
    expect(await store.getKey('p1')).toBeNull();
    expect(await createKeychainBackend(name).get('p1')).toBeNull();
  });

  it('keeps keys of different profiles apart', async () => {
    const store = createSecretStore(createKeychainBackend(service()));
    await store.set('a', 'key-a');
    await store.set('b', 'key-b');
    await store.clear('a');
    expect(await store.getKey('a')).toBeNull();
    expect(await store.getKey('b')).toBe('key-b');
    await store.clear('b');
  });
});

describe('secret store without a keychain', () => {
  it('keeps the key in memory for the run, says why, and writes nothing to disk (no session bus)', async () => {
    const home = await freshHome();
    const { stdout } = await run(process.execPath, [PROBE, service(), 'use'], {
      env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    });
    const out = JSON.parse(stdout) as Record<string, { value?: unknown; code?: string }>;
    expect(out.statusBefore?.value).toMatchObject({ stored: false, backend: 'memory' });
    expect(out.getSeeded?.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(out.set?.value).toMatchObject({ stored: true, backend: 'memory', reason: expect.stringMatching(/No keychain is available.*memory for this run only/) });
    expect(out.status?.value).toMatchObject({ stored: true, backend: 'memory' });
    expect(out.getKeyMatches?.value).toBe(true);
    expect(out.clear?.value).toMatchObject({ stored: false, backend: 'memory' });
    expect(out.statusAfterClear?.value).toMatchObject({ stored: false, backend: 'memory' });
    expect(await readdir(home)).toEqual([]);
  });
});

describe('secret store on a locked keychain', () => {
  // Its own session bus and gnome-keyring, locked over D-Bus as a screen lock would: locking the
  // suite's shared keyring would break the other keychain tests running beside this one.
  it('keeps a new key in memory, refuses to read or clear the locked one, and says it is locked', async () => {
    const home = await freshHome();
    const name = service();
    const script = [
      'mkdir -p "$HOME/.local/share/keyrings"',
      'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
      `"$NODE" "$PROBE" "$NAME" seed >/dev/null`,
      'dbus-send --session --dest=org.freedesktop.secrets --print-reply /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null',
      `exec "$NODE" "$PROBE" "$NAME" use`,
    ].join(' && ');
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, NODE: process.execPath, PROBE, NAME: name, DISPLAY: '', WAYLAND_DISPLAY: '' };
    const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', script], { env });
    const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, { value?: unknown; code?: string; message?: string }>;
    expect(out.getSeeded?.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(out.getSeeded?.message).toMatch(/locked/);
    expect(out.set?.value).toMatchObject({ stored: true, backend: 'memory', reason: expect.stringMatching(/locked/) });
    expect(out.getKeyMatches?.value).toBe(true);
    expect(out.clearSeeded?.code).toBe('KEYCHAIN_UNAVAILABLE');
  });
});
