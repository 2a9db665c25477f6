// The load generator of bench/throughput.bench.ts, in its own process so that the server measured
// has its cores to itself as far as the machine allows, and verifying the server's certificate
// (autocannon cannot: its client hard-codes rejectUnauthorized off). One undici Pool of N
// connections, each kept busy by one loop; paths are taken in turn.
// Usage: node load.mjs <config.json: {origin, paths, headers, connections, durationMs, caFile?}>
// Prints one JSON line: {requests, ok, failures, seconds, rps, p50Ms, p99Ms, bytes}.
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ca = config.caFile ? readFileSync(config.caFile, 'utf8') : undefined;
const pool = new Pool(config.origin, { connections: config.connections, pipelining: 1, connect: ca ? { ca } : {} });
const latencies = [];
let ok = 0;
let failures = 0;
let bytes = 0;
let next = 0;
let isRunning = true;

async function loop() {
  while (isRunning) {
    const path = config.paths[next++ % config.paths.length];
    const started = performance.now();
    try {
      const response = await pool.request({ method: 'GET', path, headers: config.headers });
      const body = await response.body.arrayBuffer();
      bytes += body.byteLength;
      if (response.statusCode === 200) ok++;
      else failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - started);
  }
}

// Warm-up: every connection opened and handshaken (certificate checked) before the clock starts.
await Promise.all(Array.from({ length: config.connections }, () => pool.request({ method: 'GET', path: config.paths[0], headers: config.headers }).then((r) => r.body.dump())));
const started = performance.now();
const loops = Array.from({ length: config.connections }, loop);
await new Promise((resolve) => setTimeout(resolve, config.durationMs));
isRunning = false;
await Promise.all(loops);
const seconds = (performance.now() - started) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
process.stdout.write(`${JSON.stringify({ requests: latencies.length, ok, failures, seconds, rps: ok / seconds, p50Ms: at(0.5), p99Ms: at(0.99), bytes })}\n`);
