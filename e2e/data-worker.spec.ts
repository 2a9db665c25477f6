import { fileURLToPath } from 'node:url';
import { expect, test } from './app-session.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';

// Issue 16: the data worker dies (a stand-in entry ends its thread when asked for the retention
// setting, as a crash mid-call would); the app says so once, requests keep working and nothing
// kept before is lost. The rest of the suite runs on the real worker through the same harness.
const CRASHING_ENTRY = fileURLToPath(new URL('../src/core/data/test-support/crashing-entry.ts', import.meta.url));

async function sendPrice(explorer: ExplorerPage): Promise<string> {
  await explorer.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

test('a data worker crash is said once; requests go on and every kept entry is still in History', async ({ page, openSession }) => {
  const session = await openSession(page, { dataWorkerEntry: CRASHING_ENTRY });
  const { engine, app } = session;
  let noticeReads = 0;
  const readNotices = engine.handlers['history.notices'];
  engine.handlers['history.notices'] = (input) => {
    noticeReads += 1;
    return readNotices(input);
  };
  const explorer = new ExplorerPage(app.page);
  const before = await sendPrice(explorer);

  await expect(engine.handlers['history.getRetention']()).rejects.toMatchObject({ code: 'DATA_WORKER_RESTARTED' });
  const notices = app.page.getByRole('region', { name: 'Notices' });
  await expect(notices.getByRole('alert')).toHaveCount(1);
  await expect(notices.getByRole('alert')).toContainText('The data worker (history, imports, exports) stopped unexpectedly (exit code 3) and was restarted');
  await app.screenshot('notice-data-worker-restarted');

  const after = await sendPrice(explorer);
  expect(after).not.toBe(before);
  await app.show('History');
  const history = new HistoryPage(app.page);
  for (const zid of [before, after]) await expect(history.row(zid)).toHaveCount(1);

  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
  // Two more reads of the notice list (one every few seconds) must not bring it back.
  const readsAtDismiss = noticeReads;
  await expect.poll(() => noticeReads, { timeout: 30_000 }).toBeGreaterThanOrEqual(readsAtDismiss + 2);
  await expect(app.page.getByRole('alert')).toHaveCount(0);
  await session.close();
});
