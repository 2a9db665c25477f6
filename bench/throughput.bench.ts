import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { UNGUARDED_ENV } from '../src/cli/serve.ts';
import type { BenchRow } from './types.ts';
import { API_KEY, BIN, HEADERS, LOAD, OPENAPI, PRISM, STATIC_SERVER, assertBuilt, caOf, firstOk, freePort, launch, prismMissing, skippedPrismRow, median, stop, swapPaths, type Started } from './peers/peers.ts';

/**
 * HTTPS throughput of the local service (the built CLI's `serve`, its own process) against the
 * stack's limit (a bare Node HTTPS server answering a static body of the same size, same
 * certificate) and against Prism mocking the service (static examples, logging off; Prism serves
 * plain HTTP only, so it does less work per request than either HTTPS server). The load generator
 * (bench/peers/load.mjs) is a separate process that verifies the certificate, with 32 keep-alive
 * connections of 8 pipelined requests each, for every target alike: plain sockets and pipelining
 * make it cheap per request, so that on a machine of few cores it leaves them to the servers.
 * Targets compared with each other are measured as a group, one after the other, each alone, in
 * short runs and many rounds, the order rotating each round; each figure is the median of its
 * runs. This machine's speed drifts within seconds (one server read 5,300 and 10,800 req/s half a
 * minute apart): runs seconds apart share the drift, and a ratio of runs tens of seconds apart
 * (4-s runs of every target in turn) read 0.46 to 0.68 for the same build. The listener's guards
 * (handshake limit, connection cap, Host check) are measured on a pair of servers of the same
 * build, one started without them, for throughput and p99.
 */

const CONNECTIONS = 32;
// 8 deep, each write and read carries several requests, for the generator and the servers alike
// (on 2 cores, one deep: workers 0.77× of 2 × one; 8 deep: 0.82-0.86×). THROUGHPUT_BENCH_PIPELINING=1 compares.
const PIPELINING = Number(process.env.THROUGHPUT_BENCH_PIPELINING ?? 8);
const DURATION_MS = Number(process.env.THROUGHPUT_BENCH_MS ?? 2_000);
const ROUNDS = Number(process.env.THROUGHPUT_BENCH_ROUNDS ?? 6);

// The guards' p99 is compared at a light load, where a request's latency is its own processing:
// at saturation (256 in flight) p99 is the queue's length, which follows throughput. At a light
// load one run's p99 (a fifth of a millisecond) swings by half with a GC pause on either side, so
// the figure is the median of LIGHT_PAIRS runs of each, alternating which goes first.
const LIGHT = { connections: 1, pipelining: 1, durationMs: 2_000 };
// Eight short pairs rather than four long ones: the machine's speed drifts within seconds, and
// finer alternation cancels more of it (the ratio read 0.57 to 1.50 with four 4-s pairs).
const LIGHT_PAIRS = 8;

type Endpoint = 'allowance-holder/price' | 'permit2/quote';
/** A server under load; `cpus` confines it and its load generator to those cores (taskset's list). */
interface Target { name: string; origin: string; caFile?: string; cpus?: string }
interface Load { rps: number; failures: number; p99Ms: number; bytes: number; requests: number }

// `node args` confined to the cores in `cpus` (taskset's list, "0" or "0-1"), or free to use all.
function launchOn(cpus: string | undefined, args: string[], env: Record<string, string> = {}): Started {
  return cpus === undefined ? launch(process.execPath, args, env) : launch('taskset', ['--cpu-list', cpus, process.execPath, ...args], env);
}

/** Load on `target`; the generator runs on the target's cores unless `generatorCpus` names others. */
async function load(dir: string, target: Target, paths: string[], shape: { connections: number; pipelining: number; durationMs?: number } = { connections: CONNECTIONS, pipelining: PIPELINING }, generatorCpus = target.cpus): Promise<Load> {
  const config = join(dir, 'load.json');
  await writeFile(config, JSON.stringify({ origin: target.origin, paths, headers: HEADERS, durationMs: DURATION_MS, ...shape, caFile: target.caFile }));
  const run = launchOn(generatorCpus, [LOAD, config]);
  return JSON.parse(await run.firstLine) as Load;
}

