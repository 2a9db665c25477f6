import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { saveScreenshot } from './screenshot.ts';
import { SettingsPage } from './pages/settings-page.ts';

// The local service's key file under its one rule (src/core/local-service/local-key.ts), as the
// desktop user meets it in Settings: a file that does not hold a key stops the start with the file
// and the way out (never a new key in its place: clients may hold the old one), and a file other
// users can read is made 0600 and said once.

const KEPT = `local_${'ef'.repeat(32)}`;

async function keyFile(userDataDir: string, text: string, mode: number): Promise<string> {
  await mkdir(join(userDataDir, 'local-service'), { recursive: true, mode: 0o700 });
  const path = join(userDataDir, 'local-service', 'key');
  await writeFile(path, text);
  await chmod(path, mode);
  return path;
}

test('a key file that does not hold a key stops the start with the file and the way out, and a start once it is deleted makes a new key', async ({ app, userDataDir }, testInfo) => {
  const path = await keyFile(userDataDir, 'half a ke\n', 0o600);
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  const card = app.page.getByRole('region', { name: 'Local service' });
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('failed', { timeout: 30_000 });
  await expect(card).toContainText(`The local service did not start: the API key file ${path} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it)`);
  expect(await readFile(path, 'utf8')).toBe('half a ke\n');
  await app.expectNoSeriousAxe('the local service refused a damaged key file');
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      await app.page.setViewportSize({ width, height });
      await saveScreenshot(app.page, { path: testInfo.outputPath(`key-damaged-${scheme}-${width}.png`) });
    }
  }
  await app.page.emulateMedia({ colorScheme: 'light' });

  await rm(path);
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  expect((await readFile(path, 'utf8')).trim()).toMatch(/^local_[0-9a-f]{64}$/);
});

test('a key file other users can read is made 0600, kept, and said in Settings', async ({ app, userDataDir }, testInfo) => {
  const path = await keyFile(userDataDir, `${KEPT}\n`, 0o644);
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  const card = app.page.getByRole('region', { name: 'Local service' });
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  await expect(card.getByRole('status')).toContainText(`The API key file ${path} was open to other users of this computer (mode 0644); it is now 0600, this user's only.`);
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  expect((await readFile(path, 'utf8')).trim()).toBe(KEPT);
  await app.expectNoSeriousAxe('the local service tightened its key file');
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(app.page, { path: testInfo.outputPath(`key-tightened-${scheme}-1280.png`) });
  }
});
