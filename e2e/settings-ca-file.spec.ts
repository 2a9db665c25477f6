import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// A pinned CA from a file, as integrators hold it. Before the fix the only way was to open the file
// in an editor and paste it; a bundle with its private key pasted whole was refused with a reason
// that did not say why, and a binary (DER) file gave no hint of what to do.

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKxZ\n-----END PRIVATE KEY-----\n';

test('a CA loads from a PEM file: only its certificates, the rest said to be left out; a binary file is refused with what to do', async ({ app, userDataDir }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  await app.page.getByRole('button', { name: 'Start local service' }).click();
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  const pem = await readFile(join(userDataDir, 'local-service', 'cert.pem'), 'utf8');

  await app.page.getByRole('button', { name: 'Add profile' }).click();
  await settings.field('Name').fill('Pinned');
  await settings.field('Base URL').fill('https://api.example.com');
  const picker = settings.form.getByLabel('Load PEM file…');
  const note = settings.form.getByRole('status').filter({ hasText: /bundle\.pem|ca\.der/ });

  await picker.setInputFiles({ name: 'ca.der', mimeType: 'application/octet-stream', buffer: Buffer.from([0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00]) });
  await expect(note).toHaveText('ca.der holds no PEM certificate (no -----BEGIN CERTIFICATE----- block): nothing was loaded. A binary (DER) certificate converts with: openssl x509 -inform der -in ca.der -out ca.pem');
  await expect(settings.field('Extra CA certificate (PEM)')).toHaveValue('');

  // An indented copy (as in a YAML or Helm values file) with its private key: only the certificate is taken.
  const indented = pem.trim().split('\n').map((line) => `    ${line}`).join('\r\n');
  await picker.setInputFiles({ name: 'bundle.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(`${PRIVATE_KEY}${indented}\r\n`) });
  await expect(note).toHaveText('Loaded 1 certificate from bundle.pem; the rest of the file (not a certificate: a private key or text) was left out.');
  await expect(settings.field('Extra CA certificate (PEM)')).toHaveValue(`${pem.trim()}\n`);
  await settings.expectFieldValid('Extra CA certificate (PEM)');
  await app.expectNoSeriousAxe('profile form, CA loaded from a file');
  await app.screenshotAtBothSizes('settings-ca-file', () => settings.field('Extra CA certificate (PEM)').scrollIntoViewIfNeeded());

  await settings.save();
  await expect(app.page.getByRole('status').filter({ hasText: 'Saved Pinned' })).toBeVisible();
  const saved = JSON.parse(await readFile(join(userDataDir, 'profiles.json'), 'utf8')) as { profiles: { caPem: string }[] };
  expect(saved.profiles[0]?.caPem).toBe(`${pem.trim()}\n`);
  expect(saved.profiles[0]?.caPem).not.toContain('PRIVATE KEY');
});
