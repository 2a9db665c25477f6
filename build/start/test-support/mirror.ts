import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local Electron release mirror: its base URL (ELECTRON_MIRROR) and the requests it answered. */
export interface Mirror {
  url: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Serves files at `/v<version>/<name>` plus a SHASUMS256.txt of them (`<sha256> *<name>` lines, as
 * Electron's releases have), on 127.0.0.1 port 0. Everything else is a 404. Every request is
 * counted by path, so a test can tell a fetch from a cache hit. `wrongSums` lists a tampered checksum per file.
 * `folder` serves the release under `/<folder>/` instead, as mirrors of several projects do (the
 * returned url is then the mirror's base, with its last /).
 */
export async function startMirror(version: string, files: Record<string, Buffer>, wrongSums: Record<string, string> = {}, folder = ''): Promise<Mirror> {
  const shasums = Object.entries(files)
    .map(([name, data]) => `${wrongSums[name] ?? createHash('sha256').update(data).digest('hex')} *${name}`)
    .join('\n');
  const base = folder ? `/${folder}/` : '/';
  const served = new Map<string, Buffer>(Object.entries(files).map(([name, data]) => [`${base}v${version}/${name}`, data]));
  served.set(`${base}v${version}/SHASUMS256.txt`, Buffer.from(`${shasums}\n`));
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = served.get(path);
    if (!body) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A base URL on which nothing listens (a port that was just free): the "mirror down" case. */
export async function closedMirrorUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
