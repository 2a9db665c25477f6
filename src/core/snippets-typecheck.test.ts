import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSnippet, viemPermit2Snippet, type SnippetRequest } from '../domain/snippets.ts';

// Issue 13: the viem Permit2 script cannot run here (it needs a funded key and an RPC node), so it
// is type-checked instead, as copied, against the viem and undici this project installs: a renamed
// viem export or a wrong argument fails CI. The fetch snippet is checked the same way (it also runs,
// in snippets-run.test.ts).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let scratch: string;

const request = (caPath: string | null): SnippetRequest => ({
  url: 'https://127.0.0.1:8443/permit2/quote?chainId=8453&sellToken=0x833589fcd6edb6e08f4c7c32d4f71b54bda02913&buyToken=0x4200000000000000000000000000000000000006&sellAmount=1000000&taker=0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  headers: { 'svc-api-key': 'redacted', 'svc-version': 'v2' },
  apiKeyHeader: 'svc-api-key',
  caPath,
  chainId: 8453,
});

beforeAll(async () => {
  // Inside the project (test-results/ is ignored) so that viem and undici resolve from its node_modules.
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test-results', 'snippet-types-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** tsc's diagnostics for one file, strict, as a Node 22+ ES module (top-level await). */
async function typeErrors(name: string, source: string): Promise<string[]> {
  const file = join(scratch, name);
  await writeFile(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => `${diagnostic.file ? `${diagnostic.file.fileName}: ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

describe('copied snippets type-check against the installed libraries', { timeout: 120_000 }, () => {
  it('the viem Permit2 script, with a pinned certificate and without', async () => {
    expect(await typeErrors('permit2-pinned.ts', viemPermit2Snippet(request('/tmp/cert.pem')))).toEqual([]);
    expect(await typeErrors('permit2.ts', viemPermit2Snippet(request(null)))).toEqual([]);
  });

  it('the TypeScript fetch snippet', async () => {
    expect(await typeErrors('fetch.ts', fetchSnippet(request('/tmp/cert.pem')))).toEqual([]);
    expect(await typeErrors('fetch-with-system.ts', fetchSnippet({ ...request('/tmp/cert.pem'), trustSystemCertificates: true }))).toEqual([]);
  });

  it('both snippets through a profile proxy, with a pinned certificate and without', async () => {
    const proxied = (caPath: string | null) => ({ ...request(caPath), proxyUrl: 'http://proxy.example.test:3128' });
    expect(await typeErrors('fetch-proxy.ts', fetchSnippet(proxied('/tmp/cert.pem')))).toEqual([]);
    expect(await typeErrors('fetch-proxy-system.ts', fetchSnippet(proxied(null)))).toEqual([]);
    expect(await typeErrors('permit2-proxy.ts', viemPermit2Snippet(proxied('/tmp/cert.pem')))).toEqual([]);
  });

  it('fails on a broken snippet, so a passing check means something', async () => {
    const broken = viemPermit2Snippet(request(null)).replace('wallet.signTypedData({', 'wallet.signTypedMessage({');
    expect(await typeErrors('broken.ts', broken)).toEqual([expect.stringContaining('signTypedMessage')]);
  });
});
