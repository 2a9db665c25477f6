import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { tokensOf } from '../../src/domain/token-registry.ts';
import { DEMO_TAKERS } from '../../src/service/swap/taker-state.ts';
import type { BenchRow } from '../types.ts';

/**
 * What the peer benches share: the queries (a rotation of pairs on four chains, as a client would
 * send), the processes under test (our built CLI's `serve`, a bare Node HTTPS server, Prism) started
 * as child processes, and timing helpers. Every HTTPS client here verifies the certificate.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = `${ROOT}bin/swap-explorer.js`;
export const STATIC_SERVER = `${ROOT}bench/peers/static-https.mjs`;
export const LOAD = `${ROOT}bench/peers/load.mjs`;
export const OPENAPI = `${ROOT}bench/peers/service-openapi.yaml`;
// Run with this Node (the pinned one), not whatever `node` their shebang finds on PATH.
export const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;
export const NEWMAN = `${ROOT}node_modules/newman/bin/newman.js`;
export const API_KEY = 'bench-key';
export const HEADERS = { 'svc-api-key': API_KEY, 'svc-version': 'v2' };

/** Why rows against Prism are skipped (it is not installed), or undefined when it is there to measure. */
export function prismMissing(): string | undefined {
  return existsSync(PRISM) ? undefined : 'Prism is not installed (node_modules/@stoplight/prism-cli): `npm ci` installs it as a dev dependency';
}

/** A row against Prism that could not be measured, shown as skipped with the reason. */
export function skippedPrismRow(name: string, unit: string, target: number, comparison: '<=' | '>=', reason: string): BenchRow {
  return { name, value: 0, unit, target, comparison, peer: { name: 'Prism', value: 0 }, skipped: reason };
}

/** The built CLI must exist: the benches measure what users run. */
export function assertBuilt(): void {
  if (!existsSync(`${ROOT}out/cli/swap-explorer.js`)) throw new Error('the CLI is not built: run `npm run build:cli` (or `npm run build`) before the bench');
}

/** Price (or quote, with the funded demo taker) paths over 12 pairs on four chains. */
export function swapPaths(endpoint: 'allowance-holder/price' | 'permit2/quote'): string[] {
  const out: string[] = [];
  for (const chainId of [1, 8453, 42161, 56]) {
    const tokens = tokensOf(chainId).filter((token) => token.kind !== 'native');
    for (let i = 0; i + 1 < tokens.length && i < 3; i++) {
      const sell = tokens[i]!;
      const query = new URLSearchParams({ chainId: String(chainId), sellToken: sell.address, buyToken: tokens[i + 1]!.address, sellAmount: (10n ** BigInt(sell.decimals)).toString() });
      if (endpoint === 'permit2/quote') query.set('taker', DEMO_TAKERS.funded);
      out.push(`/swap/${endpoint}?${query}`);
    }
  }
  return out;
}

/** A child process and its first stdout line (its ready line, for those that print one). */
export interface Started {
  child: ChildProcess;
  firstLine: Promise<string>;
}

/** Spawns `command args` with stdout piped; stderr is kept for error messages. */
export function launch(command: string, args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2_000)));
  const firstLine = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${err}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine };
}

/** Stops a child and waits for it to be gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}

/** One GET on a new connection; the status, or 0 when nothing answered yet. */
export async function probe(url: string, ca: string | undefined): Promise<number> {
  const agent = new Agent({ connect: ca ? { ca } : {}, pipelining: 0 });
  try {
    const response = await request(url, { headers: HEADERS, dispatcher: agent });
    await response.body.dump();
    return response.statusCode;
  } catch {
    return 0;
  } finally {
    await agent.destroy();
  }
}

/** Polls `url` on new connections until it answers 200; resolves with the time of that answer. */
export async function firstOk(url: string, ca: string | undefined, deadlineMs = 60_000): Promise<number> {
  const until = performance.now() + deadlineMs;
  while (performance.now() < until) {
    if ((await probe(url, ca)) === 200) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`${url} did not answer 200 within ${deadlineMs} ms`);
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The CA of a running service, read from its ready line. */
export async function caOf(readyLine: string): Promise<{ baseUrl: string; ca: string; caCertPath: string }> {
  const line = JSON.parse(readyLine) as { baseUrl: string; caCertPath: string };
  return { baseUrl: line.baseUrl, caCertPath: line.caCertPath, ca: await readFile(line.caCertPath, 'utf8') };
}

/** A free TCP port on 127.0.0.1 (for peers that need one given, such as Prism). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
