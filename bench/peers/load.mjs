// The load generator of bench/throughput.bench.ts, in its own process, verifying the server's
// certificate (autocannon cannot: its client hard-codes rejectUnauthorized off). N keep-alive
// connections, each with `pipelining` HTTP/1.1 requests in flight; paths are taken in turn.
//
// Plain sockets and a minimal response parser rather than undici: undici spends about as much CPU
// per request as the service does to answer it, and the generator shares the machine's cores with
// the servers it measures, so it set the figures more than the servers did (on two cores, two
// workers measured slower than one). Pipelining sends several requests per write and reads several
// answers per read, for the generator and for every server alike. The certificate is verified once
// per connection, in the TLS handshake, before the clock starts.
// Usage: node load.mjs <config.json: {origin, paths, headers, connections, pipelining?, durationMs, caFile?}>
// Prints one JSON line: {requests, ok, failures, seconds, rps, p50Ms, p99Ms, bytes}.
import { readFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ca = config.caFile ? readFileSync(config.caFile, 'utf8') : undefined;
const origin = new URL(config.origin);
const depth = config.pipelining ?? 1;
const headerLines = Object.entries(config.headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
const requests = config.paths.map((path) => Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${origin.host}\r\n${headerLines}\r\n`));
const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

const latencies = [];
let ok = 0;
let failures = 0;
let bytes = 0;
let next = 0;
let isMeasuring = false;
let isRunning = true;

// Resolves once the handshake has verified the certificate (rejectUnauthorized is on by default).
function open() {
  return new Promise((resolve, reject) => {
    const address = { host: origin.hostname, port: Number(origin.port) };
    const socket = origin.protocol === 'https:' ? tlsConnect({ ...address, ca }, () => (socket.authorized ? resolve(socket) : reject(socket.authorizationError))) : netConnect(address, () => resolve(socket));
    socket.once('error', reject);
  });
}

// Complete answers at the start of `buffer`: [status, body length, bytes taken] each.
function parseAnswers(buffer) {
  const answers = [];
  let offset = 0;
  for (;;) {
    const headEnd = buffer.indexOf(HEAD_END, offset);
    if (headEnd < 0) break;
    const head = buffer.toString('latin1', offset, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    // Every server measured sends Content-Length; anything else would be miscounted, so it stops the run.
    if (!length) throw new Error(`an answer without Content-Length: ${head.slice(0, 200)}`);
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (end > buffer.length) break;
    answers.push([Number(head.slice(9, 12)), Number(length[1])]);
    offset = end;
  }
  return { answers, rest: buffer.subarray(offset) };
}

// Keeps `depth` requests in flight on `socket` until the run stops; resolves once it has drained.
function drive(socket) {
  const sentAt = [];
  let pending = Buffer.alloc(0);
  const send = (count) => {
    if (count === 0) return;
    const batch = [];
    for (let index = 0; index < count; index++) {
      batch.push(requests[next++ % requests.length]);
      sentAt.push(performance.now());
    }
    socket.write(batch.length === 1 ? batch[0] : Buffer.concat(batch));
  };
  return new Promise((resolve) => {
    socket.on('data', (chunk) => {
      const { answers, rest } = parseAnswers(pending.length === 0 ? chunk : Buffer.concat([pending, chunk]));
      pending = rest;
      const now = performance.now();
      for (const [status, length] of answers) {
        const started = sentAt.shift();
        if (!isMeasuring) continue;
        latencies.push(now - started);
        bytes += length;
        if (status === 200) ok++;
        else failures++;
      }
      if (isRunning) send(answers.length);
      else if (sentAt.length === 0) socket.destroy();
    });
    // A connection lost before its last answer fails what it had in flight, and is not replaced.
    socket.on('close', () => {
      failures += sentAt.length;
      resolve();
    });
    socket.on('error', () => undefined);
    send(depth);
  });
}

const sockets = await Promise.all(Array.from({ length: config.connections }, open));
const drained = sockets.map(drive);
// Warm-up, not counted: every connection's first answers, while the servers' code gets optimised.
await new Promise((resolve) => setTimeout(resolve, 200));
isMeasuring = true;
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, config.durationMs));
isMeasuring = false;
const seconds = (performance.now() - started) / 1000;
isRunning = false;
await Promise.all(drained);
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
process.stdout.write(`${JSON.stringify({ requests: latencies.length, ok, failures, seconds, rps: ok / seconds, p50Ms: at(0.5), p99Ms: at(0.99), bytes })}\n`);
