import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Set-up shared by the specs of past comparisons reopened while another run goes. */

/** The local profile's rate budget, set through the app's own channel. */
export async function setRate(page: Page, rateBudgetRps: number): Promise<void> {
  const answer = await page.evaluate(
    (rps) => (window as unknown as { api: { profiles: { setRateBudget: (input: unknown) => Promise<{ ok: boolean }> } } }).api.profiles.setRateBudget({ profileId: 'local', rateBudgetRps: rps }),
    rateBudgetRps,
  );
  expect(answer.ok).toBe(true);
}

/**
 * A run of an earlier session (this session's are also held in memory): a copy of the one run file
 * in the data dir, as 7 USDC, under runId cmp-earlier0001. Returns the copy's path.
 */
export async function copyAsEarlierRun(userDataDir: string): Promise<string> {
  const folder = join(userDataDir, 'comparisons');
  const [file] = await readdir(folder);
  const stored = JSON.parse(await readFile(join(folder, file!), 'utf8')) as { status: { runId: string; request: { amount: string } } };
  const copy = join(folder, 'cmp-earlier0001.json');
  stored.status.runId = 'cmp-earlier0001';
  stored.status.request.amount = '7';
  await writeFile(copy, JSON.stringify(stored));
  return copy;
}
