/**
 * A recording fake of the parts of `electron` that main/ uses. The Electron binary cannot run on
 * the build machines, so the shell's tests load main/ against this and assert what Electron would
 * have been asked: window options, handlers, protocol registrations, IPC channels.
 */

type Listener = (...args: unknown[]) => unknown;

/** A fake webContents that keeps its listeners and window-open handler. */
export class FakeWebContents {
  readonly listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((details: unknown) => unknown) | null = null;

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  setWindowOpenHandler(handler: (details: unknown) => unknown): void {
    this.windowOpenHandler = handler;
  }

  /** Emits an event with a preventable event object; returns whether a listener prevented it. */
  emitPreventable(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    const eventObject = { preventDefault: () => (prevented = true) };
    for (const listener of this.listeners.get(event) ?? []) listener(eventObject, ...args);
    return prevented;
  }
}

/** Everything the fake recorded. */
export interface ElectronRecord {
  windows: { options: Record<string, unknown>; loadedUrl: string | null; webContents: FakeWebContents }[];
  ipcHandlers: Map<string, Listener>;
  privilegedSchemes: unknown[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  permissionRequestHandler: Listener | null;
  permissionCheckHandler: Listener | null;
  paths: Map<string, string>;
  appListeners: Map<string, Listener[]>;
  singleInstanceLockRequested: number;
  exposedInMainWorld: Map<string, unknown>;
}

/** Builds a fresh fake module and its record. */
export function createFakeElectron(): { module: Record<string, unknown>; record: ElectronRecord } {
  const record: ElectronRecord = {
    windows: [],
    ipcHandlers: new Map(),
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    paths: new Map([['userData', '/default/user-data']]),
    appListeners: new Map(),
    singleInstanceLockRequested: 0,
    exposedInMainWorld: new Map(),
  };

  class BrowserWindow {
    readonly webContents = new FakeWebContents();
    readonly entry: ElectronRecord['windows'][number];
    constructor(options: Record<string, unknown>) {
      this.entry = { options, loadedUrl: null, webContents: this.webContents };
      record.windows.push(this.entry);
    }
    once(): this {
      return this;
    }
    async loadURL(url: string): Promise<void> {
      this.entry.loadedUrl = url;
    }
    isMinimized(): boolean {
      return false;
    }
    restore(): void {}
    focus(): void {}
    show(): void {}
  }

  const app = {
    // As in development (electron-vite's dev and preview); a test of the packaged app sets it.
    isPackaged: false,
    getName: () => 'swap-explorer',
    getVersion: () => '0.0.0-test',
    getPath: (name: string) => record.paths.get(name) ?? `/default/${name}`,
    setPath: (name: string, value: string) => record.paths.set(name, value),
    requestSingleInstanceLock: () => {
      record.singleInstanceLockRequested += 1;
      return true;
    },
    quit: () => {},
    on: (event: string, listener: Listener) => record.appListeners.set(event, [...(record.appListeners.get(event) ?? []), listener]),
    whenReady: () => Promise.resolve(),
  };

  const module = {
    app,
    BrowserWindow,
    ipcMain: { handle: (channel: string, listener: Listener) => record.ipcHandlers.set(channel, listener) },
    ipcRenderer: { invoke: async (channel: string, input: unknown) => ({ channel, input }) },
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => record.exposedInMainWorld.set(key, value) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => record.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => record.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => (record.permissionRequestHandler = handler),
        setPermissionCheckHandler: (handler: Listener) => (record.permissionCheckHandler = handler),
      },
    },
  };
  return { module, record };
}
