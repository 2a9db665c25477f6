import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProfileStore } from '../src/core/profiles/index.ts';
import { findTokenBySymbol } from '../src/domain/token-registry.ts';
import type { BenchRow } from './types.ts';
import { API_KEY, BIN, NEWMAN, OPENAPI, PRISM, ROOT, STATIC_SERVER, assertBuilt, caOf, firstOk, freePort, launch, median, prismMissing, skippedPrismRow, stop, type Started } from './peers/peers.ts';

/**
 * Cold starts, each process spawned fresh and timed from spawn, rounds alternating between us and
 * the peers so that a busy machine weighs on all alike:
 * - the built CLI's `price` and `compare` (one chain) end to end against an already running local
 *   service (a saved profile pointing at it, key from SVC_API_KEY), vs newman sending one request to
 *   it and vs a bare `node -e` that makes one HTTPS request and exits (and, for compare, one that
 *   sends the same two requests at once); all verify the certificate;
 * - `serve` from spawn to its first 200, vs a bare Node HTTPS server with the same certificate and
 *   a static JSON body started the same way, and vs Prism mocking the service (plain HTTP).
 */

const CLI_ROUNDS = Number(process.env.COLD_START_ROUNDS ?? 7);
const SERVE_ROUNDS = Math.max(3, Math.round(CLI_ROUNDS / 2));

