import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dispatch, type Handlers } from '../src/core/dispatch.ts';
import { readRendererFile } from '../src/core/renderer-files.ts';

/**
 * The e2e harness: the built renderer in Chromium with window.api supplied by the real main-process
 * handlers running in the test process. Only Electron's transport is replaced: the built preload
 * bundle itself runs in the page against a stand-in `require('electron')` whose ipcRenderer.invoke
 * crosses to the test process, and every call goes through the same dispatch (zod parse, Result)
 * that main/ipc.ts uses. Pages are served with the app's CSP header, on an https origin so the page
 * is a secure context as under app://.
 */

/** The origin the harness serves the renderer from (intercepted; nothing listens there). */
export const HARNESS_ORIGIN = 'https://swap-explorer.test';

const ROOT = join(import.meta.dirname, '..');
const RENDERER_DIR = join(ROOT, 'out/renderer');
const PRELOAD_BUNDLE = join(ROOT, 'out/preload/index.cjs');

// Runs in the page before any app script: records CSP violations and page-side errors, then
// evaluates the built preload with a stand-in electron module.
function preloadEnvironment(preloadSource: string): string {
  return `(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
    const electron = {
      contextBridge: { exposeInMainWorld: (key, value) => Object.defineProperty(window, key, { value: Object.freeze(value) }) },
      ipcRenderer: { invoke: (channel, input) => window.__harnessInvoke(channel, input === undefined ? null : input, input === undefined).then((text) => JSON.parse(text)) },
    };
    const require = (name) => { if (name !== 'electron') throw new Error('sandboxed preload cannot require ' + name); return electron; };
    const module = { exports: {} };
    (function (require, module, exports) { ${preloadSource}\n })(require, module, module.exports);
  })();`;
}

/** Bugs the handlers logged during a test: the fixture fails the test when any were logged. */
export interface HarnessLog {
  bugs: string[];
}

/** Opens the built renderer on a page wired to the given handlers. */
export async function openApp(page: Page, handlers: Handlers, log: HarnessLog): Promise<void> {
  await page.route(`${HARNESS_ORIGIN}/**`, async (route) => {
    const file = await readRendererFile(RENDERER_DIR, new URL(route.request().url()).pathname);
    await route.fulfill({ status: file.status, headers: file.headers, body: file.body });
  });
  // Everything else is refused: the renderer has no network (CSP says so too; this proves it).
  await page.context().route((url) => !url.href.startsWith(HARNESS_ORIGIN), (route) => route.abort('blockedbyclient'));
  await page.exposeBinding('__harnessInvoke', async (source, channel: unknown, input: unknown, isUndefined: boolean) => {
    if (!source.frame.url().startsWith(`${HARNESS_ORIGIN}/`)) return JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: 'This window may not call the app.' } });
    // Playwright turns undefined into null on the way; restore it so void channels validate as in the app.
    const result = await dispatch(handlers, channel, isUndefined ? undefined : input, (name, error) => log.bugs.push(`${name}: ${error instanceof Error ? error.stack : String(error)}`));
    // As text: Playwright's own value serialiser walks every object and takes seconds for a 10 MB
    // body, far from Electron's structured clone (bench/history-viewer.bench.ts times both).
    return JSON.stringify(result);
  });
  await page.addInitScript({ content: preloadEnvironment(readFileSync(PRELOAD_BUNDLE, 'utf8')) });
  await page.goto(`${HARNESS_ORIGIN}/index.html`);
}

/** CSP violations the page reported so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
