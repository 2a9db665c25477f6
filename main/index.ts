import { app } from 'electron';
import { join } from 'node:path';
import { bugLogLine } from '../src/core/bug-log-line.ts';
import { createEngine } from '../src/core/engine.ts';
import { createUtilityProcessHost } from './local-service-host.ts';
import { registerIpc } from './ipc.ts';
import { registerAppScheme, serveRenderer } from './protocol.ts';
import { APP_ORIGIN, createMainWindow, denyPermissions, lockDown } from './window.ts';

/**
 * Lifecycle and wiring only: single instance, user-data dir, app:// protocol, the engine's handler
 * map on IPC, one window. Everything with logic lives in src/ and is tested without Electron.
 */

/** Tests and portable setups point the app at another data dir. */
export const USER_DATA_ENV = 'SWAP_EXPLORER_USER_DATA';

function logBug(where: string, error: unknown): void {
  console.error(bugLogLine(where, error));
}

// Electron answers an uncaught exception in main (an unhandled rejection becomes one) with a dialog
// holding its whole stack, unless the app has a handler of its own: the bug goes to the log instead,
// as every other bug does, and the app goes on, as it does after that dialog.
function logUncaught(): void {
  process.on('uncaughtException', (error) => logBug('uncaught exception', error));
  process.on('unhandledRejection', (reason) => logBug('unhandled rejection', reason));
}

function definedVersions(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.versions).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function start(): void {
  logUncaught();
  const userData = process.env[USER_DATA_ENV];
  if (userData) app.setPath('userData', userData);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(async () => {
    // Only in development: in the packaged app, whoever sets the environment would otherwise choose
    // the page the window loads (plain http, none of app://'s CSP) and have IPC trust its origin,
    // a way round the fuses that turn off ELECTRON_RUN_AS_NODE and NODE_OPTIONS.
    const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
    serveRenderer(join(import.meta.dirname, '../renderer'));
    denyPermissions();
    const dataDir = app.getPath('userData');
    const engine = await createEngine({
      identity: { name: app.getName(), version: app.getVersion(), versions: definedVersions(), platform: process.platform, dataDir },
      dataDir,
      localServiceHost: createUtilityProcessHost(dataDir, import.meta.dirname),
      // The history, imports and exports run in a worker thread, never on the window's; the bundle
      // builds its entry beside this file (from source, the engine finds data-worker-entry.ts itself).
      dataWorkerEntry: import.meta.url.endsWith('.ts') ? undefined : join(import.meta.dirname, 'data-worker.js'),
      logBug,
    });
    app.on('will-quit', () => void engine.close());
    const trusted = devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN];
    registerIpc(engine.handlers, trusted, logBug);
    const window = createMainWindow({ preloadDir: join(import.meta.dirname, '../preload'), devServerUrl });
    app.on('second-instance', () => {
      if (window.isMinimized()) window.restore();
      window.focus();
    });
  });
}

start();
