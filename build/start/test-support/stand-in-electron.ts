import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as FakeElectronModule from './fake-electron-module.ts';

// The stand-in Electron binary's body (the zip's `electron` is a two-line script that runs this on
// Node). It records how electron-vite launched it, then does what Electron does with the app folder
// it is given: runs package.json's `main`, here on Node with `electron` resolved to main/'s recording
// fake. Then it checks that the window, the app:// protocol and IPC came up, starts and stops the
// local service over IPC (a utility process, here a Node child), writes everything to
// STAND_IN_RECORD and exits (0 if the app came up). STAND_IN_LAUNCH_ONLY=1 records the launch only.

const APP_PAGE = 'app://swap-explorer/index.html';
const recordPath = process.env.STAND_IN_RECORD ?? join(process.cwd(), 'stand-in-record.json');
const shim = pathToFileURL(join(import.meta.dirname, 'fake-electron-module.ts')).href;

// Only the variables that steer Electron and the app; nothing that could hold a key or token.
function launchEnv(): Record<string, string> {
  const steering = /^(ELECTRON_|NODE_ENV_ELECTRON_VITE$|SWAP_EXPLORER_)/;
  const secret = /KEY|TOKEN|SECRET|PASSWORD/i;
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => steering.test(e[0]) && !secret.test(e[0]) && e[1] !== undefined));
}

// The command line of the process that spawned this one (the zip's script execs Node, so the
// parent is whoever ran the binary), where /proc tells it: electron-vite's, when it launched us.
function parentArgv(): string[] | null {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

// Electron's own rule: a folder argument is an app whose package.json names the entry.
function appEntry(args: string[]): string {
  const target = resolve(process.cwd(), args.find((arg) => !arg.startsWith('-')) ?? '.');
  if (!statSync(target).isDirectory()) return target;
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { main?: string };
  return resolve(target, manifest.main ?? 'index.js');
}

async function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the app opened no window');
    await new Promise((next) => setTimeout(next, 25));
  }
}

async function startApp(entry: string): Promise<Record<string, unknown>> {
  registerHooks({
    resolve: (specifier, context, next) => (specifier === 'electron' ? { url: shim, format: 'module', shortCircuit: true } : next(specifier, context)),
  });
  const { record, forks } = (await import(shim)) as typeof FakeElectronModule;
  await import(pathToFileURL(entry).href);
  const window = await until(() => record.windows[0], 60_000);
  const serve = record.protocolHandlers.get('app');
  const page = serve ? await serve(new Request(APP_PAGE)) : null;
  const invoke = async (channel: string) => (await record.ipcHandlers.get(channel)?.({ senderFrame: { url: APP_PAGE } }, undefined)) as { ok?: boolean; value?: Record<string, unknown> } | undefined;
  const info = await invoke('app.info');
  // The history lives in the data worker, built as out/main/data-worker.js beside the main bundle.
  const history = await invoke('history.count');
  const notices = await invoke('history.notices');
  const forksAtLaunch = forks.length;
  // What the settings screen's switch does: the local service in a utility process, then stopped.
  const started = await invoke('localService.start');
  const stopped = await invoke('localService.stop');
  const prefs = (window.options.webPreferences ?? {}) as Record<string, unknown>;
  return {
    forksAtLaunch,
    forks,
    localService: { started: started?.value ?? started, stopped: stopped?.value?.state },
    windows: record.windows.length,
    loadedUrl: window.loadedUrl,
    preload: prefs.preload,
    sandbox: prefs.sandbox,
    privilegedSchemes: record.privilegedSchemes,
    page: page && { status: page.status, csp: page.headers.get('content-security-policy'), html: (await page.text()).includes('<div id="app"') },
    ipcChannels: [...record.ipcHandlers.keys()].sort(),
    appInfoOk: info?.ok === true,
    history: { count: history?.value?.count ?? history, notices: notices?.value?.notices ?? notices },
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const launch = { self: process.env.STAND_IN_SELF, argv: args, cwd: process.cwd(), env: launchEnv(), parentArgv: parentArgv() };
  const entry = appEntry(args);
  try {
    if (!existsSync(entry)) throw new Error(`no app entry at ${entry}`);
    // Cases about where the binary came from need only the launch; one full start is enough per run.
    const app = process.env.STAND_IN_LAUNCH_ONLY === '1' ? undefined : await startApp(entry);
    writeFileSync(recordPath, JSON.stringify({ launch, entry, app }, null, 2));
    process.exit(0);
  } catch (error) {
    writeFileSync(recordPath, JSON.stringify({ launch, entry, error: error instanceof Error ? error.message : String(error) }, null, 2));
    process.exit(1);
  }
}

await main();
