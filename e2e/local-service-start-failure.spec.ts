import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { LadderPage } from './pages/ladder-page.ts';
import { saveScreenshot } from './screenshot.ts';

// The local service that cannot start because a file sits where its folder goes (a restore or a
// sync tool that put a file there): the refusal names the folder and why, its explanation is the
// local service's (not "the profile lacks a base URL or API key", which sent the user to a profile
// with nothing to fill in), and a send once the file is gone works.

test('a local service that cannot start is explained as such, and a send works once the cause is gone', async ({ app, userDataDir }, testInfo) => {
  const folder = join(userDataDir, 'local-service');
  await rm(folder, { recursive: true, force: true });
  await writeFile(folder, 'a file where the folder goes');
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  const send = explorer.form.getByRole('button', { name: 'Send', exact: true });
  await send.click();
  const refused = app.page.getByRole('region', { name: 'Request refused' });
  await expect(refused.getByRole('heading', { name: 'LOCAL_SERVICE_FAILED' })).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText(`its folder ${folder} cannot be made or written (a file is in its place)`);
  await expect(refused).toContainText('Start local service in Settings');
  await expect(refused).not.toContainText('base URL or API key');
  await expect(refused).not.toContainText('EEXIST');
  const serious = (await new AxeBuilder({ page: app.page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id), 'axe').toEqual([]);
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await app.page.setViewportSize({ width, height });
    await saveScreenshot(app.page, { path: testInfo.outputPath(`local-service-failed-${width}.png`) });
  }

  await rm(folder);
  await send.click();
  await expect(explorer.result).toBeVisible({ timeout: 30_000 });
  await expect(refused).toBeHidden();
  await expect(explorer.result).toContainText(/zid/);
});

test('a size ladder that failed before any answer shows why, not charts of sizes said cancelled, and runs once the cause is gone', async ({ app, userDataDir }, testInfo) => {
  const folder = join(userDataDir, 'local-service');
  await rm(folder, { recursive: true, force: true });
  await writeFile(folder, 'a file where the folder goes');
  await app.show('Compare');
  const ladder = new LadderPage(app.page);
  await ladder.open();
  await ladder.run('1, 10', ['Optimism']);
  await ladder.waitForEnd();
  await expect(ladder.progress).toContainText(`The size ladder failed after 0/4 requests: The local service did not start: its folder ${folder} cannot be made or written (a file is in its place)`);
  await expect(ladder.charts).toHaveCount(0);
  await expect(app.page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(app.page.getByText(/cancelled/)).toHaveCount(0);
  await saveScreenshot(app.page, { path: testInfo.outputPath('ladder-failed-1280.png') });

  await rm(folder);
  await app.page.getByRole('button', { name: 'Run size ladder' }).click();
  await ladder.waitForEnd();
  await expect(ladder.progress).toContainText('Done');
  await expect(ladder.chart('Optimism')).toBeVisible();
});
