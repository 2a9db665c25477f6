import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../src/core/engine.ts';
import { AppError } from '../src/ipc/result.ts';
import { openApp, type HarnessLog } from './harness.ts';
import { AppPage } from './pages/app-page.ts';
import { ComparePage } from './pages/compare-page.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

// profiles.list answering an error (here the keychain's, as a status check of a stored key would).
// Before the fix Compare read the failure as "no profiles" (the picker vanished, and the run went to
// the engine's default profile) and the Explorer showed it as a request's failure, gone at the first
// edit of the form, leaving "Local service" as if it were the only profile.

const REASON = 'The keychain could not be read (Couldn\'t access platform storage).';

test('a failed profiles.list is said with its reason in Compare and the Explorer, not taken as no profiles', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'swap-explorer-e2e-'));
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir }, dataDir });
  try {
    const log: HarnessLog = { bugs: [] };
    const failing = { ...engine.handlers, 'profiles.list': () => Promise.reject(new AppError('STORAGE', REASON)) };
    await openApp(page, failing, log);
    const app = new AppPage(page);

    const compare = new ComparePage(page);
    const problem = compare.form.getByRole('alert').filter({ hasText: `The profiles could not be listed: ${REASON}` });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText('Nothing is sent until the profiles can be listed and one is picked.');
    await compare.form.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(compare.form.getByRole('combobox', { name: 'Profile', exact: true })).toBeFocused();
    await expect(compare.progress).toHaveCount(0);
    await app.expectNoSeriousAxe('Compare, profiles not listed');
    await app.screenshotAtBothSizes('compare-profiles-not-listed', () => problem.scrollIntoViewIfNeeded());

    await app.show('Explorer');
    const explorer = new ExplorerPage(page);
    const explorerProblem = explorer.form.getByRole('alert').filter({ hasText: `The profiles could not be listed: ${REASON}` });
    await expect(explorerProblem).toBeVisible();
    // It is about the list, not the request: editing the form leaves it.
    await explorer.fill({ amount: '2' });
    await expect(explorerProblem).toBeVisible();
    // Nothing listed, nothing chosen: Local service is not offered in place of the user's profiles,
    // and Send sends nothing, as in Compare.
    const picker = explorer.form.getByRole('combobox', { name: 'Profile', exact: true });
    await expect(picker.getByRole('option')).toHaveText(['Not listed']);
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(explorerProblem).toContainText('Nothing is sent until the profiles can be listed and one is picked.');
    await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(picker).toBeFocused();
    await expect(explorer.result).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Request refused' })).toHaveCount(0);
    expect(await engine.handlers['history.count'](undefined)).toEqual({ count: 0 });
    await app.expectNoSeriousAxe('Explorer, profiles not listed');
    await app.screenshotAtBothSizes('explorer-profiles-not-listed', () => explorerProblem.scrollIntoViewIfNeeded());
    expect(log.bugs).toEqual([]);
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the Explorer lists the profiles again from its alert, and sends once one is picked', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'swap-explorer-e2e-'));
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir }, dataDir });
  try {
    const log: HarnessLog = { bugs: [] };
    // The keychain answers again once unlocked.
    let isLocked = true;
    const failingOnce = { ...engine.handlers, 'profiles.list': () => (isLocked ? Promise.reject(new AppError('STORAGE', REASON)) : engine.handlers['profiles.list'](undefined)) };
    await openApp(page, failingOnce, log);
    await new AppPage(page).show('Explorer');
    const explorer = new ExplorerPage(page);
    const problem = explorer.form.getByRole('alert').filter({ hasText: `The profiles could not be listed: ${REASON}` });
    await expect(problem).toBeVisible();
    isLocked = false;
    await explorer.form.getByRole('button', { name: 'List again' }).click();
    await expect(problem).toHaveCount(0);
    const picker = explorer.form.getByRole('combobox', { name: 'Profile', exact: true });
    await expect(picker.locator('option:checked')).toHaveText('Local service');
    await explorer.send();
    await expect(explorer.result.getByLabel('zid', { exact: true })).toHaveText(/^0x[0-9a-f]{24}$/);
    expect(log.bugs).toEqual([]);
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
