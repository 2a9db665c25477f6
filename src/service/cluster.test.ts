import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findTokenBySymbol } from '../domain/token-registry.ts';

const MAIN = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
const PRICE = `/swap/permit2/price?${new URLSearchParams({ chainId: '1', sellToken: findTokenBySymbol(1, 'USDC')!.address, buyToken: findTokenBySymbol(1, 'WETH')!.address, sellAmount: '1000000000' })}`;

let dir: string;
let child: ChildProcessWithoutNullStreams;
let line: { baseUrl: string; caCertPath: string; apiKeys: string[] };
let agent: Agent;
// Connections kept alive across requests, opened before a burst: a burst then needs no handshakes.
let keptAlive: Agent;
const BURST_CONNECTIONS = 24;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cluster-test-'));
  child = spawn(process.execPath, [MAIN, 'serve', '--workers', '2', '--rate-limit-rps', '5', '--api-key', 'key-a', '--api-key', 'key-b', '--data-dir', dir, '--access-log', join(dir, 'access.log')]);
  let out = '';
  line = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  // Many connections, each used once at a time: the cluster deals new connections to the workers in turn.
  const ca = await readFile(line.caCertPath, 'utf8');
  agent = new Agent({ connect: { ca }, connections: 12, pipelining: 0 });
  keptAlive = new Agent({ connect: { ca }, connections: BURST_CONNECTIONS, pipelining: 1 });
}, 60_000);

afterAll(async () => {
  await agent.close();
  await keptAlive.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await rm(dir, { recursive: true, force: true });
});

async function get(key: string, path = '/swap/chains'): Promise<{ status: number; body: string }> {
  const response = await request(`${line.baseUrl}${path}`, { headers: { 'svc-api-key': key, 'svc-version': 'v2', connection: 'close' }, dispatcher: agent });
  return { status: response.statusCode, body: await response.body.text() };
}

async function getKeptAlive(key: string, path = '/swap/chains'): Promise<number> {
  const response = await request(`${line.baseUrl}${path}`, { headers: { 'svc-api-key': key, 'svc-version': 'v2' }, dispatcher: keptAlive });
  await response.body.dump();
  return response.statusCode;
}

// Opens every connection of `keptAlive` at once (dealt to the workers in turn) with requests that
// stop at the path check (404), before any rate window counts them.
async function openConnections(): Promise<void> {
  const statuses = await Promise.all(Array.from({ length: BURST_CONNECTIONS }, () => getKeptAlive('key-a', '/not-an-endpoint')));
  expect(new Set(statuses)).toEqual(new Set([404]));
}

// A burst on open connections that starts as a new wall-clock second begins (a fresh rate window)
// and ends in it: no TLS handshake inside the second, so a busy machine still fits it.
async function burstInOneSecond(keys: string[], perKey: number): Promise<Map<string, number[]>> {
  for (let attempt = 0; attempt < 10; attempt++) {
    await openConnections();
    const previous = Math.floor(Date.now() / 1000);
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(previous), { interval: 2, timeout: 5_000 });
    const second = Math.floor(Date.now() / 1000);
    const results = await Promise.all(keys.flatMap((key) => Array.from({ length: perKey }, () => getKeptAlive(key).then((status) => [key, status] as const))));
    if (Math.floor(Date.now() / 1000) !== second) continue;
    const byKey = new Map<string, number[]>(keys.map((key) => [key, []]));
    for (const [key, status] of results) byKey.get(key)!.push(status);
    return byKey;
  }
  throw new Error('no burst fitted in one second');
}

describe('serve --workers 2', () => {
  it('runs two worker processes behind one port', () => {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim().split('\n');
    expect(children).toHaveLength(2);
  });

  it('keeps the per-key limit exact across workers: 5 rps per key, each key counted alone', async () => {
    const byKey = await burstInOneSecond(['key-a', 'key-b'], 12);
    for (const statuses of byKey.values()) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    }
  });

  it('counts wrong keys per address across workers: 5 per second get 401, the rest 429', async () => {
    const byKey = await burstInOneSecond(['not-a-key'], 12);
    const statuses = byKey.get('not-a-key')!;
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('answers the same query identically from every worker, zid aside', async () => {
    const byBlock = new Map<string, Set<string>>();
    let answered = 0;
    while (answered < 6) {
      const answer = await get(answered % 2 === 0 ? 'key-a' : 'key-b', PRICE);
      if (answer.status === 429) continue;
      expect(answer.status).toBe(200);
      answered++;
      const { blockNumber } = JSON.parse(answer.body) as { blockNumber: string };
      // Same block, same answer: only the zid differs per request.
      byBlock.set(blockNumber, (byBlock.get(blockNumber) ?? new Set()).add(answer.body.replace(/"zid":"0x[0-9a-f]+"/, '"zid":""')));
    }
    for (const bodies of byBlock.values()) expect(bodies.size).toBe(1);
    expect(byBlock.size).toBeLessThan(6);
  });
});

describe('serve --workers 2 on a taken port', () => {
  it('exits 1 with a one-line reason, leaving no worker to keep it alive', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as AddressInfo).port);
    const failing = spawn(process.execPath, [MAIN, 'serve', '--workers', '2', '--port', port, '--data-dir', dir]);
    let stderr = '';
    failing.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => failing.once('exit', resolve));
    taken.close();
    expect(code).toBe(1);
    expect(stderr).toMatch(/could not start: .*EADDRINUSE/);
    expect(stderr).not.toMatch(/\n\s+at /);
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
    const capped = spawn(process.execPath, [MAIN, 'serve', '--workers', '2', '--max-connections', '10', '--data-dir', dir]);
    let stderr = '';
    capped.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      let out = '';
      const ready = await new Promise<{ baseUrl: string; caCertPath: string }>((resolve, reject) => {
        capped.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
        });
        capped.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const port = Number(new URL(ready.baseUrl).port);
      const ca = await readFile(ready.caCertPath, 'utf8');
      // Every attempt ends one way or the other long before the 10 s handshake limit: none waits.
      const results = await Promise.all(Array.from({ length: 24 }, () => handshake(port, ca)));
      const taken = results.filter((result) => result.isTaken);
      expect(taken.length).toBeGreaterThan(0);
      expect(taken.length).toBeLessThanOrEqual(10);
      await vi.waitFor(() => expect(stderr).toMatch(/connection cap reached: 10 connections open .*--max-connections/), { timeout: 10_000 });
      for (const { socket } of results) socket.destroy();
    } finally {
      const exited = new Promise((resolve) => capped.once('exit', resolve));
      capped.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
