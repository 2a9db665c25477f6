import { BrowserWindow, session, type WebContents } from 'electron';
import { join } from 'node:path';

/**
 * The one window and everything that keeps it locked down: sandboxed, isolated renderer with no
 * Node; navigation, new windows, webviews and permission requests all denied. The CSP arrives as a
 * response header from the app:// protocol (protocol.ts), so it also covers the first document.
 */

/** Where the renderer is loaded from: app://swap-explorer/ in production, the Vite server in dev. */
export const APP_ORIGIN = 'app://swap-explorer';

/** Denies everything a page could use to leave the app or gain powers. */
export function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * The one permission the page gets: writing sanitized text to the clipboard (the copy-zid and
 * copy-curl buttons). Reading the clipboard, camera, notifications and everything else is denied.
 */
export const GRANTED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

/** Denies every permission request and check except GRANTED_PERMISSIONS. */
export function denyPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(GRANTED_PERMISSIONS.includes(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => GRANTED_PERMISSIONS.includes(permission));
}

/** Creates the main window and loads the renderer. */
export function createMainWindow(options: { preloadDir: string; devServerUrl: string | undefined }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Swap Explorer',
    show: false,
    backgroundColor: '#14161a',
    // Set explicitly, even where they equal Electron's defaults, so a review (and electronegativity,
    // which reads only literals here) sees them.
    webPreferences: {
      preload: join(options.preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      // Middle-click would open links in new windows; there are none to open.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockDown(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}
