import { expect, test } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../src/core/engine.ts';
import { openApp, type HarnessLog } from './harness.ts';
import { AppPage } from './pages/app-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// A profiles.json the app could not read at start (here a folder in its place) is left as it is. Before
// the fix it stayed blocked until a restart, even once the user had mended it.

test('a profiles file left in place at start is taken once it reads again, and Settings says so', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'swap-explorer-e2e-'));
  const path = join(dataDir, 'profiles.json');
  await mkdir(path);
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir }, dataDir });
  try {
    const log: HarnessLog = { bugs: [] };
    await openApp(page, engine.handlers, log);
    const app = new AppPage(page);
    const settings = new SettingsPage(page);
    await app.show('Settings');
    await expect(page.getByRole('status').filter({ hasText: 'could not be read (it is a folder). It was left as it is' })).toBeVisible();

    await rm(path, { recursive: true });
    await writeFile(path, `${JSON.stringify({ version: 1, profiles: [{ id: 'mine', name: 'Mine', baseUrl: 'https://mine.example.test' }] }, null, 2)}\n`);
    // Back from the editor: the window gets the focus again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const taken = page.getByRole('status').filter({ hasText: 'can be read now: it was taken as it is (1 profile), and profiles can be saved again' });
    await expect(taken).toBeVisible();
    await expect(settings.profiles.getByRole('cell', { name: 'Mine', exact: true })).toBeVisible();
    await app.expectNoSeriousAxe('Settings, profiles file taken again');
    await app.screenshotAtBothSizes('settings-profiles-recovered', () => taken.scrollIntoViewIfNeeded());
    expect(log.bugs).toEqual([]);
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
