import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findTokenBySymbol } from '../domain/token-registry.ts';
import { isReusePortBalanced, WITHOUT_REUSEPORT_ENV } from './cluster.ts';
import { childPids, getOnNewConnection, pidsOf, startServe, stopServe, waitForProcesses, type RunningServe } from './cluster-test-support.ts';

const PRICE = `/swap/permit2/price?${new URLSearchParams({ chainId: '1', sellToken: findTokenBySymbol(1, 'USDC')!.address, buyToken: findTokenBySymbol(1, 'WETH')!.address, sellAmount: '1000000000' })}`;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cluster-test-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

const MODES: { name: string; env: Record<string, string>; isPrimaryServing: boolean; runs: boolean }[] = [
  { name: 'on Linux: the primary and one worker, each with its own SO_REUSEPORT socket', env: {}, isPrimaryServing: true, runs: isReusePortBalanced() },
  { name: "elsewhere: two workers on the cluster's one handle, the primary serving nothing", env: { [WITHOUT_REUSEPORT_ENV]: '1' }, isPrimaryServing: false, runs: true },
];

describe.each(MODES.filter((mode) => mode.runs))('serve --workers 2 $name', ({ env, isPrimaryServing }) => {
  let accessLog: string;
  let serve: RunningServe;
  let agent: Agent;
  // Connections kept alive across requests, opened before a burst: a burst then needs no handshakes.
  let keptAlive: Agent;
  const BURST_CONNECTIONS = 24;
  // The two processes that answer, once each has.
  let pids: Set<number>;

  beforeAll(async () => {
    accessLog = join(dir, `access-${isPrimaryServing}.log`);
    serve = await startServe(['--workers', '2', '--rate-limit-rps', '5', '--api-key', 'key-a', '--api-key', 'key-b', '--data-dir', dir, '--access-log', accessLog], env);
    const ca = await readFile(serve.line.caCertPath, 'utf8');
    // Many connections, each used once at a time: new connections are spread over the processes.
    agent = new Agent({ connect: { ca }, connections: 12, pipelining: 0 });
    keptAlive = new Agent({ connect: { ca }, connections: BURST_CONNECTIONS, pipelining: 1 });
    pids = await waitForProcesses(serve, agent, accessLog, 2);
  }, 120_000);

  afterAll(async () => {
    await agent.close();
    await keptAlive.close();
    await stopServe(serve);
  });

  async function getKeptAlive(key: string, path = '/swap/chains'): Promise<{ status: number; zid: string }> {
    const response = await request(`${serve.line.baseUrl}${path}`, { headers: { 'svc-api-key': key, 'svc-version': 'v2' }, dispatcher: keptAlive });
    await response.body.dump();
    return { status: response.statusCode, zid: String(response.headers['svc-zid']) };
  }

  // Opens every connection of `keptAlive` at once (spread over the processes) with requests that
  // stop at the path check (404), before any rate window counts them.
  async function openConnections(): Promise<void> {
    const answers = await Promise.all(Array.from({ length: BURST_CONNECTIONS }, () => getKeptAlive('key-a', '/not-an-endpoint')));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
  }

  // A burst on open connections that starts as a new wall-clock second begins (a fresh rate window)
  // and ends in it: no TLS handshake inside the second, so a busy machine still fits it. Both
  // processes answer a share of it, so the limit holds only if they count in the same windows.
  async function burstInOneSecond(keys: string[], perKey: number): Promise<Map<string, number[]>> {
    for (let attempt = 0; attempt < 10; attempt++) {
      await openConnections();
      const previous = Math.floor(Date.now() / 1000);
      await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(previous), { interval: 2, timeout: 5_000 });
      const second = Math.floor(Date.now() / 1000);
      const results = await Promise.all(keys.flatMap((key) => Array.from({ length: perKey }, () => getKeptAlive(key).then((answer) => [key, answer] as const))));
      if (Math.floor(Date.now() / 1000) !== second) continue;
      expect(await pidsOf(accessLog, results.map(([, answer]) => answer.zid))).toEqual(pids);
      const byKey = new Map<string, number[]>(keys.map((key) => [key, []]));
      for (const [key, answer] of results) byKey.get(key)!.push(answer.status);
      return byKey;
    }
    throw new Error('no burst fitted in one second');
  }

  it(isPrimaryServing ? 'answers from the primary and its one worker' : 'answers from two workers, not from the primary', () => {
    const children = childPids(serve.child.pid!);
    expect(pids).toEqual(new Set(isPrimaryServing ? [serve.child.pid!, ...children] : children));
    expect(children).toHaveLength(isPrimaryServing ? 1 : 2);
  });

  it('keeps the per-key limit exact across processes: 5 rps per key, each key counted alone', async () => {
    const byKey = await burstInOneSecond(['key-a', 'key-b'], 12);
    for (const statuses of byKey.values()) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    }
  });

  it('counts wrong keys per address across processes: 5 per second get 401, the rest 429', async () => {
    const byKey = await burstInOneSecond(['not-a-key'], 12);
    const statuses = byKey.get('not-a-key')!;
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('answers the same query identically from every process, zid aside', async () => {
    // Answers by block, by process: the same block must give the same body whichever process answered.
    const bodies = new Map<string, Map<number, string>>();
    let sent = 0;
    await vi.waitFor(
      async () => {
        const answer = await getOnNewConnection(serve, agent, sent++ % 2 === 0 ? 'key-a' : 'key-b', PRICE);
        if (answer.status !== 429) {
          expect(answer.status).toBe(200);
          const [pid] = await pidsOf(accessLog, [answer.zid]);
          const { blockNumber } = JSON.parse(answer.body) as { blockNumber: string };
          const byPid = bodies.get(blockNumber) ?? new Map<number, string>();
          byPid.set(pid!, answer.body.replace(/"zid":"0x[0-9a-f]+"/, '"zid":""'));
          bodies.set(blockNumber, byPid);
        }
        expect([...bodies.values()].some((byPid) => byPid.size === 2)).toBe(true);
      },
      { timeout: 60_000, interval: 0 },
    );
    for (const byPid of bodies.values()) expect(new Set(byPid.values()).size).toBe(1);
  });
});

