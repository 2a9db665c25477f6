import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { certificateOf } from '../src/core/local-service/certificate.ts';
import { expect, test } from './app-session.ts';
import { HARNESS_ORIGIN } from './harness.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Issue 13, "Settings": the local service's CA certificate can be copied or saved, is shown from the
// first look at Settings once an earlier run made it, and the snippets of a profile that pins its own
// CA name a file the app offers to save.
const run = promisify(execFile);
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

test('the certificate saves to a file and its fingerprint copies', async ({ page, context, openSession, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  const { app, close } = await openSession(page);
  await app.show('Settings');
  await page.getByRole('button', { name: 'Start local service' }).click();
  const card = page.getByRole('region', { name: 'Local service' });
  await expect(card.getByLabel('SHA-256 fingerprint')).toHaveText(FINGERPRINT, { timeout: 30_000 });
  const pem = await readFile(join(userDataDir, 'local-service', 'cert.pem'), 'utf8');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Save certificate as file' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/\.pem$/);
  expect(await readFile(await saved.path(), 'utf8')).toBe(pem);

  const fingerprint = (await card.getByLabel('SHA-256 fingerprint').textContent()) ?? '';
  await card.getByRole('button', { name: 'Copy fingerprint' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(fingerprint);
  await close();
});

test('Settings shows the certificate an earlier run made before this run starts the service', async ({ context, openSession }) => {
  const first = await openSession(await context.newPage());
  await first.app.show('Settings');
  await first.app.page.getByRole('button', { name: 'Start local service' }).click();
  const earlier = first.app.page.getByRole('region', { name: 'Local service' }).getByLabel('SHA-256 fingerprint');
  await expect(earlier).toHaveText(FINGERPRINT, { timeout: 30_000 });
  const fingerprint = await earlier.textContent();
  await first.close();

  const second = await openSession(await context.newPage());
  await second.app.show('Settings');
  const card = second.app.page.getByRole('region', { name: 'Local service' });
  await expect(new SettingsPage(second.app.page).localState).toContainText('stopped');
  await expect(card.getByLabel('SHA-256 fingerprint')).toHaveText(fingerprint ?? '');
  await expect(card.getByRole('button', { name: 'Save certificate as file' })).toBeVisible();
  await expect(card).toContainText('uses this file again when it starts');
  await second.close();
});

test('a profile pinning its own CA: the app saves the file its curl names, and that curl gets a 200', async ({ page, context, openSession, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  const { app, close } = await openSession(page);
  await app.show('Settings');
  await page.getByRole('button', { name: 'Start local service' }).click();
  const settings = new SettingsPage(page);
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  const baseUrl = (await settings.localState.locator('.mono').textContent()) ?? '';
  const serviceDir = join(userDataDir, 'local-service');
  const key = (await readFile(join(serviceDir, 'key'), 'utf8')).trim();
  await settings.addProfile({ name: 'Pinned', baseUrl, key, caPem: await readFile(join(serviceDir, 'cert.pem'), 'utf8') });
  await expect(page.getByRole('status').filter({ hasText: 'Saved Pinned' })).toBeVisible();

  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ profile: 'Pinned', endpoint: 'Swap chains' });
  await explorer.send();
  const copyAs = page.getByRole('group', { name: 'Copy as' });
  const save = copyAs.getByRole('button', { name: /^Save .+-ca\.pem$/ });
  const fileName = ((await save.textContent()) ?? '').replace(/^Save /, '');
  await expect(copyAs).toContainText(`./${fileName}: save it in the folder you run them from`);

  const scratch = await mkdtemp(join(userDataDir, 'snippet-'));
  try {
    const download = page.waitForEvent('download');
    await save.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(fileName);
    await copyFile(await saved.path(), join(scratch, fileName));
    await copyAs.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`--cacert ./${fileName}`);
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    const { stdout } = await run('sh', ['-c', curl], { cwd: scratch, env: { ...process.env, SVC_API_KEY: key } });
    expect(JSON.parse(stdout)).toHaveProperty('chains');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await close();
});

test('a damaged certificate file is replaced at the next start, and Settings says where the old files went and the new one is', async ({ app, userDataDir }) => {
  await app.show('Settings');
  const settings = new SettingsPage(app.page);
  const card = app.page.getByRole('region', { name: 'Local service' });
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  const before = await card.getByLabel('SHA-256 fingerprint').textContent();
  await expect(card.getByRole('status')).toHaveCount(0);
  await app.page.getByRole('button', { name: 'Stop local service' }).click();
  await expect(settings.localState).toContainText('stopped', { timeout: 30_000 });

  const certPath = join(userDataDir, 'local-service', 'cert.pem');
  await writeFile(certPath, 'overwritten by a sync tool\n');
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  const notice = card.getByRole('status');
  await expect(notice).toContainText("The local service's certificate in", { timeout: 30_000 });
  await expect(notice).toContainText('was replaced with a new one because cert.pem does not hold a readable certificate. The old files were kept as cert.pem.damaged-');
  await expect(notice).toContainText(`Clients that pinned the old certificate (integrators, saved profiles) must take the new one from ${certPath}.`);
  // What Settings offers to copy is the new certificate, the one on disk.
  await expect(card.getByLabel('SHA-256 fingerprint')).not.toHaveText(before ?? '');
  const { sha256 } = certificateOf(certPath, await readFile(certPath, 'utf8'));
  await expect(card.getByLabel('SHA-256 fingerprint')).toHaveText(sha256);

  await app.screenshotAtBothSizes('settings-certificate-replaced', () => notice.scrollIntoViewIfNeeded());
  await app.expectNoSeriousAxe('the certificate-replaced notice');
});
