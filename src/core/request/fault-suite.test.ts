import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalService, type LocalServiceOptions, type RunningService } from '../../service/index.ts';
import { wethToUsdc } from '../../service/test-fixtures.ts';
import { recordReliability } from '../../test-support/reliability.ts';
import { testConnection } from '../http/test-support.ts';
import { createRequestService, type RequestService } from './send-request.ts';
import { MemoryHistory, fixedConnections } from './test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';

// The fault suite (issue 7, item 1) driven by the local service's own knobs.
let running: RunningService | null = null;
let requests: RequestService | null = null;

async function setUp(knobs: Partial<LocalServiceOptions>, rateBudgetRps: number, headersMs = 10_000) {
  running = await startLocalService({ dataDir: await mkdtemp(join(tmpdir(), 'fault-suite-')), ...knobs });
  const history = new MemoryHistory();
  const connection = testConnection(running.baseUrl, { profileId: 'p', caPem: running.caCertPem, apiKey: running.apiKeys[0]!, rateBudgetRps });
  requests = createRequestService({ connections: fixedConnections(connection), history, client: { transport: undiciTransport, backoffBaseMs: 5, overallTimeoutMs: 10_000, timeouts: { headersMs } } });
  return { history, requests };
}

afterEach(async () => {
  await requests?.close();
  await running?.close();
  requests = null;
  running = null;
});

describe('fault suite against the local service', { timeout: 60_000 }, () => {
  it('retries injected 500s and dropped connections 3 times, then reports them', async ({ task }) => {
    const { history, requests } = await setUp({ faultRate: 1 }, 1000);
    const { entry } = await requests.send({ profileId: 'p', endpoint: 'permit2.price', params: wethToUsdc() });
    recordReliability(task, {
      area: 'faults',
      done: 'the local service injects a 500 or a dropped connection into every request (faultRate 1)',
      must: 'retry 3 times, then REMOTE_ERROR or NETWORK; a history entry',
      observed: `${entry.appError?.code}, status ${entry.status ?? 'none'}, ${entry.attempts} attempts, ${Math.round(entry.durationMs)} ms; ${history.entries.length} history entry`,
    });
    expect(entry.attempts).toBe(3);
    expect(['REMOTE_ERROR', 'NETWORK']).toContain(entry.appError?.code);
    expect(history.entries).toHaveLength(1);
  });

  it('honours a short Retry-After from a 429 and then succeeds', async ({ task }) => {
    // The service's clock opens a fresh one-second rate window as the two requests go out, so both
    // land in it however slow the machine: with the wall clock, a window edge falling between them
    // let both through (seen on a busy 2-core CI run).
    let shiftMs = 0;
    const { history, requests } = await setUp({ rateLimitRps: 1, now: () => Date.now() - shiftMs }, 1000);
    const send = () => requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    shiftMs = Date.now() % 1000;
    const results = await Promise.all([send(), send()]);
    recordReliability(task, {
      area: 'faults',
      done: 'two requests at once against a 1 request/s limit: the second is answered 429 with a short Retry-After',
      must: 'wait as asked, then succeed; a history entry each',
      observed: `statuses ${results.map((result) => result.entry.status).join(', ')}; attempts ${results.map((result) => result.entry.attempts).join(', ')}; longest ${Math.round(Math.max(...results.map((result) => result.entry.durationMs)))} ms; ${history.entries.length} history entries`,
    });
    expect(results.map((result) => result.entry.status)).toEqual([200, 200]);
    expect(results.map((result) => result.entry.attempts).sort()).toEqual([1, 2]);
    expect(history.entries).toHaveLength(2);
  });

  it('keeps 20 concurrent requests under the profile budget: zero 429s', async ({ task }) => {
    let tooMany = 0;
    const { requests } = await setUp({ rateLimitRps: 20, accessLog: (line) => (tooMany += (JSON.parse(line) as { status: number }).status === 429 ? 1 : 0) }, 20);
    const results = await Promise.all(Array.from({ length: 20 }, () => requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} })));
    recordReliability(task, {
      area: 'faults',
      done: '20 requests at once to a service limited to 20 requests/s, with the profile budget at 20/s',
      must: 'pace them: no 429 at all',
      observed: `${results.filter((result) => result.entry.status === 200).length} answered 200, ${tooMany} answered 429, ${results.filter((result) => result.entry.attempts > 1).length} retried`,
    });
    expect(tooMany).toBe(0);
    expect(results.every((result) => result.entry.status === 200 && result.entry.attempts === 1)).toBe(true);
  });

  it('reports TIMEOUT when the service is slower than the headers timeout', async ({ task }) => {
    const { history, requests } = await setUp({ latencyMs: 3_000 }, 1000, 300);
    const { entry } = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    recordReliability(task, {
      area: 'faults',
      done: 'the local service answers after 3 s; the headers timeout is 300 ms',
      must: 'TIMEOUT without waiting for the answer; a history entry',
      observed: `${entry.appError?.code}, status ${entry.status ?? 'none'}, ${entry.attempts} attempt(s), ${Math.round(entry.durationMs)} ms; ${history.entries.length} history entry`,
    });
    expect(entry.appError?.code).toBe('TIMEOUT');
    expect(entry.status).toBeNull();
    expect(history.entries).toHaveLength(1);
  });

  it('takes a cancelled request out of the rate queue without sending it', async ({ task }) => {
    let seen = 0;
    const { requests } = await setUp({ accessLog: () => (seen += 1) }, 1);
    const first = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
    const queued = requests.send({ requestId: 'queued', profileId: 'p', endpoint: 'swap.chains', params: {} });
    while (!requests.cancel('queued')) await new Promise((resolve) => setImmediate(resolve));
    const { entry } = await queued;
    recordReliability(task, {
      area: 'faults',
      done: 'a request waiting in the 1 request/s rate queue is cancelled',
      must: 'CANCELLED at once, never sent',
      observed: `${entry.appError?.code}, ${entry.attempts} attempts, ${seen - 1} sent after the first`,
    });
    expect(first.entry.status).toBe(200);
    expect(entry).toMatchObject({ attempts: 0, status: null, appError: { code: 'CANCELLED' } });
    expect(seen).toBe(1);
  });
});
