import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { createSecretStore } from '../core/secrets/index.ts';
import { spawnCli } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// Real keychain: the suite runs inside dbus-run-session with an unlocked gnome-keyring (CI and
// README), as secret-store.test.ts does. The commands run as a user runs them, in a process of
// their own: libdbus keeps one session per process, so "no keychain" needs a process of its own.

// An entry kept by a version before echoes were redacted on insert: its key header already says
// REDACTED, but the service's error and a response header repeat the key of its profile.
const PROFILE_ID = `echo-test-${randomBytes(4).toString('hex')}`;
const KEY = `k3yOfTheProfile${randomBytes(8).toString('hex')}`;
const ZID = `0x${randomBytes(12).toString('hex')}`;
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

let dir: string;
const secrets = createSecretStore();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-echoed-keys-'));
  const body = { name: 'UNAUTHORIZED', message: `key ${KEY} has no access to this chain`, data: { zid: ZID } };
  const history = HistoryStore.open(historyFileIn(dir));
  history.insert(
    sampleEntry({
      zid: ZID,
      profileId: PROFILE_ID,
      profileName: 'Staging',
      status: 401,
      errorName: 'UNAUTHORIZED',
      requestHeaders: { 'svc-api-key': 'REDACTED', 'svc-version': 'v2' },
      responseHeaders: { 'content-type': 'application/json', 'x-key-echo': KEY },
      bodyText: JSON.stringify(body),
      body,
    }),
  );
  history.close();
});
afterAll(async () => {
  await secrets.clear(PROFILE_ID).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** explain (text and JSON) and history export (HAR on stdout, JSON to a file) of the entry: all they wrote. */
async function everythingPrinted(env: Record<string, string>): Promise<{ outputs: string[]; stderr: string[] }> {
  const out = join(dir, `export-${randomBytes(4).toString('hex')}.json`);
  const runs = [
    await spawnCli(['explain', ZID, '--data-dir', dir], env),
    await spawnCli(['explain', ZID, '--format', 'json', '--data-dir', dir], env),
    await spawnCli(['history', 'export', '--zid', ZID, '--data-dir', dir], env),
    await spawnCli(['history', 'export', '--zid', ZID, '--format', 'json', '--out', out, '--data-dir', dir], env),
  ];
  // explain exits 1 (the answer is an error), export 0: the redaction changes neither.
  expect(runs.map((ran) => ran.code)).toEqual([1, 1, 0, 0]);
  return { outputs: [...runs.map((ran) => ran.stdout), await readFile(out, 'utf8')], stderr: runs.map((ran) => ran.stderr) };
}

describe('explain and history export of an entry kept before echoes were redacted', () => {
  it("print no key the keychain holds for the entry's profile, and show where it was", async () => {
    const stored = await secrets.set(PROFILE_ID, KEY);
    expect(stored.backend, 'a keychain to test with (run inside dbus-run-session)').toBe('keychain');
    const { outputs, stderr } = await everythingPrinted({ SVC_API_KEY: '' });
    for (const text of [...outputs, ...stderr]) expect(text).not.toContain(KEY);
    expect(outputs[0]).toContain('message: key REDACTED has no access to this chain');
    for (const exported of [outputs[2]!, outputs[4]!]) expect(exported).toContain('REDACTED has no access');
    expect(stderr.slice(0, 3)).toEqual(['', '', '']);
  });

  it('print no SVC_API_KEY where the keychain cannot be read, and say so in one line', async () => {
    const { outputs, stderr } = await everythingPrinted({ ...NO_KEYCHAIN, SVC_API_KEY: KEY });
    for (const text of [...outputs, ...stderr]) expect(text).not.toContain(KEY);
    for (const text of stderr.slice(0, 3)) expect(text).toMatch(/^swap-explorer (explain|history export): the keychain cannot be read \([^\n]+\); [^\n]+ only if SVC_API_KEY holds it\n$/);
  });

  it('still explain the entry where neither the keychain nor SVC_API_KEY can name the key', async () => {
    const ran = await spawnCli(['explain', ZID, '--data-dir', dir], { ...NO_KEYCHAIN, SVC_API_KEY: '' });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('Answer: error UNAUTHORIZED');
    expect(ran.stderr).toMatch(/^swap-explorer explain: the keychain cannot be read \([^\n]+\)[^\n]+\n$/);
  });
});
