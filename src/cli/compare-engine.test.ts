import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProfileStore } from '../core/profiles/profile-store.ts';
import { profileIdOf } from './compare-engine.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function storeWith(profiles: { id: string; name: string }[]) {
  const dir = await mkdtemp(join(tmpdir(), 'cli-profile-'));
  dirs.push(dir);
  await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: profiles.map((profile) => ({ ...profile, baseUrl: `https://${profile.id}.example.test` })) }));
  return openProfileStore(dir, { isReadOnly: true });
}

describe('--profile', () => {
  it('finds a profile by name in any letter case, by id, and the built-in one by its name or id', async () => {
    const store = await storeWith([{ id: 'p1', name: 'Staging' }]);
    expect([profileIdOf(store, 'STAGING'), profileIdOf(store, 'p1'), profileIdOf(store, 'local service'), profileIdOf(store, 'local'), profileIdOf(store, undefined)]).toEqual(['p1', 'p1', 'local', 'local', 'local']);
  });

  it('refuses a name that could mean two profiles, with a flag for each, rather than run on the built-in one', async () => {
    // A profile the user named "local": --profile local ran on the Local service and printed its price as theirs.
    const store = await storeWith([{ id: 'p1', name: 'local' }]);
    expect(() => profileIdOf(store, 'local')).toThrow(expect.objectContaining({
      code: 'INVALID_INPUT',
      message: '--profile "local" could mean more than one profile: "Local service" (--profile "Local service"), "local" (--profile p1); give the one meant',
    }));
    expect([profileIdOf(store, 'p1'), profileIdOf(store, 'Local service')]).toEqual(['p1', 'local']);
  });

  it('refuses two names an older file kept that differ only in case, and takes an id typed exactly over a name', async () => {
    const store = await storeWith([{ id: 'p1', name: 'Staging' }, { id: 'p2', name: 'staging' }, { id: 'p3', name: 'p1' }]);
    expect(() => profileIdOf(store, 'Staging')).toThrow('--profile "Staging" could mean more than one profile: "Staging" (--profile p1), "staging" (--profile p2); give the one meant');
    expect([profileIdOf(store, 'p1'), profileIdOf(store, 'p2'), profileIdOf(store, 'P1')]).toEqual(['p1', 'p2', 'p3']);
  });
});
