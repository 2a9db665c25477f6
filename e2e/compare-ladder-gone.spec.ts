import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LadderPage } from './pages/ladder-page.ts';

/** A past size ladder whose file has gone, opened while another ladder runs. */

async function setRate(page: Page, rateBudgetRps: number): Promise<void> {
  const answer = await page.evaluate(
    (rps) => (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: rps }),
    rateBudgetRps,
  );
  expect(answer.ok).toBe(true);
}

test('a past ladder whose file is gone leaves the ladder on screen marked as not it, and still read', async ({ app, userDataDir }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  await ladder.run('1, 10', ['Ethereum'], { sell: 'WETH', buy: 'USDC' });
  await ladder.waitForEnd();
  // A ladder of an earlier session, at 7 and 70: listed once the next ladder ends, then its file goes.
  const folder = join(userDataDir, 'ladders');
  const [file] = await readdir(folder);
  const stored = JSON.parse(await readFile(join(folder, file!), 'utf8')) as { status: { runId: string; request: { amounts: string[] } } };
  const copy = join(folder, 'lad-earlier0001.json');
  Object.assign(stored.status, { runId: 'lad-earlier0001' });
  stored.status.request.amounts = ['7', '70'];
  await writeFile(copy, JSON.stringify(stored));
  await ladder.run('2, 20', ['Ethereum']);
  await ladder.waitForEnd();
  const past = app.page.getByRole('region', { name: 'Past size ladders' });
  await expect(past.getByRole('button', { name: /^Open size ladder WETH to USDC at 7, 70 / })).toHaveCount(1);
  await rm(copy);

  // 0.5 rps: a size's requests on a chain start about every 2 s, so this ladder is going when the gone one is opened.
  await setRate(app.page, 0.5);
  await ladder.run('3, 30', ['Ethereum', 'Base']);
  await expect(ladder.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await past.getByRole('button', { name: /^Open size ladder WETH to USDC at 7, 70 / }).click();
  await expect(app.page.getByRole('alert').filter({ hasText: /^No size ladder lad-earlier0001/ })).toHaveText(/The size ladder below is the one shown before, not this run\.$/);
  await expect(ladder.amounts).toHaveValue('3, 30');
  await expect(ladder.progress).toContainText('Done: 8/8 requests, 2 sizes on 2 chains.', { timeout: 40_000 });
});

test('a ladder left going when a past one is opened is listed and reads as it ends, without reloading the list', async ({ app }) => {
  const ladder = new LadderPage(app.page);
  await ladder.open();
  await ladder.run('1, 10', ['Ethereum'], { sell: 'WETH', buy: 'USDC' });
  await ladder.waitForEnd();
  await setRate(app.page, 0.5);
  await ladder.run('3, 30', ['Ethereum', 'Base']);
  await expect(ladder.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const past = app.page.getByRole('region', { name: 'Past size ladders' });
  await past.getByRole('button', { name: /^Open size ladder WETH to USDC at 1, 10 / }).click();
  await expect(ladder.amounts).toHaveValue('1, 10');
  const entry = past.getByRole('listitem').filter({ hasText: /^WETH → USDC at 3, 30/ });
  await expect(entry).toContainText(/ · running · /);
  await expect(entry).toContainText(/Ethereum, Base · 8\/8 · done · /, { timeout: 40_000 });
  // The screen still shows the ladder opened.
  await expect(ladder.amounts).toHaveValue('1, 10');
  await expect(ladder.progress).toContainText('Done: 4/4 requests, 2 sizes on 1 chain.');
});
