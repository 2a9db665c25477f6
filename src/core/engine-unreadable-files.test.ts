import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from './dispatch.ts';
import { createEngine, type Engine } from './engine.ts';
import { noSessionBusKeychain } from './secrets/test-support/no-session-bus.ts';

// The engine as the app and the e2e harness build it, on a data dir whose profiles and saved
// requests cannot be read at all. The tests run as root, where a file without read permission is
// read all the same: a folder where the file should be (a restore or sync gone wrong) stands in.

let dataDir: string;
let engine: Engine | null = null;
const bugs: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'engine-unreadable-'));
  bugs.length = 0;
});
afterEach(async () => {
  await engine?.close();
  engine = null;
  await rm(dataDir, { recursive: true, force: true });
});

function call(channel: string, input?: unknown) {
  return dispatch(engine!.handlers, channel, input, (where, error) => bugs.push(`${where}: ${String(error)}`));
}

describe('an engine whose profiles and saved requests cannot be read', () => {
  it('starts, says which file could not be read and why, and refuses to save over it', async () => {
    await mkdir(join(dataDir, 'profiles.json'));
    await mkdir(join(dataDir, 'saved-requests.json'));
    engine = await createEngine({
      identity: { name: 'swap-explorer', version: '0.0.0-test', versions: {}, platform: process.platform, dataDir },
      dataDir,
      keychain: noSessionBusKeychain(),
    });
    const profiles = await call('profiles.list');
    expect(profiles).toMatchObject({ ok: true, value: { profiles: [{ id: 'local' }] } });
    const profilesNotice = `The profiles file ${join(dataDir, 'profiles.json')} could not be read (it is a folder). It was left as it is and the app started with no saved profiles; none can be saved until the file can be read.`;
    expect((profiles as { value: { notice: string } }).value.notice).toBe(profilesNotice);
    const saved = await call('profiles.save', { name: 'Staging', baseUrl: 'https://staging.example.test', trustSystemCertificates: true, rateBudgetRps: 5 });
    expect(saved).toEqual({ ok: false, error: { code: 'STORAGE', message: `The profiles were not changed: ${profilesNotice}` } });

    const requests = await call('savedRequests.list', { profileId: 'local' });
    const requestsNotice = `The saved requests file ${join(dataDir, 'saved-requests.json')} could not be read (it is a folder). It was left as it is and the app started with no saved requests; none can be saved until the file can be read.`;
    expect(requests).toEqual({ ok: true, value: { requests: [], notice: requestsNotice } });
    expect(await call('savedRequests.save', { profileId: 'local', name: 'Chains', endpoint: 'swap.chains', params: {} })).toEqual({ ok: false, error: { code: 'STORAGE', message: `The request was not saved: ${requestsNotice}` } });

    expect((await stat(join(dataDir, 'profiles.json'))).isDirectory()).toBe(true);
    expect((await readdir(dataDir)).filter((name) => name.includes('.invalid-'))).toEqual([]);
    expect(bugs).toEqual([]);
  });
});
