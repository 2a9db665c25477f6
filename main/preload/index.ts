import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../../src/ipc/contract.ts';

// window.api, built from the contract: one method per channel and nothing else (no raw ipcRenderer,
// no event subscriptions). Bundled into one CommonJS file because a sandboxed preload can only
// require('electron').
contextBridge.exposeInMainWorld(
  'api',
  buildApi((channel, input) => ipcRenderer.invoke(channel, input)),
);
