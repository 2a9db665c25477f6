import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { swapChains } from '../src/domain/chains.ts';
import { tokensOf } from '../src/domain/token-registry.ts';
import { startLocalService, type LocalServiceOptions, type RunningService } from '../src/service/index.ts';
import type { Connection } from '../src/core/ports.ts';
import { createRequestService, type RequestService, type SendInput } from '../src/core/request/send-request.ts';
import { MemoryHistory, fixedConnections, localServiceConnection } from '../src/core/request/test-support.ts';
import { schedulerOverheadRows } from './scheduler-overhead.ts';
import type { BenchRow } from './types.ts';
import { undiciTransport } from '../src/core/http/undici-transport.ts';

/**
 * The engine's request path end to end against the local service over HTTPS: (a) concurrency
 * without a budget (20 requests should cost about one), (b) pacing under a 5 rps budget against a
 * service limiting at 5 rps (40 requests in about 7.3 s, never a 429), (c) the engine's own overhead.
 */

const LATENCY_MS = 150;

/** 20 price requests: the first 10 swap chains x both allowance models. */
function twentyRequests(): SendInput[] {
  return swapChains()
    .slice(0, 10)
    .flatMap((chain) => {
      const [sell, buy] = tokensOf(chain.chainId);
      const params = { chainId: String(chain.chainId), sellToken: sell!.address, buyToken: buy!.address, sellAmount: (10n ** BigInt(sell!.decimals)).toString() };
      return (['allowance-holder.price', 'permit2.price'] as const).map((endpoint) => ({ profileId: 'bench', endpoint, params }));
    });
}

interface Rig {
  service: RunningService;
  requests: RequestService;
  statuses: number[];
  close(): Promise<void>;
}

async function rig(knobs: Partial<LocalServiceOptions>, rateBudgetRps: number): Promise<Rig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-scheduler-'));
  const statuses: number[] = [];
  const service = await startLocalService({ dataDir, ...knobs, accessLog: (line) => statuses.push((JSON.parse(line) as { status: number }).status) });
  const connection: Connection = { ...localServiceConnection(service, rateBudgetRps), profileId: 'bench', profileName: 'Bench' };
  const requests = createRequestService({ connections: fixedConnections(connection), history: new MemoryHistory(), client: { transport: undiciTransport } });
  const close = async () => {
    await requests.close();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { service, requests, statuses, close };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function concurrencyRows(): Promise<BenchRow[]> {
  const { requests, close } = await rig({ latencyMs: LATENCY_MS }, 0);
  try {
    const batch = twentyRequests();
    // Warm: open the sockets once, as a running app has them.
    await Promise.all(batch.map((input) => requests.send(input)));
    const singles: number[] = [];
    for (const input of batch.slice(0, 5)) singles.push(await timed(() => requests.send(input)));
    const single = singles.sort((a, b) => a - b)[2]!;
    const concurrent = await timed(() => Promise.all(batch.map((input) => requests.send(input))));
    const sequential = await timed(async () => {
      for (const input of batch) await requests.send(input);
    });
    const detail = `single ${single.toFixed(0)} ms, 20 concurrent ${concurrent.toFixed(0)} ms, 20 sequential ${sequential.toFixed(0)} ms (service latency ${LATENCY_MS} ms)`;
    return [
      { name: 'Scheduler: 20 concurrent / single request', value: concurrent / single, unit: 'x', target: 1.3, comparison: '<=', detail },
      { name: 'Scheduler: 20 sequential / single request', value: sequential / single, unit: 'x', target: 18, comparison: '>=', detail: 'sanity: sequential costs ~20 singles' },
    ];
  } finally {
    await close();
  }
}

async function pacingRows(): Promise<BenchRow[]> {
  const { requests, statuses, close } = await rig({ rateLimitRps: 5 }, 5);
  try {
    const batch = [...twentyRequests(), ...twentyRequests()];
    const total = await timed(() => Promise.all(batch.map((input) => requests.send(input))));
    const tooMany = statuses.filter((status) => status === 429).length;
    // At most 5 starts in any 1.025 s window (rate-scheduler.ts): eight windows of five, the last
    // opening 7 x 1.025 s in, then one service latency.
    const ideal = 7 * 1_025 + LATENCY_MS;
    const detail = `40 requests in ${(total / 1000).toFixed(2)} s at a 5 rps budget against a 5 rps limit; ideal ${(ideal / 1000).toFixed(3)} s (5 starts per 1.025 s window, then ${LATENCY_MS} ms of latency)`;
    return [
      { name: 'Scheduler: 40 requests at 5 rps / ideal', value: total / ideal, unit: 'x', target: 1.05, comparison: '<=', detail },
      { name: 'Scheduler: 429s caused by the batch', value: tooMany, unit: 'count', target: 0, comparison: '<=' },
    ];
  } finally {
    await close();
  }
}

/** The scheduler rows of the bench table. */
export async function run(): Promise<BenchRow[]> {
  return [...(await concurrencyRows()), ...(await pacingRows()), ...(await schedulerOverheadRows())];
}
