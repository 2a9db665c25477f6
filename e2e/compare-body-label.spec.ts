import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
import { closedPort, makeCert, startRawHttps, type RawServer } from '../src/core/http/test-support.ts';
import type { Connection } from '../src/core/ports.ts';
import { CompareRequestSchema } from '../src/ipc/channels/compare.ts';

/**
 * How the row detail names a side's body. Ethereum's row is rewritten as a run saved before sides
 * kept their HTTP status: Permit2's request reached nothing (NETWORK) and its detail offered "Raw JSON
 * body" on an empty body; Allowance Holder's was refused with a JSON body (HTTP 400 INPUT_INVALID),
 * which must still be offered. On Optimism Permit2 met a gateway's HTML 502 page, and on Base an
 * empty 503, both offered as "Raw JSON body". Run by the engine before the app starts, into the
 * app's own history and comparisons folder, then reopened.
 */

const GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n';

// A gateway in front of nothing: HTML 502 on Optimism's requests, an empty 503 on the others.
// Retry-After 0 so that the client's retries of these statuses do not wait.
async function startGateway(tls: { cert: string; key: string }): Promise<RawServer> {
  return startRawHttps(tls, (req, res) => {
    if (new URL(req.url ?? '/', 'https://gateway').searchParams.get('chainId') === '10') {
      res.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' }).end(GATEWAY_PAGE);
    } else {
      res.writeHead(503, { 'retry-after': '0' }).end();
    }
  });
}

interface Faults {
  connection: Connection;
  history: HistoryStore;
  closedPort: number;
  gateway: RawServer;
  gatewayCa: string;
}

// Permit2 on Ethereum goes to the closed port and Allowance Holder's is sent as is with an amount
// the service refuses; Permit2 on Optimism and Base goes to the gateway; the rest to the service.
function sideFaults({ connection, history, closedPort: port, gateway, gatewayCa }: Faults): RequestService {
  const client = { transport: undiciTransport };
  const sink = inThreadSink(history);
  const service = createRequestService({ connections: fixedConnections(connection), history: sink, client });
  const nowhere = createRequestService({ connections: fixedConnections({ ...connection, baseUrl: `https://127.0.0.1:${port}` }), history: sink, client });
  const proxied = createRequestService({ connections: fixedConnections({ ...connection, baseUrl: gateway.baseUrl, caPem: gatewayCa }), history: sink, client });
  return {
    send(input) {
      const chain = input.params.chainId;
      if (input.endpoint === 'permit2.price' && chain === '1') return nowhere.send(input);
      if (input.endpoint === 'permit2.price') return proxied.send(input);
      if (input.endpoint === 'allowance-holder.price' && chain === '1') return service.send({ ...input, params: { ...input.params, sellAmount: 'all of it' }, sendAsIs: true });
      return service.send(input);
    },
    cancel: (requestId) => service.cancel(requestId) || nowhere.cancel(requestId) || proxied.cancel(requestId),
    async close() {
      await Promise.all([service.close(), nowhere.close(), proxied.close()]);
    },
  };
}

// The run file as a run saved before sides kept their status: Ethereum's details lose it.
async function forgetEthereumStatuses(userDataDir: string): Promise<void> {
  const folder = join(userDataDir, 'comparisons');
  const [file] = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  const path = join(folder, file!);
  const run = JSON.parse(await readFile(path, 'utf8')) as { details: Record<string, Record<string, { status?: unknown } | null>> };
  for (const side of Object.values(run.details['1']!)) delete side?.status;
  await writeFile(path, JSON.stringify(run));
}

async function runWithFaults(userDataDir: string): Promise<void> {
  const serviceDir = await mkdtemp(join(tmpdir(), 'body-label-service-'));
  const service = await startLocalService({ dataDir: serviceDir });
  const tls = await makeCert();
  const gateway = await startGateway(tls);
  const history = HistoryStore.open(historyFileIn(userDataDir));
  const connection = localServiceConnection(service);
  const requests = sideFaults({ connection, history, closedPort: await closedPort(), gateway, gatewayCa: tls.cert });
  try {
    const runner = createCompareRunner({ requests, store: createRunStore(userDataDir), defaultProfileId: 'local' });
    await runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1, 10, 8453] })).finished;
  } finally {
    await requests.close();
    await gateway.close();
    await service.close();
    history.close();
    await rm(serviceDir, { recursive: true, force: true });
  }
  await forgetEthereumStatuses(userDataDir);
}

