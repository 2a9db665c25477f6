import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../ipc/result.ts';
import { SendRequestInputSchema, SendRequestOutputSchema } from '../../ipc/channels/request.ts';
import { DEMO_TAKERS, startLocalService, type RunningService } from '../../service/index.ts';
import { wethToUsdc } from '../../service/test-fixtures.ts';
import { testConnection } from '../http/test-support.ts';
import type { Connection } from '../ports.ts';
import { createRequestService, type RequestService } from './send-request.ts';
import { MemoryHistory, fixedConnections } from './test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';

// The request service against the real local service over HTTPS, with its certificate pinned.
let service: RunningService;
let slow: RunningService;
let history: MemoryHistory;
let requests: RequestService;

function connectionTo(running: RunningService, overrides: Partial<Connection> = {}): Connection {
  return testConnection(running.baseUrl, { caPem: running.caCertPem, apiKey: running.apiKeys[0]!, ...overrides });
}

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'send-request-'));
  // One after the other: the first start writes the certificate the second one reuses.
  service = await startLocalService({ dataDir });
  slow = await startLocalService({ dataDir, latencyMs: 3_000 });
  history = new MemoryHistory();
  requests = createRequestService({
    connections: fixedConnections(
      connectionTo(service, { profileId: 'local' }),
      connectionTo(service, { profileId: 'no-key', apiKey: null }),
      connectionTo(service, { profileId: 'v1', version: 'v1' }),
      connectionTo(slow, { profileId: 'slow' }),
    ),
    history,
    client: { transport: undiciTransport, backoffBaseMs: 5, overallTimeoutMs: 10_000 },
  });
});
afterAll(async () => {
  await requests.close();
  await Promise.all([service.close(), slow.close()]);
});

describe('request.send against the local service', { timeout: 60_000 }, () => {
  it.each(['allowance-holder.price', 'permit2.price'] as const)('prices on %s, keeps the entry with its zid and a clean schema report', async (endpoint) => {
    const result = await requests.send({ profileId: 'local', endpoint, params: wethToUsdc() });
    expect(SendRequestOutputSchema.safeParse(result).success).toBe(true);
    const { entry } = result;
    expect(entry.status).toBe(200);
    expect(entry.appError).toBeNull();
    expect(entry.schemaReport).toEqual([]);
    expect(entry.zid).toBe((entry.body as { zid: string }).zid);
    expect(entry).toMatchObject({ chainId: 1, sellToken: wethToUsdc().sellToken, buyToken: wethToUsdc().buyToken, errorName: null, attempts: 1 });
    expect(result.stored).toBe(true);
    expect(history.entries.at(-1)).toEqual(entry);
  });

  it('redacts the key from the recorded request headers', async () => {
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'swap.chains', params: {} });
    expect(entry.requestHeaders['svc-api-key']).toBe('REDACTED');
    expect(JSON.stringify(entry)).not.toContain(service.apiKeys[0]!);
  });

  it('gets a firm quote with its transaction', async () => {
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'allowance-holder.quote', params: wethToUsdc({ taker: DEMO_TAKERS.funded }) });
    expect(entry.status).toBe(200);
    expect(entry.schemaReport).toEqual([]);
    expect((entry.body as { transaction: { to: string } }).transaction.to).toMatch(/^0x/);
  });

  it('keeps a service INPUT_INVALID whole, with its field details', async () => {
    const { entry } = await requests.send({ profileId: 'v1', endpoint: 'permit2.price', params: wethToUsdc() });
    expect(entry.status).toBe(400);
    expect(entry.errorName).toBe('INPUT_INVALID');
    expect(entry.appError?.code).toBe('REMOTE_ERROR');
    const serviceError = (entry.appError?.details as { serviceError: { data: { zid: string; details: { field: string }[] } } }).serviceError;
    expect(serviceError.data.details[0]?.field).toBe('svc-version');
    expect(entry.zid).toBe(serviceError.data.zid);
    expect(entry.schemaReport).toEqual([]);
  });

  it('maps a missing key to AUTH_FAILED and still records the entry', async () => {
    const before = history.entries.length;
    const { entry } = await requests.send({ profileId: 'no-key', endpoint: 'permit2.price', params: wethToUsdc() });
    expect(entry.appError?.code).toBe('AUTH_FAILED');
    expect(entry.status).toBe(401);
    expect(history.entries.length).toBe(before + 1);
  });

  it('refuses invalid parameters before sending, with field details, and records nothing', async () => {
    const before = history.entries.length;
    const sent = requests.send({ profileId: 'local', endpoint: 'permit2.price', params: wethToUsdc({ sellAmount: 'ten', buyAmount: '1' }) });
    await expect(sent).rejects.toMatchObject({ code: 'INVALID_INPUT', details: expect.arrayContaining([expect.objectContaining({ field: 'sellAmount' })]) });
    expect(history.entries.length).toBe(before);
  });

  it('sends invalid parameters as written with sendAsIs, and keeps the service answer', async () => {
    const before = history.entries.length;
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'permit2.price', params: wethToUsdc({ sellToken: 'FOO' }), sendAsIs: true });
    expect(entry.status).toBe(400);
    expect(entry.url).toContain('sellToken=FOO');
    expect(entry.errorName).toBe('INPUT_INVALID');
    expect(history.entries.length).toBe(before + 1);
  });

  it('sends a parameter named __proto__ that passed the IPC boundary, and the service names it', async () => {
    const params = JSON.parse(JSON.stringify({ ...wethToUsdc(), proto: '1' }).replace('"proto"', '"__proto__"')) as Record<string, string>;
    const input = SendRequestInputSchema.parse({ requestId: 'proto', profileId: 'local', endpoint: 'permit2.price', params, sendAsIs: true });
    const { entry } = await requests.send(input);
    expect(new URL(entry.url).searchParams.get('__proto__')).toBe('1');
    expect(entry.status).toBe(400);
    expect(JSON.parse(entry.bodyText).data.details).toContainEqual(expect.objectContaining({ field: '__proto__' }));
  });

  it('answers NOT_FOUND for an unknown profile', async () => {
    await expect(requests.send({ profileId: 'nobody', endpoint: 'swap.chains', params: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cancels a request mid-flight by its id and records it as CANCELLED', async () => {
    const pending = requests.send({ requestId: 'r-1', profileId: 'slow', endpoint: 'swap.chains', params: {} });
    // The id is registered once the profile is resolved; wait for that condition, not for time.
    while (!requests.cancel('r-1')) await new Promise((resolve) => setImmediate(resolve));
    const { entry } = await pending;
    expect(entry.appError?.code).toBe('CANCELLED');
    expect(entry.errorName).toBe('CANCELLED');
    expect(entry.durationMs).toBeLessThan(3_000);
    expect(requests.cancel('r-1')).toBe(false);
  });

  it('returns the answer with a warning when history cannot keep it', async () => {
    history.failWith = new AppError('STORAGE', 'disk full');
    try {
      const result = await requests.send({ profileId: 'local', endpoint: 'swap.chains', params: {}, replayOf: 3 });
      expect(result).toMatchObject({ stored: false, entry: { id: 0, status: 200, replayOf: 3 } });
      expect(result.warning).toContain('disk full');
      expect(SendRequestOutputSchema.safeParse(result).success).toBe(true);
    } finally {
      history.failWith = null;
    }
  });
});
