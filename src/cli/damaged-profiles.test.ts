import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';

// profiles.json as a user left it after editing it by hand: the rate budget typed as a word.
const HAND_EDITED = `${JSON.stringify({
  version: 1,
  profiles: [{ id: 'p1', name: 'Staging', baseUrl: 'https://staging.example', headerNames: { apiKey: 'x-partner-token', version: 'svc-version' }, version: 'v2', trustSystemCertificates: true, rateBudgetRps: 'fast' }],
}, null, 2)}\n`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-damaged-profiles-'));
  await writeFile(join(dir, 'profiles.json'), HAND_EDITED);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a profiles file the CLI cannot read', () => {
  it('is left where it is, and a command on the Local service says so on stderr, naming the field and the reason', async () => {
    const ran = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
    expect(ran.stderr).toContain(`swap-explorer price: the profiles file ${join(dir, 'profiles.json')} could not be read (profiles.0.rateBudgetRps must be number); it was left as it is, for the app to set aside and say so when it starts. This command runs on the Local service with its default rate budget.\n`);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe(HAND_EDITED);
    expect((await readdir(dir)).filter((name) => name.startsWith('profiles.invalid-'))).toEqual([]);
  });

  it('refuses --profile with the reason the file could not be read, rather than call the profile unknown', async () => {
    const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chains', '1', '--profile', 'Staging', '--data-dir', dir]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe(`swap-explorer compare: --profile "Staging" cannot be used: the profiles file ${join(dir, 'profiles.json')} could not be read (profiles.0.rateBudgetRps must be number); it was left as it is, for the app to set aside and say so when it starts.\n`);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe(HAND_EDITED);
  });
});