describe('serve --workers 2 on a taken port', () => {
  it('exits 1 with a one-line reason, leaving no worker to keep it alive', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as AddressInfo).port);
    const failing = startServe(['--workers', '2', '--port', port, '--data-dir', dir]);
    const error = await failing.then(() => undefined, (reason: Error) => reason);
    taken.close();
    expect(error?.message).toMatch(/serve exited with 1: .*could not start: .*EADDRINUSE/);
    expect(error?.message).not.toMatch(/\n\s+at /);
  });

  it('refuses the port of another serve --workers 2, whose sockets would let it join their group', async () => {
    const first = await startServe(['--workers', '2', '--data-dir', dir]);
    const second = startServe(['--workers', '2', '--port', new URL(first.line.baseUrl).port, '--data-dir', dir]);
    try {
      const error = await second.then(() => undefined, (reason: Error) => reason);
      expect(error?.message).toMatch(/serve exited with 1: .*could not start: .*EADDRINUSE/);
    } finally {
      await second.then(stopServe, () => undefined);
      await stopServe(first);
    }
  });
});

describe('serve --workers 2 --max-connections 10', () => {
  // Resolves true once the TLS handshake finishes (the connection was taken), false once refused.
  function handshake(port: number, ca: string): Promise<{ socket: TLSSocket; isTaken: boolean }> {
    return new Promise((resolve) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => resolve({ socket, isTaken: true }));
      socket.once('error', () => resolve({ socket, isTaken: false }));
      socket.once('close', () => resolve({ socket, isTaken: false }));
    });
  }

  it('holds the cap for the whole server: of 24 connections at most 10 are taken, the rest refused at once with a log line naming the option', async () => {
    const cappedLog = join(dir, 'capped.log');
    const capped = await startServe(['--workers', '2', '--max-connections', '10', '--data-dir', dir, '--access-log', cappedLog]);
    const ca = await readFile(capped.line.caCertPath, 'utf8');
    const probes = new Agent({ connect: { ca }, pipelining: 0 });
    try {
      // Both processes listen (5 connections each) before the connections are counted.
      await waitForProcesses(capped, probes, cappedLog, 2);
      const port = Number(new URL(capped.line.baseUrl).port);
      // Every attempt ends one way or the other long before the 10 s handshake limit: none waits.
      const results = await Promise.all(Array.from({ length: 24 }, () => handshake(port, ca)));
      const taken = results.filter((result) => result.isTaken);
      expect(taken.length).toBeGreaterThan(0);
      expect(taken.length).toBeLessThanOrEqual(10);
      await vi.waitFor(() => expect(capped.stderr()).toMatch(/connection cap reached: 10 connections open \(5 in each of 2 processes\).*--max-connections/), { timeout: 10_000 });
      for (const { socket } of results) socket.destroy();
    } finally {
      await probes.close();
      await stopServe(capped);
    }
  }, 120_000);
});
