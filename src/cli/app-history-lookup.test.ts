import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { HistoryStore } from '../core/history/index.ts';
import { MIGRATIONS } from '../core/history/schema.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { spawnCliAsUser, type Ran } from './test-support.ts';
import { historyFileIn, HISTORY_FILE } from '../core/history/history-path.ts';

// A support engineer runs the customer's request in the desktop app, then looks its zid up in a
// terminal: real CLI processes, with HOME and XDG_CONFIG_HOME in temp folders, so the CLI's folder is
// <home>/.swap-explorer and the app's <xdg>/swap-explorer, as Electron names it on Linux.

const APP_ZID = '0x5ca1ab1e00000000000a9901';
const CLI_ZID = '0x5ca1ab1e00000000000c1101';
const DAY_MS = 24 * 60 * 60 * 1000;

let home: string;
let xdg: string;
let cliDir: string;
let appDir: string;
let appDb: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'cli-app-lookup-home-'));
  xdg = mkdtempSync(join(tmpdir(), 'cli-app-lookup-xdg-'));
  cliDir = join(home, '.swap-explorer');
  appDir = join(xdg, 'swap-explorer');
  appDb = historyFileIn(appDir);
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(xdg, { recursive: true, force: true });
});

function historyWith(path: string, zid: string): void {
  const store = HistoryStore.open(path);
  store.insert(sampleEntry({ zid }));
  store.close();
}

// The variables that name a folder are left out unless `named` sets them: the lookup falls back to
// the defaults under test.
function cli(args: string[], named: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return spawnCliAsUser(args, { home, xdg }, named);
}

function appFolderState(): { bytes: Buffer; mtimeMs: number; files: string[] } {
  return { bytes: readFileSync(appDb), mtimeMs: statSync(appDb).mtimeMs, files: readdirSync(appDir).sort() };
}

