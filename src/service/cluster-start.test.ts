import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isReusePortBalanced } from './cluster.ts';
import { childPids, getOnNewConnection, pidsOf, startServe, stopServe, waitForProcesses } from './cluster-test-support.ts';

// A worker that never starts: loaded before the worker entry (cluster sets NODE_UNIQUE_ID in
// workers only), it waits until the primary stops it. Stands for a worker still starting.
const HOLD_WORKERS = `--import=data:text/javascript,${encodeURIComponent(
  "if(process.env.NODE_UNIQUE_ID){process.on('message',(m)=>m?.type==='stop'&&process.exit(0));process.on('disconnect',()=>process.exit(0));await new Promise(()=>{});}",
)}`;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cluster-start-test-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe.runIf(isReusePortBalanced())('serve --workers 2 on Linux (SO_REUSEPORT)', () => {
  it('answers from the primary alone before any worker listens', async () => {
    const accessLog = join(dir, 'held.log');
    const env = { NODE_OPTIONS: [process.env.NODE_OPTIONS, HOLD_WORKERS].filter(Boolean).join(' ') };
    const serve = await startServe(['--workers', '2', '--data-dir', dir, '--api-key', 'k', '--access-log', accessLog], env);
    const agent = new Agent({ connect: { ca: await readFile(serve.line.caCertPath, 'utf8') }, pipelining: 0 });
    try {
      const first = await getOnNewConnection(serve, agent, 'k', '/swap/chains');
      expect(first.status).toBe(200);
      // The worker is forked after that first answer, and then never listens.
      await vi.waitFor(() => expect(childPids(serve.child.pid!)).toHaveLength(1), { timeout: 30_000 });
      const answers = [first];
      for (let index = 0; index < 8; index++) answers.push(await getOnNewConnection(serve, agent, 'k', '/swap/chains'));
      expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(200));
      expect(await pidsOf(accessLog, answers.map((answer) => answer.zid))).toEqual(new Set([serve.child.pid]));
    } finally {
      await agent.close();
      expect(await stopServe(serve)).toBe(0);
    }
  });

  it('replaces a worker that dies: another process joins the port and answers', async () => {
    const accessLog = join(dir, 'replaced.log');
    const serve = await startServe(['--workers', '2', '--data-dir', dir, '--api-key', 'k', '--access-log', accessLog]);
    const agent = new Agent({ connect: { ca: await readFile(serve.line.caCertPath, 'utf8') }, pipelining: 0 });
    try {
      await waitForProcesses(serve, agent, accessLog, 2);
      const [killed] = childPids(serve.child.pid!);
      process.kill(killed!, 'SIGKILL');
      await vi.waitFor(() => expect(serve.stderr()).toContain(`worker ${killed} stopped (SIGKILL); starting another`), { timeout: 30_000 });
      const pids = await waitForProcesses(serve, agent, accessLog, 2);
      const [replacement] = childPids(serve.child.pid!);
      expect(replacement).not.toBe(killed);
      expect(pids).toEqual(new Set([serve.child.pid, replacement]));
    } finally {
      await agent.close();
      expect(await stopServe(serve)).toBe(0);
    }
  });
});
