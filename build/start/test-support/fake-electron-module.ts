import { fork } from 'node:child_process';
import { createFakeElectron } from '../../../main/test-support/fake-electron.ts';

// The `electron` module the stand-in binary hands the built main bundle: main/'s recording fake,
// with named exports because the bundle imports them by name (ESM linking needs each one), plus a
// utilityProcess that runs its entry as a Node child, which is what Electron's utility process is.
const fake = createFakeElectron();
const electron = fake.module as Record<string, unknown>;

/** What the fake was asked: windows, protocol handlers, IPC channels. */
export const record = fake.record;
/** Every utilityProcess.fork: the entry it was given. */
export const forks: string[] = [];
export const app = electron.app;
export const BrowserWindow = electron.BrowserWindow;
export const ipcMain = electron.ipcMain;
export const protocol = electron.protocol;
export const session = electron.session;
export const utilityProcess = {
  fork(entry: string, args: string[], options: { env?: NodeJS.ProcessEnv }) {
    forks.push(entry);
    // stdin stays open while the stand-in lives: the service closes when it ends.
    return fork(entry, args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
  },
};
export default { ...electron, utilityProcess };
