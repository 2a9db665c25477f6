import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { saveScreenshotSet } from './screenshot.ts';
import { startLocalService } from '../src/service/index.ts';
import { HistoryStore } from '../src/core/history/index.ts';
import { createCompareRunner } from '../src/core/compare/runner.ts';
import { createRunStore } from '../src/core/compare/run-store.ts';
import { profileUnusableAfter } from '../src/core/compare/test-support.ts';
import { localServiceConnection } from '../src/core/request/test-support.ts';
import { CompareRequestSchema } from '../src/ipc/channels/compare.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';

/**
 * A comparison that failed part-way, reopened from the past runs: its profile became unusable after
 * Ethereum's two requests (NOT_CONFIGURED), so Optimism's were never sent. The Compare screen said
 * "cancelled" for them, and nobody had cancelled anything. Run by the engine against a local
 * service before the app starts, into the app's own history and comparisons folder, so that each
 * answered figure traces to its history entry; beside it a copy as runs were saved before
 * (its unsent sides "cancelled"), which must still open.
 */

const KEY_GONE = 'The API key stored for Local service cannot be sent: it was removed. Enter it again in Settings.';

async function runFailingPartWay(userDataDir: string): Promise<string> {
  const serviceDir = await mkdtemp(join(tmpdir(), 'failed-run-service-'));
  const service = await startLocalService({ dataDir: serviceDir });
  const history = HistoryStore.open(historyFileIn(userDataDir));
  const connection = localServiceConnection(service);
  const requests = profileUnusableAfter({ connection, history }, 2);
  try {
    const runner = createCompareRunner({ requests, store: createRunStore(userDataDir), defaultProfileId: 'local' });
    return (await runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1, 10] })).finished).runId;
  } finally {
    await requests.close();
    await service.close();
    history.close();
    await rm(serviceDir, { recursive: true, force: true });
  }
}

// The same run as saved before 'run-failed' existed: its unsent sides say cancelled, no error name.
async function saveAsBefore(userDataDir: string, runId: string): Promise<void> {
  const stored = JSON.parse(await readFile(join(userDataDir, 'comparisons', `${runId}.json`), 'utf8')) as { status: { runId: string; request: { amount: string }; rows: Record<string, Record<string, unknown>>[] } };
  stored.status.runId = 'cmp-older00001';
  stored.status.request.amount = '7';
  for (const row of stored.status.rows) {
    for (const side of [row.allowanceHolder!, row.permit2!]) if (side.state === 'run-failed') Object.assign(side, { state: 'cancelled', errorName: null, errorMessage: null });
  }
  await writeFile(join(userDataDir, 'comparisons', 'cmp-older00001.json'), JSON.stringify(stored));
}

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await saveAsBefore(userDataDir, await runFailingPartWay(userDataDir));
    await use(userDataDir);
  },
});

const HEAVY = { timeout: 30_000 };

test('a comparison that failed part-way says "run failed" on the sides it never sent, not cancelled; one saved before still opens', async ({ app }, testInfo) => {
  await app.show('Compare');
  const compare = new ComparePage(app.page);
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.progress).toContainText(`The comparison failed after 2/4 requests: ${KEY_GONE}`, HEAVY);
  await expect(compare.rows).toHaveCount(2);
  const optimism = compare.row('Optimism');
  await expect(optimism.locator('td.buy')).toHaveCount(2);
  for (const cell of await optimism.locator('td.buy').all()) await expect(cell).toContainText('run failed (NOT_CONFIGURED)');
  await expect(optimism).toContainText('no verdict: run failed');
  await expect(compare.row('Ethereum')).not.toContainText('run failed');
  await expect(compare.table).not.toContainText('cancelled');

  const detail = await compare.openDetail('Optimism');
  await expect(detail).toContainText(`No verdict: the run failed (NOT_CONFIGURED: ${KEY_GONE}) before both sides were answered; nobody cancelled them.`);
  await expect(detail).not.toContainText(/(?<!nobody )cancelled/);
  await expect(detail).toContainText(`run failed (NOT_CONFIGURED): ${KEY_GONE}`);
  // Never answered, the sides have no body: none is offered, and each says why.
  await expect(detail.getByText('Raw JSON body', { exact: true })).toHaveCount(0);
  for (const model of ['Allowance Holder', 'Permit2']) {
    await expect(detail.getByRole('article', { name: `${model} detail` })).toContainText('No JSON body: the run failed (NOT_CONFIGURED) before this side was answered.');
  }
  // Reopened after it ended: how it ended, never a time left.
  await expect(compare.progress).not.toContainText(/left|estimating/);
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'compare-failed-part-way');

  // Saved before: read as saved, its unsent sides still "cancelled" (not migrated, see ModelSideWireSchema).
  await compare.reopen('7 USDC to WETH');
  await expect(compare.caption).toContainText('7 USDC → WETH', HEAVY);
  const older = compare.row('Optimism').locator('td.buy');
  await expect(older).toHaveCount(2);
  for (const cell of await older.all()) await expect(cell).toContainText('cancelled');
});
