import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { CHANNEL_NAMES, splitChannel } from '../src/ipc/contract.ts';
import { HistoryStore } from '../src/core/history/index.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';

/**
 * `npm run smoke:electron`: starts the real built app with a real Electron binary and checks what
 * no test on the offline build machines can: the window loads from app:// with no CSP violation or
 * console error, window.api has exactly the contract's methods, a price from the local service
 * arrives and is stored in History (by the data worker: after the app quits, the entry is read
 * back from the history file), and a key can be set and cleared. What it saw goes to
 * smoke-results/electron.json. It is not part of `npm test`; build/README.md says when to run it.
 *
 * Exit codes: 0 every check passed, 1 a check failed, 2 the app is not built, 3 no Electron binary.
 */

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'smoke-results', 'electron.json');
const EXIT_FAILED = 1;
const EXIT_NOT_BUILT = 2;
const EXIT_NO_ELECTRON = 3;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** The part of window.api the smoke run calls (the full type is AppApi; this script runs in a page). */
interface SmokeApi {
  request: { send(input: unknown): Promise<Answer<{ entry: { zid: string | null; status: number | null }; stored: boolean }>> };
  history: { search(input: unknown): Promise<Answer<{ rows: unknown[] }>> };
  profiles: { save(input: unknown): Promise<Answer<{ id: string }>> };
  apiKey: {
    set(input: unknown): Promise<Answer<{ stored: boolean; backend: string }>>;
    status(input: unknown): Promise<Answer<{ stored: boolean; backend: string }>>;
    clear(input: unknown): Promise<Answer<{ stored: boolean }>>;
  };
}

interface Check {
  name: string;
  ok: boolean;
  observed: unknown;
}

/** The Electron executable electron's own package would run, without triggering its download. */
function electronExecutable(): string | null {
  if (process.env.ELECTRON_EXEC_PATH && existsSync(process.env.ELECTRON_EXEC_PATH)) return process.env.ELECTRON_EXEC_PATH;
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  const executable = join(dist, readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : null;
}

function expectedApi(): Record<string, string[]> {
  const areas: Record<string, string[]> = {};
  for (const name of CHANNEL_NAMES) {
    const { area, verb } = splitChannel(name);
    (areas[area] ??= []).push(verb);
  }
  for (const verbs of Object.values(areas)) verbs.sort();
  return areas;
}

// The zid of the price runChecks sent, looked up in the history file once the app has quit.
let sentZid: string | null = null;

/** Whether the data worker committed the entry to <userData>/history.db (read after the app quit). */
function storedInFile(userData: string): Check {
  const store = HistoryStore.open(historyFileIn(userData));
  try {
    const rows = sentZid ? store.findByZid(sentZid) : [];
    return { name: 'the data worker kept the price in the history file', ok: rows.length === 1, observed: { zid: sentZid, rows: rows.length } };
  } finally {
    store.close();
  }
}

async function runChecks(page: Page, problems: string[]): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, observed: unknown) => checks.push({ name, ok, observed });
  await page.waitForLoadState('load');
  check('window loads from app://', page.url().startsWith('app://'), page.url());
  const api = await page.evaluate(() => {
    const exposed = (window as unknown as { api: Record<string, Record<string, unknown>> }).api;
    return Object.fromEntries(Object.entries(exposed).map(([area, verbs]) => [area, Object.keys(verbs).sort()]));
  });
  check('window.api has exactly the contract', JSON.stringify(api) === JSON.stringify(Object.fromEntries(Object.entries(expectedApi()).sort())), api);
  const price = await page.evaluate(async () => {
    const api = (window as unknown as { api: SmokeApi }).api;
    const sent = await api.request.send({
      requestId: 'smoke-1',
      profileId: 'local',
      endpoint: 'allowance-holder.price',
      params: { chainId: '1', sellToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', buyToken: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', sellAmount: '1000000000' },
    });
    if (!sent.ok) return { sent, found: null };
    const found = await api.history.search({ text: sent.value.entry.zid ?? '', limit: 10 });
    return { sent: { ok: true, status: sent.value.entry.status, zid: sent.value.entry.zid, stored: sent.value.stored }, found: found.ok ? found.value.rows.length : found.error };
  });
  check('a local price arrives and is stored in History', price.sent.ok === true && price.found === 1, price);
  sentZid = price.sent.ok ? (price.sent as { zid: string | null }).zid : null;
  const key = await page.evaluate(async () => {
    const api = (window as unknown as { api: SmokeApi }).api;
    // The built-in local profile's key is generated by the app; a scratch profile takes a typed one.
    const profile = await api.profiles.save({ name: 'Smoke test', baseUrl: 'https://swap.invalid' });
    if (!profile.ok) return { set: false, storedAfterSet: false, backend: null, storedAfterClear: true, error: profile.error.message };
    const profileId = profile.value.id;
    const set = await api.apiKey.set({ profileId, key: 'smoke-test-key-0123456789' });
    const afterSet = await api.apiKey.status({ profileId });
    const cleared = await api.apiKey.clear({ profileId });
    return { set: set.ok, storedAfterSet: afterSet.ok && afterSet.value.stored, backend: afterSet.ok ? afterSet.value.backend : null, storedAfterClear: cleared.ok && cleared.value.stored };
  });
  check('a key is set and cleared', key.set && key.storedAfterSet && !key.storedAfterClear, key);
  check('no CSP violation, console error or page error', problems.length === 0, problems);
  return checks;
}

async function main(): Promise<number> {
  const executable = electronExecutable();
  if (executable === null) {
    process.stdout.write('smoke:electron: no Electron binary on this machine (node_modules/electron/path.txt or its dist is missing); run `npm start` once on a connected machine to fetch it.\n');
    return EXIT_NO_ELECTRON;
  }
  const mainEntry = join(ROOT, 'out', 'main', 'index.js');
  if (!existsSync(mainEntry)) {
    process.stdout.write('smoke:electron: the app is not built; run `npm run build` first.\n');
    return EXIT_NOT_BUILT;
  }
  const userData = mkdtempSync(join(tmpdir(), 'swap-explorer-smoke-'));
  let app: ElectronApplication | null = null;
  const problems: string[] = [];
  try {
    app = await electron.launch({ executablePath: executable, args: [mainEntry], cwd: ROOT, env: { ...process.env, SWAP_EXPLORER_USER_DATA: userData } });
    const page = await app.firstWindow();
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const checks = await runChecks(page, problems);
    await app.close();
    app = null;
    checks.push(storedInFile(userData));
    mkdirSync(join(ROOT, 'smoke-results'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify({ executable, userData, checks }, null, 2)}\n`);
    for (const { name, ok } of checks) process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}\n`);
    process.stdout.write(`smoke:electron: details in ${RESULTS}\n`);
    return checks.every((entry) => entry.ok) ? 0 : EXIT_FAILED;
  } finally {
    await app?.close();
  }
}

process.exitCode = await main();
