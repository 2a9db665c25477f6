import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
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
  agent = new Agent({ connect: { ca: await readFile(line.caCertPath, 'utf8') }, connections: 12, pipelining: 0 });
}, 60_000);

afterAll(async () => {
  await agent.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await rm(dir, { recursive: true, force: true });
});

async function get(key: string, path = '/swap/chains'): Promise<{ status: number; body: string }> {
  const response = await request(`${line.baseUrl}${path}`, { headers: { 'svc-api-key': key, 'svc-version': 'v2', connection: 'close' }, dispatcher: agent });
  return { status: response.statusCode, body: await response.body.text() };
}

// A burst that starts as a new wall-clock second begins (a fresh rate window) and ends in it.
async function burstInOneSecond(keys: string[], perKey: number): Promise<Map<string, number[]>> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const previous = Math.floor(Date.now() / 1000);
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(previous), { interval: 2, timeout: 2_000 });
    const second = Math.floor(Date.now() / 1000);
    const results = await Promise.all(keys.flatMap((key) => Array.from({ length: perKey }, () => get(key).then((r) => [key, r.status] as const))));
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