/** Wall time of a command that must exit 0. */
function timed(args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.slice(0, 3).join(' ')} exited ${code}: ${err.slice(-500)}`)))),
  );
}

/** Spawn → first 200 of a server, then stopped. */
async function coldServe(command: string[], url: string, ca: string | undefined): Promise<number> {
  const started = performance.now();
  const server: Started = launch(process.execPath, command);
  try {
    return (await firstOk(url, ca)) - started;
  } finally {
    await stop(server.child);
  }
}

async function rounds(count: number, runs: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (const run of Object.values(runs)) await run(); // one warm-up each: disk cache and V8 code cache alike
  for (let round = 0; round < count; round++) for (const [name, run] of Object.entries(runs)) times[name]!.push(await run());
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

function row(name: string, ours: number, peer: string, peerMs: number, target: number, detail?: string): BenchRow {
  return { name, value: ours, unit: 'ms', target, comparison: '<=', peer: { name: peer, value: peerMs }, ...(detail ? { detail } : {}) };
}

/** Cold-start rows. */
export async function run(): Promise<BenchRow[]> {
  assertBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'cold-start-'));
  const service = launch(process.execPath, [BIN, 'serve', '--workers', '1', '--data-dir', join(dir, 'svc'), '--api-key', API_KEY, '--access-log', join(dir, 'access.log')]);
  try {
    const { baseUrl, ca, caCertPath } = await caOf(await service.firstLine);
    const profiles = await openProfileStore(join(dir, 'cli'));
    await profiles.save({ name: 'Bench', baseUrl, caPem: ca, trustSystemCertificates: false, rateBudgetRps: 100, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' }, version: 'v2' });
    const query = new URLSearchParams({ chainId: '1', sellToken: findTokenBySymbol(1, 'USDC')!.address, buyToken: findTokenBySymbol(1, 'WETH')!.address, sellAmount: '1000000000' });
    const pricePath = `/swap/allowance-holder/price?${query}`;
    const permit2Path = `/swap/permit2/price?${query}`;
    const trade = ['--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--profile', 'Bench', '--data-dir', join(dir, 'cli')];
    const bare = `const https=require('node:https');https.get(${JSON.stringify(baseUrl + pricePath)},{ca:require('node:fs').readFileSync(${JSON.stringify(caCertPath)}),headers:{'svc-api-key':${JSON.stringify(API_KEY)},'svc-version':'v2'}},(r)=>{r.resume();r.on('end',()=>process.exit(r.statusCode===200?0:1))});`;
    // The same, sending both models' requests at once as compare does: compare's peer request for request.
    const bareBoth = `const https=require('node:https');const ca=require('node:fs').readFileSync(${JSON.stringify(caCertPath)});let left=2;for(const path of ${JSON.stringify([pricePath, permit2Path])})https.get(${JSON.stringify(baseUrl)}+path,{ca,headers:{'svc-api-key':${JSON.stringify(API_KEY)},'svc-version':'v2'}},(r)=>{r.resume();r.on('end',()=>{if(r.statusCode!==200)process.exit(1);if(--left===0)process.exit(0)})});`;
    const newman = [NEWMAN, 'run', `${ROOT}bench/peers/price-collection.json`, '--env-var', `baseUrl=${baseUrl}`, '--env-var', `apiKey=${API_KEY}`, '--env-var', `pricePath=${pricePath}`, '--ssl-extra-ca-certs', caCertPath, '--silent', '--bail'];
    const cli = await rounds(CLI_ROUNDS, {
      price: () => timed([BIN, 'price', '--chain', '1', ...trade], { SVC_API_KEY: API_KEY }),
      compare: () => timed([BIN, 'compare', '--chains', '1', ...trade], { SVC_API_KEY: API_KEY }),
      newman: () => timed(newman),
      bare: () => timed(['-e', bare]),
      bareBoth: () => timed(['-e', bareBoth]),
    });

    const svcDir = join(dir, 'svc');
    await writeFile(join(dir, 'bodies.json'), JSON.stringify({ '/swap/allowance-holder/price': '{"static":true}' }));
    const cores = availableParallelism();
    const cold = async (command: string[], scheme = 'https') => {
      const port = await freePort();
      return coldServe([...command, String(port)], `${scheme}://127.0.0.1:${port}${pricePath}`, scheme === 'https' ? ca : undefined);
    };
    const noPrism = prismMissing();
    const serve = await rounds(SERVE_ROUNDS, {
      one: () => cold([BIN, 'serve', '--workers', '1', '--data-dir', svcDir, '--api-key', API_KEY, '--access-log', join(dir, 'cold.log'), '--port']),
      many: () => cold([BIN, 'serve', '--data-dir', svcDir, '--api-key', API_KEY, '--access-log', join(dir, 'cold.log'), '--port']),
      bare: () => cold([STATIC_SERVER, svcDir, join(dir, 'bodies.json')]),
      ...(noPrism ? {} : { prism: () => cold([PRISM, 'mock', OPENAPI, '--verboseLevel', 'silent', '--errors', 'false', '--port'], 'http') }),
    });
    const versusPrism = (name: string, ours: number) => (noPrism ? skippedPrismRow(name, 'ms', 0.3, '<=', noPrism) : row(name, ours, 'Prism (HTTP, no TLS)', serve.prism!, 0.3));
    const cliDetail = `medians of ${CLI_ROUNDS} alternating rounds after one warm-up each; newman ${cli.newman!.toFixed(0)} ms, bare node -e ${cli.bare!.toFixed(0)} ms (${cli.bareBoth!.toFixed(0)} ms sending both models' requests); all verify the certificate`;
    const serveDetail = `medians of ${SERVE_ROUNDS} alternating rounds; first 200 polled on new connections every 2 ms; Prism serves plain HTTP (no TLS option)`;
    return [
      row('CLI price end to end vs newman one request', cli.price!, 'newman', cli.newman!, 0.5, cliDetail),
      row('CLI price end to end vs bare node -e HTTPS request', cli.price!, 'node -e', cli.bare!, 1.5),
      row('CLI compare (one chain, both models) vs newman one request', cli.compare!, 'newman', cli.newman!, 0.5),
      row('CLI compare (one chain, both models) vs bare node -e HTTPS request', cli.compare!, 'node -e', cli.bare!, 1.5),
      // Not in issue 14's goals, which weigh compare's two requests against one: the like-for-like peer.
      row('CLI compare (one chain, both models) vs bare node -e sending the same two requests', cli.compare!, 'node -e, 2 requests', cli.bareBoth!, 1.5),
      row('serve --workers 1: spawn → first 200 vs bare Node HTTPS server', serve.one!, 'bare Node HTTPS', serve.bare!, 2, serveDetail),
      versusPrism('serve --workers 1: spawn → first 200 vs Prism', serve.one!),
      row(`serve (default ${cores} workers): spawn → first 200 vs bare Node HTTPS server`, serve.many!, 'bare Node HTTPS', serve.bare!, 2),
      versusPrism(`serve (default ${cores} workers): spawn → first 200 vs Prism`, serve.many!),
    ];
  } finally {
    await stop(service.child);
    await rm(dir, { recursive: true, force: true });
  }
}