async function body(origin: string, ca: string, path: string): Promise<string> {
  const agent = new Agent({ connect: { ca } });
  const response = await request(`${origin}${path}`, { headers: HEADERS, dispatcher: agent });
  const text = await response.body.text();
  await agent.close();
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${text}`);
  return text;
}

// Each server writes an access log of its own.
let servers = 0;

async function serve(dir: string, workers: number, isGuarded = true, cpus?: string): Promise<Started & Target> {
  const log = join(dir, `access-${++servers}-${workers}${isGuarded ? '' : '-unguarded'}${cpus === undefined ? '' : `-cpus-${cpus}`}.log`);
  const started = launchOn(cpus, [BIN, 'serve', '--workers', String(workers), '--data-dir', dir, '--api-key', API_KEY, '--access-log', log], isGuarded ? {} : { [UNGUARDED_ENV]: '1' });
  const { baseUrl, caCertPath } = await caOf(await started.firstLine);
  return { ...started, name: workers === 1 ? 'serve' : `serve --workers ${workers}`, origin: baseUrl, caFile: caCertPath, ...(cpus === undefined ? {} : { cpus }) };
}

// Scaling with cores is measured with the load generator inside the cores measured: one worker with
// the generator on core 0, N workers with the generator on cores 0..N-1. Left free, the generator
// took most of a second core beside one worker (its baseline had ~1.4 cores) but had to share
// the N cores with N workers, so the ratio measured the generator's share: 0.77-0.82 on 2 cores.
// taskset is Linux's (util-linux); elsewhere the row is skipped with the reason.
function pinningMissing(): string | undefined {
  return process.platform === 'linux' && spawnSync('taskset', ['--version']).status === 0 ? undefined : 'taskset (util-linux) is not available to confine the processes to cores';
}

function row(name: string, ours: number, peer: { name: string; value: number }, target: number, detail?: string): BenchRow {
  return { name, value: ours, unit: 'req/s', target, comparison: '>=', peer, ...(detail ? { detail } : {}) };
}

/** Throughput rows: ours vs the stack's limit and vs Prism, and N workers vs N × one. */
export async function run(): Promise<BenchRow[]> {
  assertBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'throughput-'));
  const cores = availableParallelism();
  const children: Started[] = [];
  try {
    const one = await serve(dir, 1);
    children.push(one);
    const ca = await readFile(one.caFile!, 'utf8');
    const paths: Record<Endpoint, string[]> = { 'allowance-holder/price': swapPaths('allowance-holder/price'), 'permit2/quote': swapPaths('permit2/quote') };
    // The bare server answers each URL with our answer to it: the same bytes, request for request.
    const bodies: Record<string, string> = {};
    for (const path of [...paths['allowance-holder/price'], ...paths['permit2/quote']]) bodies[path] = await body(one.origin, ca, path);
    await writeFile(join(dir, 'bodies.json'), JSON.stringify(bodies));
    const bare = launch(process.execPath, [STATIC_SERVER, dir, join(dir, 'bodies.json')]);
    children.push(bare);
    const staticTarget: Target = { name: 'bare Node HTTPS', origin: (JSON.parse(await bare.firstLine) as { baseUrl: string }).baseUrl, caFile: one.caFile };
    const noPrism = prismMissing();
    const prismTarget: Target = { name: 'Prism (HTTP, no TLS)', origin: `http://127.0.0.1:${await freePort()}` };
    if (!noPrism) {
      const prism = launch(process.execPath, [PRISM, 'mock', OPENAPI, '--port', new URL(prismTarget.origin).port, '--verboseLevel', 'silent', '--errors', 'false']);
      children.push(prism);
      await firstOk(`${prismTarget.origin}${paths['allowance-holder/price'][0]}`, undefined);
    }
    const noPinning = pinningMissing();
    // N workers on all N cores need no confining: they and the generator already share every core.
    const many = await serve(dir, cores);
    children.push(many);
    const oneOnOneCore = noPinning ? undefined : await serve(dir, 1, true, '0');
    if (oneOnOneCore) children.push(oneOnOneCore);
    // The guards are measured on a pair of their own, given the same load, so that the two differ
    // only by the guards (the server above also answers the quotes). Both run on the last core, and
    // at a light load their generator on the first: left to the scheduler, whether a server shared
    // a core with its generator moved one light-load p99 between 0.32 and 0.57 ms in runs minutes apart.
    const guardCpus = noPinning || cores < 2 ? undefined : String(cores - 1);
    const guarded = await serve(dir, 1, true, guardCpus);
    const unguarded = await serve(dir, 1, false, guardCpus);
    children.push(guarded, unguarded);

    type Run = readonly [string, Target, Endpoint];
    const groups: Run[][] = [
      [['ours-ah', one, 'allowance-holder/price'], ['bare-ah', staticTarget, 'allowance-holder/price'], ['prism-ah', prismTarget, 'allowance-holder/price']],
      [['ours-p2q', one, 'permit2/quote'], ['bare-p2q', staticTarget, 'permit2/quote'], ['prism-p2q', prismTarget, 'permit2/quote']],
      [['guarded-ah', guarded, 'allowance-holder/price'], ['unguarded-ah', unguarded, 'allowance-holder/price']],
      [['many-ah', many, 'allowance-holder/price'], ...(oneOnOneCore ? [['one-core-ah', oneOnOneCore, 'allowance-holder/price'] as const] : [])],
    ].map((group) => (group as Run[]).filter(([id]) => !noPrism || !id.startsWith('prism-')));
    const results = new Map<string, Load[]>();
    for (const group of groups) {
      for (let round = 0; round < ROUNDS; round++) {
        // Rotated each round, so that each target goes first as often as the others.
        for (const [id, target, endpoint] of [...group.slice(round % group.length), ...group.slice(0, round % group.length)]) {
          results.set(id, [...(results.get(id) ?? []), await load(dir, target, paths[endpoint])]);
        }
      }
    }
    for (let pair = 0; pair < LIGHT_PAIRS; pair++) {
      const sides = [['guarded-ah-light', guarded], ['unguarded-ah-light', unguarded]] as const;
      for (const [id, target] of pair % 2 === 0 ? sides : sides.toReversed()) results.set(id, [...(results.get(id) ?? []), await load(dir, target, paths['allowance-holder/price'], LIGHT, guardCpus && '0')]);
    }
    const of = (id: string) => results.get(id) ?? [{ rps: Number.NaN, failures: 0, p99Ms: Number.NaN, bytes: 0, requests: 0 }];
    const rps = (id: string) => median(of(id).map((result) => result.rps));
    const p99 = (id: string) => median(of(id).map((result) => result.p99Ms));
    const failures = [...results.values()].flat().reduce((sum, result) => sum + result.failures, 0);
    const size = (id: string) => Math.round(of(id)[0]!.bytes / Math.max(1, of(id)[0]!.requests));
    const sizes = `bodies ${size('ours-ah')} / ${size('bare-ah')} / ${size('prism-ah')} B (ours / bare / Prism) for the price, ${size('ours-p2q')} / ${size('bare-p2q')} / ${size('prism-p2q')} B for the quote`;
    const latency = `p99 ${p99('ours-ah').toFixed(1)} / ${p99('bare-ah').toFixed(1)} / ${p99('prism-ah').toFixed(1)} ms (ours / bare / Prism) for the price, ${p99('ours-p2q').toFixed(1)} / ${p99('bare-p2q').toFixed(1)} / ${p99('prism-p2q').toFixed(1)} ms for the quote, ${p99('many-ah').toFixed(1)} ms with ${cores} workers`;
    const each = `${CONNECTIONS} connections × ${PIPELINING} pipelined requests (HTTP/1.1, every target alike), medians of ${ROUNDS} runs of ${DURATION_MS / 1000} s, the targets compared run in turn each round, load generator in its own process verifying the certificate; ${sizes}; ${latency}`;
    const guards = `a pair of servers of the same build, one without the listener guards (handshake limit, connection cap, Host check), given the same load in alternation${guardCpus ? `, each with its generator on core ${guardCpus}` : ''}: ${rps('guarded-ah').toFixed(0)} / ${rps('unguarded-ah').toFixed(0)} req/s (on / off)`;
    const lightP99 = (id: string) => median(of(id).map((result) => result.p99Ms));
    const scaling = `the load generator (the same ${CONNECTIONS} × ${PIPELINING} pipelined requests) runs inside the cores measured: with the one worker on core 0, with the ${cores} workers on all ${cores} cores; against one worker left free (the generator beside it on a core of its own), ${cores} × ${rps('ours-ah').toFixed(0)} req/s: ${(rps('many-ah') / (cores * rps('ours-ah'))).toFixed(3)}×`;
    const light = `median of ${LIGHT_PAIRS} runs of ${LIGHT.durationMs / 1000} s each, alternating${guardCpus ? `, the servers on core ${guardCpus} and the generator on core 0` : ''}, at a light load (${LIGHT.connections} connection, ${LIGHT.pipelining} request in flight: ${rps('guarded-ah-light').toFixed(0)} / ${rps('unguarded-ah-light').toFixed(0)} req/s), where latency is the request's own processing; at saturation p99 ${p99('guarded-ah').toFixed(1)} / ${p99('unguarded-ah').toFixed(1)} ms (on / off) measures the queue`;
    return [
      row('Allowance Holder price, one process, vs bare Node HTTPS static body', rps('ours-ah'), { name: staticTarget.name, value: rps('bare-ah') }, 0.6, each),
      row('Permit2 quote with taker, one process, vs bare Node HTTPS static body', rps('ours-p2q'), { name: staticTarget.name, value: rps('bare-p2q') }, 0.4),
      ...(noPrism
        ? [skippedPrismRow('Allowance Holder price, one process, vs Prism (logging off)', 'req/s', 3, '>=', noPrism), skippedPrismRow('Permit2 quote with taker, one process, vs Prism (logging off)', 'req/s', 3, '>=', noPrism)]
        : [
            row('Allowance Holder price, one process, vs Prism (logging off)', rps('ours-ah'), { name: prismTarget.name, value: rps('prism-ah') }, 3),
            row('Permit2 quote with taker, one process, vs Prism (logging off)', rps('ours-p2q'), { name: prismTarget.name, value: rps('prism-p2q') }, 3),
          ]),
      row('Allowance Holder price, listener guards on vs off: throughput', rps('guarded-ah'), { name: 'guards off', value: rps('unguarded-ah') }, 0.9, guards),
      { name: 'Allowance Holder price, listener guards on vs off: p99 at a light load', value: lightP99('guarded-ah-light'), unit: 'ms', target: 1.1, comparison: '<=', peer: { name: 'guards off', value: lightP99('unguarded-ah-light') }, detail: light },
      noPinning
        ? { name: `Allowance Holder price, serve --workers ${cores} vs ${cores} × one worker on one core`, value: 0, unit: 'req/s', target: 0.8, comparison: '>=', peer: { name: `${cores} × one`, value: 0 }, skipped: noPinning }
        : row(`Allowance Holder price, serve --workers ${cores} vs ${cores} × one worker on one core`, rps('many-ah'), { name: `${cores} × one on 1 core`, value: cores * rps('one-core-ah') }, 0.8, scaling),
      { name: 'HTTPS failed responses (all runs above)', value: failures, unit: 'count', target: 0, comparison: '<=' },
    ];
  } finally {
    await Promise.all(children.map((child) => stop(child.child)));
    await rm(dir, { recursive: true, force: true });
  }
}
