import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalService, type LocalServiceOptions, type RunningService } from '../../service/index.ts';
import { wethToUsdc } from '../../service/test-fixtures.ts';
import { testConnection } from '../http/test-support.ts';
import { createRequestService, type RequestService } from './send-request.ts';
import { MemoryHistory, fixedConnections } from './test-support.ts';

// The fault suite (issue 7, item 1) driven by the local service's own knobs.
let running: RunningService | null = null;
let requests: RequestService | null = null;

async function setUp(knobs: Partial<LocalServiceOptions>, rateBudgetRps: number, headersMs = 10_000) {
  running = await startLocalService({ dataDir: await mkdtemp(join(tmpdir(), 'fault-suite-')), ...knobs });
  const history = new MemoryHistory();
  const connection = testConnection(running.baseUrl, { profileId: 'p', caPem: running.caCertPem, apiKey: running.apiKeys[0]!, rateBudgetRps });
  requests = createRequestService({ connections: fixedConnections(connection), history, client: { backoffBaseMs: 5, overallTimeoutMs: 10_000, timeouts: { headersMs } } });
  return { history, requests };
}

afterEach(async () => {
  await requests?.close();
  await running?.close();
  requests = null;
  running = null;
});

describe('fault suite against the local service', { timeout: 10_000 }, () => {
  it('retries injected 500s and dropped connections 3 times, then reports them', async () => {
    const { history, requests } = await setUp({ faultRate: 1 }, 1000);
    const { entry } = await requests.send({ profileId: 'p', endpoint: 'permit2.price', params: wethToUsdc() });
    expect(entry.attempts).toBe(3);
    expect(['REMOTE_ERROR', 'NETWORK']).toContain(entry.appError?.code);
    expect(history.entries).toHaveLength(1);
  });

  it('honours a short Retry-After from a 429 and then succeeds', async () => {
    const { requests } = await setUp({ rateLimitRps: 1 }, 1000);
    const send = () => requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    const results = await Promise.all([send(), send()]);
    expect(results.map((result) => result.entry.status)).toEqual([200, 200]);
    expect(results.map((result) => result.entry.attempts).sort()).toEqual([1, 2]);
  });

  it('keeps 20 concurrent requests under the profile budget: zero 429s', async () => {
    let tooMany = 0;
    const { requests } = await setUp({ rateLimitRps: 20, accessLog: (line) => (tooMany += (JSON.parse(line) as { status: number }).status === 429 ? 1 : 0) }, 20);
    const results = await Promise.all(Array.from({ length: 20 }, () => requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} })));
    expect(tooMany).toBe(0);
    expect(results.every((result) => result.entry.status === 200 && result.entry.attempts === 1)).toBe(true);
  });

  it('reports TIMEOUT when the service is slower than the headers timeout', async () => {
    const { history, requests } = await setUp({ latencyMs: 3_000 }, 1000, 300);
    const { entry } = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    expect(entry.appError?.code).toBe('TIMEOUT');
    expect(entry.status).toBeNull();
    expect(history.entries).toHaveLength(1);
  });

  it('takes a cancelled request out of the rate queue without sending it', async () => {
    let seen = 0;
    const { requests } = await setUp({ accessLog: () => (seen += 1) }, 1);
    const first = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    const queued = requests.send({ requestId: 'queued', profileId: 'p', endpoint: 'swap.chains', params: {} });
    while (!requests.cancel('queued')) await new Promise((resolve) => setImmediate(resolve));
    const { entry } = await queued;
    expect(first.entry.status).toBe(200);
    expect(entry).toMatchObject({ attempts: 0, status: null, appError: { code: 'CANCELLED' } });
    expect(seen).toBe(1);
  });
});