describe("explain and history find the desktop app's history", () => {
  it("find a zid recorded only by the app, say where, and leave the app's file byte for byte as it was", async () => {
    historyWith(historyFileIn(cliDir), CLI_ZID);
    historyWith(appDb, APP_ZID);
    const before = appFolderState();
    expect(before.files).toEqual([HISTORY_FILE]);
    const found = `found in the desktop app's history: ${appDb}`;

    const explained = await cli(['explain', APP_ZID]);
    expect(explained.stdout).toContain(found);
    expect(explained.stdout).toContain(`zid ${APP_ZID}: 1 entry in the history at ${appDir}`);
    const listed = await cli(['history', 'find', APP_ZID]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(APP_ZID);
    expect(listed.stderr).toContain(found);
    const exported = await cli(['history', 'export', '--zid', APP_ZID]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(APP_ZID);
    const pasted = await cli(['explain', JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'x', data: { zid: APP_ZID } })]);
    expect(pasted.stdout).toContain(`zid ${APP_ZID}: 1 entry in the history at ${appDir}`);
    // The CLI's own history is read first, and answers for its own zid without a word of the app.
    const own = await cli(['explain', CLI_ZID]);
    expect(own.stdout).toContain(`in the history at ${cliDir}`);
    expect(own.stdout).not.toContain("desktop app's history");

    const after = appFolderState();
    expect(after.files).toEqual(before.files);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('read what the app, still running, committed to its write-ahead log, and leave the log as it was', async () => {
    const app = HistoryStore.open(appDb);
    try {
      app.insert(sampleEntry({ zid: APP_ZID }));
      const log = readFileSync(`${appDb}-wal`);
      const explained = await cli(['explain', APP_ZID]);
      expect(explained.stdout).toContain(`found in the desktop app's history: ${appDb}`);
      expect(readFileSync(`${appDb}-wal`).equals(log)).toBe(true);
    } finally {
      app.close();
    }
  });

  it("list a zid both histories hold from each, and explain the first while naming the other, also for a pasted answer's zid", async () => {
    const cliDb = historyFileIn(cliDir);
    historyWith(cliDb, APP_ZID);
    historyWith(appDb, APP_ZID);

    const listed = await cli(['history', 'find', APP_ZID]);
    expect(listed.code).toBe(0);
    const cliBlock = listed.stdout.indexOf(`In the CLI's history at ${cliDb}:\n`);
    const appBlock = listed.stdout.indexOf(`In the desktop app's history at ${appDb}:\n`);
    expect(cliBlock, listed.stdout).toBeGreaterThanOrEqual(0);
    expect(appBlock, listed.stdout).toBeGreaterThan(cliBlock);
    expect(listed.stdout.slice(cliBlock, appBlock)).toContain(APP_ZID);
    expect(listed.stdout.slice(appBlock)).toContain(APP_ZID);
    const json = await cli(['history', 'find', APP_ZID, '--format', 'json']);
    const rows = JSON.parse(json.stdout) as { zid: string; history: string }[];
    expect(rows.map((row) => [row.zid, row.history])).toEqual([[APP_ZID, cliDb], [APP_ZID, appDb]]);

    const explained = await cli(['explain', APP_ZID]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain(`zid ${APP_ZID}: 1 entry in the history at ${cliDir}`);
    expect(explained.stdout).toContain(`zid ${APP_ZID} is also in the desktop app's history at ${appDb}: 1 entry (#1), not explained here; add --data-dir ${appDir} to explain them.`);
    const pasted = await cli(['explain', JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'x', data: { zid: APP_ZID } })]);
    expect(pasted.stdout).toContain(`zid ${APP_ZID}: 1 entry in the history at ${cliDir} (#1)`);
    expect(pasted.stdout).toContain(`zid ${APP_ZID} is also in the desktop app's history at ${appDb}: 1 entry (#1); swap-explorer explain ${APP_ZID} --data-dir ${appDir} shows them.`);
  });

  it('name every folder searched when neither history holds the zid', async () => {
    historyWith(historyFileIn(cliDir), CLI_ZID);
    historyWith(appDb, APP_ZID);
    const both = [`the CLI's history at ${historyFileIn(cliDir)}`, `the desktop app's history at ${appDb}`];
    const explained = await cli(['explain', '0xdeadbeef0000']);
    expect(explained.code).toBe(1);
    for (const where of both) expect(explained.stdout).toContain(where);
    const listed = await cli(['history', 'find', '0xdeadbeef0000']);
    expect(listed.code).toBe(1);
    for (const where of both) expect(listed.stdout).toContain(where);
    const exported = await cli(['history', 'export', '--zid', '0xdeadbeef0000']);
    expect(exported.code).toBe(1);
    for (const where of both) expect(exported.stderr).toContain(where);
  });

  it('skip a folder with no history without a word, and name one that cannot be opened with its reason, looking on in the other', async () => {
    historyWith(appDb, APP_ZID);
    // No CLI folder at all: the zid is found in the app's, and nothing is said of the CLI's.
    const missing = await cli(['explain', APP_ZID]);
    expect(missing.stdout).toContain(`found in the desktop app's history: ${appDb}`);
    expect(missing.stderr).toBe('');
    // A CLI history that cannot be opened (a folder where the file should be) is named, and the app's is read.
    mkdirSync(historyFileIn(cliDir), { recursive: true });
    const unopenable = await cli(['history', 'find', APP_ZID]);
    expect(unopenable.code).toBe(0);
    expect(unopenable.stderr).toContain(`the CLI's history at ${historyFileIn(cliDir)} could not be opened (`);
    expect(unopenable.stderr).toContain(`found in the desktop app's history: ${appDb}`);
  });

  it("say a corrupt app history could not be looked in when the CLI's answered, not that the search goes on", async () => {
    historyWith(historyFileIn(cliDir), CLI_ZID);
    mkdirSync(appDir, { recursive: true });
    writeFileSync(appDb, 'not a database, but long enough to look like one might be here'.repeat(100));
    const listed = await cli(['history', 'find', CLI_ZID]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(CLI_ZID);
    expect(listed.stderr).toContain(`the desktop app's history at ${appDb} could not be opened (`);
    expect(listed.stderr).toContain(', so whether it holds this too is not known.');
    expect(listed.stderr).not.toContain('looking on');
  });

  it("leave a corrupt app history where it is, and say it could not be opened", async () => {
    mkdirSync(appDir, { recursive: true });
    writeFileSync(appDb, 'not a database, but long enough to look like one might be here'.repeat(100));
    const before = appFolderState();
    const ran = await cli(['explain', APP_ZID]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`the desktop app's history at ${appDb} could not be opened (`);
    expect(ran.stdout).toContain(`the desktop app's history at ${appDb} (it could not be opened: `);
    const after = appFolderState();
    expect(after.files).toEqual(before.files);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  // A retention pass is the write a read-write open makes at once: the app, not run since, still
  // holds an entry older than its age limit, which the app removes when it next opens its file.
  it("read the app's folder named by SWAP_EXPLORER_USER_DATA or --data-dir read-only, leaving its file byte for byte as it was", async () => {
    const sentAt = Date.now() - 100 * DAY_MS;
    const app = HistoryStore.open(appDb, { now: () => new Date(sentAt + DAY_MS) });
    app.insert(sampleEntry({ zid: APP_ZID, startedAt: new Date(sentAt).toISOString() }));
    app.setRetention({ maxEntries: null, maxAgeDays: 30 });
    app.close();
    const before = appFolderState();
    const byVariable = { SWAP_EXPLORER_USER_DATA: appDir };

    const runs = [
      await cli(['explain', APP_ZID], byVariable),
      await cli(['history', 'find', APP_ZID], byVariable),
      await cli(['history', 'export', '--zid', APP_ZID], byVariable),
      await cli(['explain', APP_ZID, '--data-dir', appDir]),
      await cli(['history', 'find', APP_ZID, '--data-dir', appDir]),
      await cli(['history', 'export', '--zid', APP_ZID, '--data-dir', appDir]),
    ];
    for (const ran of runs) {
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(APP_ZID);
    }
    const after = appFolderState();
    expect(after.files).toEqual(before.files);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  // A history one schema older than this version's, as the CLI or app before the last migration left it.
  function historyOfPreviousSchema(path: string, zid: string): void {
    historyWith(path, zid);
    const db = new DatabaseSync(path);
    db.exec(`ALTER TABLE entries DROP COLUMN client_error; PRAGMA user_version = ${MIGRATIONS.length - 1}`);
    db.close();
  }

  it("migrate the CLI's own history written by an older CLI to find its zid, and refuse the app's, left as it was", async () => {
    historyOfPreviousSchema(historyFileIn(cliDir), CLI_ZID);
    historyOfPreviousSchema(appDb, APP_ZID);
    const before = appFolderState();

    const own = await cli(['explain', CLI_ZID]);
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain(`zid ${CLI_ZID}: 1 entry in the history at ${cliDir}`);
    const migrated = new DatabaseSync(historyFileIn(cliDir), { readOnly: true });
    expect(migrated.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    migrated.close();

    const app = await cli(['explain', APP_ZID]);
    expect(app.code).toBe(1);
    expect(app.stderr).toContain('an older version of the app (opening the app once updates it)');
    const after = appFolderState();
    expect(after.files).toEqual(before.files);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('with --data-dir, search only that folder, and say how to search both', async () => {
    historyWith(historyFileIn(cliDir), CLI_ZID);
    historyWith(appDb, APP_ZID);
    const explained = await cli(['explain', APP_ZID, '--data-dir', cliDir]);
    expect(explained.code).toBe(1);
    expect(explained.stdout).toContain(`is not in the history at ${cliDir}`);
    expect(explained.stdout).not.toContain(appDb);
    expect(explained.stdout).toContain(`(${appDir} unless it was moved; its About screen shows it): add --data-dir with that folder, or leave --data-dir out to look in the CLI's history and then the app's.`);
    const listed = await cli(['history', 'find', APP_ZID, '--data-dir', cliDir]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).not.toContain(appDb);
    expect(listed.stderr).not.toContain(appDb);
  });
});
