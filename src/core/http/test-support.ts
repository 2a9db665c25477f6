import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { generate } from 'selfsigned';
import type { Connection } from '../ports.ts';
import { nodeHttpsTransport } from './node-https-transport.ts';
import type { TransportFactory } from './transport.ts';
import { undiciTransport } from './undici-transport.ts';

/**
 * Test support for the client: raw HTTPS servers that misbehave in ways the local service cannot
 * (gateways, HTML, stalls, bad certificates), each counting the connections it saw.
 */

/** A running raw server. */
export interface RawServer {
  baseUrl: string;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A port that was free a moment ago: nothing listens there, so the OS refuses a connection to it. */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createTcpServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Both transports by name, for suites that every transport must pass. */
export const TRANSPORTS: readonly (readonly [string, TransportFactory])[] = [
  ['undici', undiciTransport],
  ['node:https', nodeHttpsTransport],
];

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(server: Server | ReturnType<typeof createHttpServer>, scheme: string): Promise<RawServer> {
  let count = 0;
  server.on('connection', () => (count += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `${scheme}://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An HTTPS server with `cert`/`key` answering with `route`. */
export function startRawHttps(tls: { cert: string; key: string }, route: Route): Promise<RawServer> {
  return listen(createHttpsServer({ cert: tls.cert, key: tls.key }, route), 'https');
}

/** A plain-HTTP server (to prove that http:// is refused before any connection). */
export function startRawHttp(route: Route): Promise<RawServer> {
  return listen(createHttpServer(route), 'http');
}

/**
 * A CONNECT proxy (what ProxyAgent speaks); `tunnels()` counts the tunnels it opened. With `answer`,
 * a CONNECT is answered with that status instead (402 or 502, say); with `credentials`, one without
 * them in Proxy-Authorization (Basic) is answered 407, as a proxy that asks for them does. With
 * `tls`, it is an https:// proxy (the client speaks TLS to the proxy, then to the service inside).
 */
export async function startConnectProxy(options: { answer?: number; credentials?: { user: string; password: string }; tls?: { cert: string; key: string } } = {}): Promise<RawServer & { tunnels(): number }> {
  let tunnels = 0;
  const sockets = new Set<Socket>();
  const refuseRequest = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(405).end();
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, refuseRequest) : createHttpServer(refuseRequest);
  const expected = options.credentials && `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`;
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const refusal = options.answer ?? (expected !== undefined && req.headers['proxy-authorization'] !== expected ? 407 : undefined);
    if (refusal !== undefined) {
      client.end(`HTTP/1.1 ${refusal} Refused\r\n${refusal === 407 ? 'Proxy-Authenticate: Basic realm="proxy"\r\n' : ''}Content-Length: 0\r\n\r\n`);
      return;
    }
    tunnels += 1;
    sockets.add(client);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const raw = await listen(server, options.tls ? 'https' : 'http');
  // Tunnelled sockets are no longer HTTP connections, so closeAllConnections does not end them.
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return raw.close();
  };
  return { ...raw, close, tunnels: () => tunnels };
}

/** A certificate: for `hosts` (IP or DNS), valid between the dates, self-signed or signed by `ca`. */
export async function makeCert(options: { hosts?: string[]; isCa?: boolean; validFrom?: Date; validTo?: Date; ca?: { cert: string; key: string } } = {}): Promise<{ cert: string; key: string }> {
  const hosts = options.hosts ?? ['127.0.0.1'];
  const notBeforeDate = options.validFrom ?? new Date(Date.now() - 3_600_000);
  const notAfterDate = options.validTo ?? new Date(Date.now() + 86_400_000);
  const altNames = hosts.map((host) => (/^[\d.]+$/.test(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }));
  // Each CA named apart: two CAs with one subject make an unknown-CA test fail on the signature
  // (the verifier picks the namesake) instead of on the missing issuer.
  const pems = await generate([{ name: 'commonName', value: options.isCa ? `Test CA ${hosts[0]!}` : hosts[0]! }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ...(options.ca ? { ca: options.ca } : {}),
    extensions: [
      { name: 'basicConstraints', cA: options.isCa ?? false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: options.isCa ?? false, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** A connection to `baseUrl` with a key, pinned to `caPem`. */
export function testConnection(baseUrl: string, overrides: Partial<Connection> = {}): Connection {
  return {
    profileId: 'test',
    profileName: 'Test',
    baseUrl,
    headerNames: { apiKey: 'svc-api-key', version: 'svc-version' },
    version: 'v2',
    apiKey: 'test-key',
    caPem: null,
    trustSystemCertificates: false,
    proxyUrl: null,
    rateBudgetRps: 1000,
    ...overrides,
  };
}
