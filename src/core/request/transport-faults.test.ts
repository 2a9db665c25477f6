import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { recordReliability, type ReliabilityRecord } from '../../test-support/reliability.ts';
import { HistoryStore } from '../history/history-store.ts';
import type { HttpClientOptions } from '../http/http-client.ts';
import { TRANSPORTS } from '../http/test-support.ts';
import { makeCert, startRawHttp, startRawHttps, testConnection } from '../http/test-support.ts';
import { createRequestService } from './send-request.ts';
import { fixedConnections } from './test-support.ts';
import { inThreadSink } from './record.ts';
import { historyFileIn } from '../history/history-path.ts';

// The fault suite's cases the local service cannot imitate (gateways, HTML, cut and stalled bodies,
// bad certificates), sent through request.send into a real SQLite history: each must end with a
// clear AppError code and a stored history entry, and none may hang (the test timeout is the bound).

/** Where a case sends: a server started for it, and what the profile trusts. */
interface Target {
  baseUrl: string;
  caPem: string | null;
  trustSystemCertificates?: boolean;
  connections(): number;
  close(): Promise<void>;
}

interface FaultCase extends Omit<ReliabilityRecord, 'observed'> {
  name: string;
  target: () => Promise<Target>;
  client?: Omit<HttpClientOptions, 'transport'>;
  expected: { code: string | null; status: number | null; attempts: number; cause?: string; connections?: number };
}

let dir: string;
let store: HistoryStore;
let localCert: { cert: string; key: string };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transport-faults-'));
  store = HistoryStore.open(historyFileIn(dir));
  const cert = await loadOrCreateCertificate(dir);
  localCert = { cert: cert.certPem, key: cert.keyPem };
});
afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A server with the pinned local-service certificate; `respond` gets the request's 1-based count. */
async function pinned(respond: (res: ServerResponse, count: number, destroy: () => void) => void): Promise<Target> {
  let count = 0;
  const server = await startRawHttps(localCert, (req, res) => respond(res, ++count, () => req.socket.destroy()));
  return { ...server, caPem: localCert.cert };
}

/** A server presenting `tls`, with the profile trusting `trust`. */
async function presenting(tls: { cert: string; key: string }, trust: string): Promise<Target> {
  return { ...(await startRawHttps(tls, (_req, res) => json(res, 200, { chains: [], zid: 'z' }))), caPem: trust };
}

/** Accepts TCP connections and never answers, so the TLS handshake never completes. */
async function blackHole(): Promise<Target> {
  const held: Socket[] = [];
  const server = createNetServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    for (const socket of held) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, caPem: localCert.cert, connections: () => held.length, close };
}

