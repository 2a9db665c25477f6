import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER, buildCurl } from '../domain/curl.ts';
import { curlSnippet, fetchSnippet, type SnippetRequest } from '../domain/snippets.ts';
import { makeCert, startRawHttps, testConnection, type RawServer } from './http/test-support.ts';
import { undiciTransport } from './http/undici-transport.ts';
import { createRequestService } from './request/send-request.ts';
import { MemoryHistory, fixedConnections } from './request/test-support.ts';

// Issue 13: a copied snippet sends what the app sent, also for what a strict service would refuse
// and the app sends as written (sendAsIs): odd base paths and query values, credential-named
// parameters. A recording HTTPS server sees the app's request, then the copies'; what it decodes
// (the path as sent, the query as name/value pairs) must be the same.
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'k3y+/=&x';

interface Seen {
  path: string;
  query: [string, string][];
  key: string | undefined;
}

let server: RawServer;
let caPath: string;
let caPem: string;
let scratch: string;
const seen: Seen[] = [];

beforeAll(async () => {
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test-results', 'snippets-query-'));
  const tls = await makeCert();
  caPem = tls.cert;
  caPath = join(scratch, 'ca.pem');
  await writeFile(caPath, caPem);
  server = await startRawHttps(tls, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://recorded.test');
    seen.push({ path: url.pathname, query: [...url.searchParams].sort(([a], [b]) => a.localeCompare(b)), key: req.headers['svc-api-key'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Sends params as the app does (as written) under `basePath`; returns what the server saw and the snippet of the kept entry. */
async function sendAsApp(basePath: string, params: Record<string, string>): Promise<{ app: Seen; request: SnippetRequest }> {
  const connection = testConnection(`${server.baseUrl}${basePath}`, { caPem, apiKey: KEY });
  const requests = createRequestService({ connections: fixedConnections(connection), history: new MemoryHistory(), client: { transport: undiciTransport, backoffBaseMs: 5 } });
  try {
    const { entry } = await requests.send({ profileId: 'test', endpoint: 'allowance-holder.price', params, sendAsIs: true });
    expect(entry.status).toBe(200);
    return { app: seen.at(-1)!, request: { url: entry.url, headers: entry.requestHeaders, apiKeyHeader: 'svc-api-key', caPath, chainId: 1 } };
  } finally {
    await requests.close();
  }
}

async function runCurl(request: SnippetRequest): Promise<Seen> {
  const before = seen.length;
  await run('sh', ['-c', curlSnippet(request)], { env: { ...process.env, SVC_API_KEY: KEY } });
  expect(seen.length).toBe(before + 1);
  return seen.at(-1)!;
}

async function runFetch(request: SnippetRequest, name: string): Promise<Seen> {
  const before = seen.length;
  const file = join(scratch, `${name}.ts`);
  await writeFile(file, fetchSnippet(request));
  await run(process.execPath, [file], { env: { ...process.env, SVC_API_KEY: KEY }, cwd: scratch });
  expect(seen.length).toBe(before + 1);
  return seen.at(-1)!;
}

describe('copied snippets send what the app sent', { timeout: 30_000 }, () => {
  it('a query parameter named as the key header carries the key from $SVC_API_KEY, encoded as the app encodes it', async () => {
    const { app, request } = await sendAsApp('', { chainId: '1', 'svc-api-key': KEY, sellAmount: '1' });
    expect(app.query).toContainEqual(['svc-api-key', KEY]);
    expect(curlSnippet(request)).not.toContain(KEY);
    expect(fetchSnippet(request)).not.toContain(KEY);
    expect(await runCurl(request)).toEqual(app);
    expect(await runFetch(request, 'key-in-query')).toEqual(app);
  });

  it('a base path with [ ] and { } and a query value with brackets reach the same path and values (no curl globbing)', async () => {
    // A path keeps [ ] as written ({ } are percent-encoded); a query value is percent-encoded whole.
    const { app, request } = await sendAsApp('/gw[1-2]/{a,b}', { chainId: '1', sellToken: '[0xa]{1,2}' });
    expect(app.path).toBe('/gw[1-2]/%7Ba,b%7D/swap/allowance-holder/price');
    expect(await runCurl(request)).toEqual(app);
    expect(await runFetch(request, 'brackets')).toEqual(app);
  });

  it("History's Copy curl, its key put in, reaches the same bracketed base path once (no curl globbing)", async () => {
    const { app, request } = await sendAsApp('/gw[1-2]/{a,b}', { chainId: '1' });
    // The ticket's command names no CA (the reader's machine has its own): curl is told it by its variable.
    const command = buildCurl({ url: request.url, headers: request.headers }).replace(API_KEY_PLACEHOLDER, KEY);
    const before = seen.length;
    await run('sh', ['-c', command], { env: { ...process.env, CURL_CA_BUNDLE: caPath } });
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)).toEqual(app);
  });

  it("odd characters in the base path and query values (' $ ` \\ newline, unicode, + % &) are sent as the app sent them, never run by the shell", async () => {
    const { app, request } = await sendAsApp("/it's/$HOME/`id`", { chainId: '1', taker: "o'neil $(id) `id` \\ \n é 🦄 +%& =" });
    expect(app.path).toBe("/it's/$HOME/%60id%60/swap/allowance-holder/price");
    expect(await runCurl(request)).toEqual(app);
    expect(await runFetch(request, 'odd')).toEqual(app);
  });

  it('another credential in the query is sent as REDACTED, and the copy says so on a comment line before it', async () => {
    const { app, request } = await sendAsApp('', { chainId: '1', client_secret: 's3cret-value' });
    const asCopied: Seen = { ...app, query: app.query.map(([name, value]) => [name, name === 'client_secret' ? 'REDACTED' : value]) };
    const curl = curlSnippet(request);
    expect(curl).not.toContain('s3cret-value');
    expect(curl.split('\n')[0]).toMatch(/^# REDACTED .*client_secret.* not copied/);
    expect(fetchSnippet(request)).toMatch(/\n\/\/ REDACTED .*client_secret.* not copied/);
    expect(await runCurl(request)).toEqual(asCopied);
    expect(await runFetch(request, 'secret-in-query')).toEqual(asCopied);
  });
});
