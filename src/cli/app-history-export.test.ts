import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { openProfileStore } from '../core/profiles/profile-store.ts';
import { HarSchema } from '../domain/har-schema.ts';
import { ProfileInputSchema } from '../ipc/channels/profiles.ts';
import type { NewHistoryEntry } from '../ipc/schemas/history-entry.ts';
import { spawnCliAsUser, type Ran } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// A support engineer exports two zids, one run in the CLI and one only in the desktop app: real CLI
// processes, with the CLI's folder at <home>/.swap-explorer and the app's at <xdg>/swap-explorer, as
// app-history-lookup.test.ts sets them.

const APP_ZID = '0x5ca1ab1e00000000000a9901';
const CLI_ZID = '0x5ca1ab1e00000000000c1101';
const PARTNER_KEY = 'partnerKeyV4lue0042';

let home: string;
let xdg: string;
let cliDb: string;
let appDir: string;
let appDb: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'cli-app-export-home-'));
  xdg = mkdtempSync(join(tmpdir(), 'cli-app-export-xdg-'));
  cliDb = historyFileIn(join(home, '.swap-explorer'));
  appDir = join(xdg, 'swap-explorer');
  appDb = historyFileIn(appDir);
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(xdg, { recursive: true, force: true });
});

function historyWith(path: string, ...entries: Partial<NewHistoryEntry>[]): void {
  const store = HistoryStore.open(path);
  for (const entry of entries) store.insert(sampleEntry(entry));
  store.close();
}

function cli(args: string[]): Promise<Ran> {
  return spawnCliAsUser(args, { home, xdg });
}

// The app's profile renames its key header: only the app's profiles.json says so, so the app's
// entries must be redacted with the app's profiles, not the CLI's.
async function appProfileWithRenamedKeyHeader(): Promise<void> {
  const profiles = await openProfileStore(appDir);
  await profiles.save(ProfileInputSchema.parse({ name: 'Partner', baseUrl: 'https://partner.example.test', headerNames: { apiKey: 'x-partner-token', version: 'svc-version' } }));
}

describe('history export from every history', () => {
  it("exports zids from the CLI's and the app's histories, naming each file on stderr, key redacted with each one's profiles", async () => {
    historyWith(cliDb, { zid: CLI_ZID });
    await appProfileWithRenamedKeyHeader();
    historyWith(appDb, { zid: APP_ZID, origin: 'imported', profileId: 'imported', profileName: 'Imported: partner.har', requestHeaders: { 'x-partner-token': PARTNER_KEY } });
    const appBefore = readFileSync(appDb);

    const har = await cli(['history', 'export', '--zid', CLI_ZID, '--zid', APP_ZID]);
    expect(har.code, har.stderr).toBe(0);
    const parsed = HarSchema.parse(JSON.parse(har.stdout));
    expect(parsed.log.entries.map((entry) => (entry as { _zid?: string })._zid)).toEqual([CLI_ZID, APP_ZID]);
    expect(har.stdout).toContain('x-partner-token');
    expect(har.stdout).not.toContain(PARTNER_KEY);
    expect(har.stderr).toContain(`1 entry from the CLI's history at ${cliDb}: ${CLI_ZID}`);
    expect(har.stderr).toContain(`1 entry from the desktop app's history at ${appDb}: ${APP_ZID}`);

    const json = await cli(['history', 'export', '--zid', CLI_ZID, '--zid', APP_ZID, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const file = JSON.parse(json.stdout) as { format: string; entries: { zid: string; requestHeaders: Record<string, string> }[] };
    expect(file.format).toBe('swap-explorer.history');
    expect(file.entries.map((entry) => entry.zid)).toEqual([CLI_ZID, APP_ZID]);
    expect(file.entries[0]!.requestHeaders['svc-api-key']).toBe('REDACTED');
    expect(json.stdout).not.toContain(PARTNER_KEY);

    expect(readFileSync(appDb).equals(appBefore)).toBe(true);
  });

  it('exports a zid both histories hold from each, once per history, each said with its file', async () => {
    historyWith(cliDb, { zid: APP_ZID });
    historyWith(appDb, { zid: APP_ZID });
    // The zid twice, and a prefix of it: each history's entry is still exported once.
    const ran = await cli(['history', 'export', '--zid', APP_ZID, '--zid', APP_ZID.slice(0, 12), '--format', 'json']);
    expect(ran.code, ran.stderr).toBe(0);
    const file = JSON.parse(ran.stdout) as { entries: { zid: string }[] };
    expect(file.entries.map((entry) => entry.zid)).toEqual([APP_ZID, APP_ZID]);
    expect(ran.stderr).toContain(`1 entry from the CLI's history at ${cliDb}: ${APP_ZID}`);
    expect(ran.stderr).toContain(`1 entry from the desktop app's history at ${appDb}: ${APP_ZID}`);
  });

  it('names the first ten zids of a prefix matching many entries in one history, and counts the rest', async () => {
    historyWith(cliDb, ...Array.from({ length: 12 }, (_, index) => ({ zid: `0x5ca1ab1e0000000000000b${index.toString(16).padStart(2, '0')}` })));
    historyWith(appDb, { zid: APP_ZID });
    const ran = await cli(['history', 'export', '--zid', '0x5ca1ab1e00', '--format', 'json']);
    expect(ran.code, ran.stderr).toBe(0);
    expect((JSON.parse(ran.stdout) as { entries: unknown[] }).entries).toHaveLength(13);
    const line = ran.stderr.split('\n').find((text) => text.includes(`12 entries from the CLI's history at ${cliDb}: `));
    expect(line, ran.stderr).toMatch(/, … and 2 more$/);
    expect(line!.match(/0x5ca1ab1e0000000000000b/g)).toHaveLength(10);
  });

  it('says a zid found in neither history while exporting the ones found', async () => {
    historyWith(cliDb, { zid: CLI_ZID });
    historyWith(appDb, { zid: APP_ZID });
    const ran = await cli(['history', 'export', '--zid', CLI_ZID, '--zid', '0xdeadbeef0000']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(HarSchema.parse(JSON.parse(ran.stdout)).log.entries).toHaveLength(1);
    expect(ran.stderr).toContain(`0xdeadbeef0000 is not in this export: no entry matching it is in the CLI's history at ${cliDb}, nor in the desktop app's history at ${appDb}.`);
    const named = await cli(['history', 'export', '--zid', CLI_ZID, '--zid', '0xdeadbeef0000', '--data-dir', join(home, '.swap-explorer')]);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toContain(`0xdeadbeef0000 is not in this export: no entry matching it is in the history at ${join(home, '.swap-explorer')}.`);
  });
});
