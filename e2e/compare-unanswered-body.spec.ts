import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { saveScreenshotSet } from './screenshot.ts';
import { startLocalService } from '../src/service/index.ts';
import { HistoryStore } from '../src/core/history/index.ts';
import { historyFileIn } from '../src/core/history/history-path.ts';
import { createCompareRunner } from '../src/core/compare/runner.ts';
import { createRunStore } from '../src/core/compare/run-store.ts';
import { createRequestService, type RequestService } from '../src/core/request/send-request.ts';
import { fixedConnections, localServiceConnection } from '../src/core/request/test-support.ts';
import { inThreadSink } from '../src/core/request/record.ts';
import { undiciTransport } from '../src/core/http/undici-transport.ts';
import { closedPort } from '../src/core/http/test-support.ts';
import type { Connection } from '../src/core/ports.ts';
import { CompareRequestSchema } from '../src/ipc/channels/compare.ts';

/**
 * A comparison where Permit2's request on Ethereum reached nothing (NETWORK: the port refuses the
 * connection, so no answer and no body came back) and Permit2's on Optimism was refused by the
 * service (HTTP 400 INPUT_INVALID, a JSON body). The row detail offered "Raw JSON body" for the
 * first, and it held no response of the service's. Run by the engine against a local service before
 * the app starts, into the app's own history and comparisons folder, then reopened.
 */

// Permit2 on Ethereum goes to the closed port; on Optimism it is sent as is with an amount the
// service refuses; everything else goes to the service as planned. All of it is kept in one history.
function permit2Faults(connection: Connection, history: HistoryStore, port: number): RequestService {
  const client = { transport: undiciTransport };
  const service = createRequestService({ connections: fixedConnections(connection), history: inThreadSink(history), client });
  const nowhere = createRequestService({ connections: fixedConnections({ ...connection, baseUrl: `https://127.0.0.1:${port}` }), history: inThreadSink(history), client });
  return {
    send(input) {
      if (input.endpoint !== 'permit2.price') return service.send(input);
      if (input.params.chainId === '1') return nowhere.send(input);
      return service.send({ ...input, params: { ...input.params, sellAmount: 'all of it' }, sendAsIs: true });
    },
    cancel: (requestId) => service.cancel(requestId) || nowhere.cancel(requestId),
    async close() {
      await service.close();
      await nowhere.close();
    },
  };
}

async function runWithPermit2Faults(userDataDir: string): Promise<void> {
  const serviceDir = await mkdtemp(join(tmpdir(), 'unanswered-body-service-'));
  const service = await startLocalService({ dataDir: serviceDir });
  const history = HistoryStore.open(historyFileIn(userDataDir));
  const connection = localServiceConnection(service);
  const requests = permit2Faults(connection, history, await closedPort());
  try {
    const runner = createCompareRunner({ requests, store: createRunStore(userDataDir), defaultProfileId: 'local' });
    await runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1, 10] })).finished;
  } finally {
    await requests.close();
    await service.close();
    history.close();
    await rm(serviceDir, { recursive: true, force: true });
  }
}

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await runWithPermit2Faults(userDataDir);
    await use(userDataDir);
  },
});

const HEAVY = { timeout: 30_000 };

test('a side no answer reached offers no raw JSON body and says why; a side the service refused keeps its body', async ({ app }, testInfo) => {
  await app.show('Compare');
  const compare = new ComparePage(app.page);
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.rows).toHaveCount(2, HEAVY);

  const ethereum = await compare.openDetail('Ethereum');
  const unreachable = ethereum.getByRole('article', { name: 'Permit2 detail' });
  await expect(unreachable).toContainText('ECONNREFUSED', HEAVY);
  await expect(unreachable).toContainText('No JSON body: no answer was received (NETWORK), so there is no response to show.', HEAVY);
  await expect(unreachable.getByText('Raw JSON body', { exact: true })).toHaveCount(0);
  // The side that was answered still offers its body.
  await expect(ethereum.getByRole('article', { name: 'Allowance Holder detail' }).getByText('Raw JSON body', { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page: app.page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'compare-unanswered-body');

  await ethereum.getByRole('button', { name: 'Close details' }).click();
  const optimism = await compare.openDetail('Optimism');
  const refused = optimism.getByRole('article', { name: 'Permit2 detail' });
  await expect(refused).toContainText('INPUT_INVALID', HEAVY);
  await expect(refused).not.toContainText('No JSON body');
  await refused.getByText('Raw JSON body', { exact: true }).click();
  await expect(refused.getByRole('region', { name: 'Permit2 raw JSON body' })).toContainText('"name": "INPUT_INVALID"', HEAVY);
});
