import type { Page } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../src/core/engine.ts';
import { openApp, type HarnessLog } from './harness.ts';
import { AppPage } from './pages/app-page.ts';

/**
 * Runs `body` on the app over a fresh data dir where `fileName` is a folder: a file the app cannot
 * read at start, which its store leaves in place (profiles.json, saved-requests.json). The engine
 * and the data dir go afterwards, whatever `body` did.
 */
export async function withFolderInPlaceOf(page: Page, fileName: string, body: (opened: { path: string; app: AppPage; log: HarnessLog }) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'swap-explorer-e2e-'));
  const path = join(dataDir, fileName);
  await mkdir(path);
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir }, dataDir });
  try {
    const log: HarnessLog = { bugs: [] };
    await openApp(page, engine.handlers, log);
    await body({ path, app: new AppPage(page), log });
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The user mends the file (the folder removed, `text` written in its place) and comes back to the window, which gets the focus again. */
export async function mendAndRefocus(page: Page, path: string, text: string): Promise<void> {
  await rm(path, { recursive: true });
  await writeFile(path, text);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}