const test = base.extend({
  userDataDir: async ({ userDataDir }, use) => {
    await runWithFaults(userDataDir);
    await use(userDataDir);
  },
});

const HEAVY = { timeout: 30_000 };

async function expectAxeClean(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
}

test('in a run saved before statuses, a side no answer reached offers no body; a side refused with JSON keeps it', async ({ app }) => {
  await app.show('Compare');
  const compare = new ComparePage(app.page);
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.rows).toHaveCount(3, HEAVY);

  const ethereum = await compare.openDetail('Ethereum');
  const unreachable = ethereum.getByRole('article', { name: 'Permit2 detail' });
  await expect(unreachable).toContainText('ECONNREFUSED', HEAVY);
  await expect(unreachable).toContainText('No JSON body: no answer was received (NETWORK), so there is no response to show.', HEAVY);
  await expect(unreachable.getByText('Raw JSON body', { exact: true })).toHaveCount(0);
  const refused = ethereum.getByRole('article', { name: 'Allowance Holder detail' });
  await expect(refused).toContainText('INPUT_INVALID', HEAVY);
  await refused.getByText('Raw JSON body', { exact: true }).click();
  await expect(refused.getByRole('region', { name: 'Allowance Holder raw JSON body' })).toContainText('"name": "INPUT_INVALID"', HEAVY);
  await expectAxeClean(app.page);
});

test("a gateway's HTML 502 is offered as a raw body that is not JSON, shown as received; an empty 503 says it was empty", async ({ app }, testInfo) => {
  await app.show('Compare');
  const compare = new ComparePage(app.page);
  await compare.reopen('1,000 USDC to WETH');
  await expect(compare.rows).toHaveCount(3, HEAVY);

  const optimism = await compare.openDetail('Optimism');
  const gateway = optimism.getByRole('article', { name: 'Permit2 detail' });
  await expect(gateway).toContainText('HTTP 502', HEAVY);
  // No error name to look up: what to do is the 502's, not "read the error name" nor every REMOTE_ERROR's.
  await expect(gateway.getByRole('paragraph').filter({ hasText: /^What to do:/ })).toHaveText("What to do: It was already retried as far as the retry rule allows (honouring Retry-After): wait, check the service's status, then send again.");
  await expect(gateway.getByText('Raw JSON body', { exact: true })).toHaveCount(0);
  await gateway.getByText('Raw body (not JSON, HTTP 502)', { exact: true }).click();
  // As received: the page's own text, not one quoted JSON string with its newline escaped.
  await expect(gateway.getByRole('region', { name: 'Permit2 raw body' })).toHaveText(GATEWAY_PAGE, HEAVY);
  await expect(gateway.getByRole('button', { name: 'Copy as received Permit2 raw body' })).toHaveText('Copy as received');
  await expect(gateway.getByRole('button', { name: /^Copy formatted/ })).toHaveCount(0);
  await expect(optimism.getByRole('article', { name: 'Allowance Holder detail' }).getByText('Raw JSON body', { exact: true })).toBeVisible();
  await expectAxeClean(app.page);
  await saveScreenshotSet(app.page, (name) => testInfo.outputPath(name), 'compare-body-label-502');

  await optimism.getByRole('button', { name: 'Close details' }).click();
  const base8453 = await compare.openDetail('Base');
  const empty = base8453.getByRole('article', { name: 'Permit2 detail' });
  await expect(empty).toContainText('No body: the answer (HTTP 503) was empty, so there is nothing to show.', HEAVY);
  await expect(empty.getByText(/^Raw (JSON )?body/)).toHaveCount(0);
  await expectAxeClean(app.page);
});