const FAULTS: FaultCase[] = [
  { area: 'faults', name: 'a burst of 503s, then an answer', done: 'the service answers 503 twice, then 200', must: 'retry with backoff and keep the 200', target: () => pinned((res, n) => (n <= 2 ? json(res, 503, { name: 'UNCATEGORIZED', message: 'busy' }) : json(res, 200, { chains: [], zid: 'z' }))), expected: { code: null, status: 200, attempts: 3 } },
  { area: 'faults', name: '500 on every attempt', done: 'the service answers 500 every time', must: 'give up after 3 attempts with REMOTE_ERROR', target: () => pinned((res) => json(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'boom' })), expected: { code: 'REMOTE_ERROR', status: 500, attempts: 3 } },
  { area: 'faults', name: '429 with a long Retry-After', done: 'the service answers 429 with Retry-After: 120', must: 'not wait 2 minutes: RATE_LIMITED with the wait, 1 attempt', target: () => pinned((res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '120' })), expected: { code: 'RATE_LIMITED', status: 429, attempts: 1 } },
  { area: 'faults', name: 'TLS handshake beyond the connect timeout', done: 'the server accepts TCP and never completes the handshake (connect timeout 200 ms)', must: 'TIMEOUT, not retried', target: blackHole, client: { timeouts: { connectMs: 200 } }, expected: { code: 'TIMEOUT', status: null, attempts: 1, cause: 'UND_ERR_CONNECT_TIMEOUT' } },
  { area: 'faults', name: 'headers beyond the headers timeout', done: 'the server reads the request and never answers (headers timeout 300 ms)', must: 'TIMEOUT, not retried', target: () => pinned(() => undefined), expected: { code: 'TIMEOUT', status: null, attempts: 1, cause: 'UND_ERR_HEADERS_TIMEOUT' } },
  { area: 'faults', name: 'a stalled body', done: 'the server sends 200 and half a body, then nothing (body-stall timeout 300 ms)', must: 'TIMEOUT with the bytes that arrived kept', target: () => pinned((res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"partial":')), expected: { code: 'TIMEOUT', status: 200, attempts: 1, cause: 'UND_ERR_BODY_TIMEOUT' } },
  { area: 'faults', name: 'beyond the overall cap', done: 'the server never answers; transport timeouts 10 s, overall cap 200 ms', must: 'TIMEOUT at the cap', target: () => pinned(() => undefined), client: { timeouts: { headersMs: 10_000 }, overallTimeoutMs: 200 }, expected: { code: 'TIMEOUT', status: null, attempts: 1 } },
  { area: 'faults', name: 'truncated JSON', done: 'the server answers 200 with JSON cut mid-string', must: 'REMOTE_ERROR, the text kept as received', target: () => pinned((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"zid":"0x0000')), expected: { code: 'REMOTE_ERROR', status: 200, attempts: 1 } },
  { area: 'faults', name: 'a non-JSON body', done: 'a proxy answers 200 with an HTML page', must: 'REMOTE_ERROR, the text kept as received', target: () => pinned((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>')), expected: { code: 'REMOTE_ERROR', status: 200, attempts: 1 } },
  { area: 'faults', name: 'a gateway-shaped 401', done: 'a gateway answers 401 {message, request_id} (not the service error shape)', must: 'AUTH_FAILED, body kept raw', target: () => pinned((res) => json(res, 401, { message: 'Invalid API key', request_id: 'req-1' })), expected: { code: 'AUTH_FAILED', status: 401, attempts: 1 } },
  { area: 'faults', name: 'dropped connections', done: 'the server destroys every connection before answering', must: 'retry, then NETWORK after 3 attempts', target: () => pinned((_res, _n, destroy) => destroy()), expected: { code: 'NETWORK', status: null, attempts: 3, connections: 3 } },
  { area: 'tls', name: 'an http:// base URL', done: 'the profile points at a plain-HTTP server', must: 'INVALID_INPUT before any connection is opened', target: async () => ({ ...(await startRawHttp((_req, res) => json(res, 200, {}))), caPem: null, trustSystemCertificates: true }), expected: { code: 'INVALID_INPUT', status: null, attempts: 0, connections: 0 } },
  { area: 'tls', name: 'a self-signed certificate that is not pinned', done: 'the server presents the self-signed local certificate; the profile trusts only the system store', must: 'TLS, nothing sent', target: async () => ({ ...(await pinned(() => undefined)), caPem: null, trustSystemCertificates: true }), expected: { code: 'TLS', status: null, attempts: 1, cause: 'DEPTH_ZERO_SELF_SIGNED_CERT' } },
  { area: 'tls', name: 'an expired certificate', done: 'the server presents a certificate that expired yesterday, pinned', must: 'TLS even though pinned', target: async () => { const expired = await makeCert({ isCa: true, validFrom: new Date(Date.now() - 10 * 86_400_000), validTo: new Date(Date.now() - 86_400_000) }); return presenting(expired, expired.cert); }, expected: { code: 'TLS', status: null, attempts: 1, cause: 'CERT_HAS_EXPIRED' } },
  { area: 'tls', name: 'a certificate for another host', done: 'the server presents a pinned certificate for example.invalid', must: 'TLS (host name mismatch)', target: async () => { const other = await makeCert({ isCa: true, hosts: ['example.invalid'] }); return presenting(other, other.cert); }, expected: { code: 'TLS', status: null, attempts: 1, cause: 'ERR_TLS_CERT_ALTNAME_INVALID' } },
  { area: 'tls', name: 'a certificate from an unknown CA', done: 'the server presents a leaf signed by a CA the profile does not trust', must: 'TLS', target: async () => { const [ca, otherCa] = [await makeCert({ isCa: true, hosts: ['ca.invalid'] }), await makeCert({ isCa: true, hosts: ['other.invalid'] })]; return presenting(await makeCert({ ca }), otherCa.cert); }, expected: { code: 'TLS', status: null, attempts: 1, cause: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } },
  { area: 'tls', name: 'a certificate from a CA the user added', done: 'the server presents a leaf signed by a CA added to the profile', must: 'accept it: 200, no error', target: async () => { const ca = await makeCert({ isCa: true, hosts: ['ca.invalid'] }); return presenting(await makeCert({ ca }), ca.cert); }, expected: { code: null, status: 200, attempts: 1 } },
];

// Both transports (undici in the app, node:https in the CLI) must end every case the same way.
describe.for(TRANSPORTS)('request.send over %s against misbehaving servers, into a real history', { timeout: 60_000 }, ([transportName, transport]) => {
  // One it() per case rather than it.for: a $name title is cut at 40 characters.
  for (const fault of FAULTS) it(fault.name, async ({ task }) => {
    const target = await fault.target();
    const connection = testConnection(target.baseUrl, { profileId: 'p', caPem: target.caPem, trustSystemCertificates: target.trustSystemCertificates ?? false });
    const requests = createRequestService({ connections: fixedConnections(connection), history: inThreadSink(store), client: { transport, backoffBaseMs: 5, overallTimeoutMs: 5_000, timeouts: { connectMs: 2_000, headersMs: 300, bodyStallMs: 300 }, ...fault.client } });
    const before = store.count();
    try {
      const { entry, stored } = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
      const kept = store.get(entry.id);
      const cause = (entry.appError?.details as { cause?: string } | undefined)?.cause;
      recordReliability(task, {
        area: fault.area,
        done: `${fault.done} (${transportName})`,
        must: `${fault.must}; a history entry`,
        observed: `${entry.appError?.code ?? 'no error'}${cause ? ` (${cause})` : ''}, status ${entry.status ?? 'none'}, ${entry.attempts} attempt(s), ${target.connections()} connection(s), ${Math.round(entry.durationMs)} ms; ${store.count() - before} history entry stored (#${kept?.id ?? 'none'})`,
      });
      expect(entry.appError?.code ?? null).toBe(fault.expected.code);
      expect(entry.status).toBe(fault.expected.status);
      expect(entry.attempts).toBe(fault.expected.attempts);
      if (fault.expected.cause) expect(cause).toBe(fault.expected.cause);
      if (fault.expected.connections !== undefined) expect(target.connections()).toBe(fault.expected.connections);
      expect(stored).toBe(true);
      expect(store.count()).toBe(before + 1);
      expect(kept).toEqual(entry);
    } finally {
      await requests.close();
      await target.close();
    }
  });
});
