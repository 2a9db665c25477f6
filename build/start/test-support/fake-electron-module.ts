import { createFakeElectron } from '../../../main/test-support/fake-electron.ts';

// The `electron` module the stand-in binary hands the built main bundle: main/'s recording fake,
// with named exports because the bundle imports them by name (ESM linking needs each one).
const fake = createFakeElectron();
const electron = fake.module as Record<string, unknown>;

/** What the fake was asked: windows, protocol handlers, IPC channels. */
export const record = fake.record;
export const app = electron.app;
export const BrowserWindow = electron.BrowserWindow;
export const ipcMain = electron.ipcMain;
export const protocol = electron.protocol;
export const session = electron.session;
/** The local service starts on demand, never at launch: a fork here means the app misbehaved. */
export const utilityProcess = {
  fork(): never {
    throw new Error('utilityProcess.fork at launch: the local service must start on demand');
  },
};
export default { ...electron, utilityProcess };
