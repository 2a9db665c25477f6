import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { concat, keccak256, numberToHex, parseTransaction, recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viemPermit2Snippet } from '../domain/snippets.ts';
import type { Eip712 } from '../spec/index.ts';
import { startLocalService, type RunningService } from '../service/index.ts';
import { token } from '../service/test-fixtures.ts';
import { testConnection } from './http/test-support.ts';
import { undiciTransport } from './http/undici-transport.ts';
import { createRequestService, type RequestService } from './request/send-request.ts';
import { MemoryHistory, fixedConnections } from './request/test-support.ts';

// Issue 13: the viem Permit2 script, run as copied against the local service for its quote and a
// recording JSON-RPC node for the rest: what it would broadcast is decoded and held against the
// quote the app got (transaction.to, gasPrice, data + signature length + a signature of
// permit2.eip712 by PRIVATE_KEY's account).
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// A fixed, well-known test key: the account exists only in this test.
const PRIVATE_KEY: Hex = `0x${'4c'.repeat(32)}`;
const account = privateKeyToAccount(PRIVATE_KEY);

let service: RunningService;
let requests: RequestService;
let scratch: string;
let node: Server;
const sent: Hex[] = [];

// A JSON-RPC node that answers what a local account's sendTransaction asks and keeps the raw transaction.
function rpcAnswer(method: string, params: unknown[]): unknown {
  if (method === 'eth_chainId') return '0x1';
  if (method === 'eth_getTransactionCount') return '0x0';
  if (method === 'eth_estimateGas') return '0x30d40';
  if (method === 'eth_sendRawTransaction') {
    sent.push(params[0] as Hex);
    return keccak256(params[0] as Hex);
  }
  throw new Error(`unexpected ${method}`);
}

beforeAll(async () => {
  // One instant for the whole test: the script fetches its own quote, and on a slow machine a block
  // passed between the app's and the script's (a new gas price) when the service read the wall clock.
  const startedAt = Date.now();
  service = await startLocalService({ dataDir: await mkdtemp(join(tmpdir(), 'snippets-viem-')), now: () => startedAt });
  const connection = testConnection(service.baseUrl, { profileId: 'local', caPem: service.caCertPem, apiKey: service.apiKeys[0]! });
  requests = createRequestService({ connections: fixedConnections(connection), history: new MemoryHistory(), client: { transport: undiciTransport, backoffBaseMs: 5 } });
  node = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(text) as { id: number; method: string; params: unknown[] };
      try {
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: rpcAnswer(call.method, call.params) }));
      } catch (error) {
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: (error as Error).message } }));
      }
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test-results', 'snippets-viem-'));
});
afterAll(async () => {
  await requests.close();
  await service.close();
  await new Promise((resolve) => node.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

describe('the copied viem Permit2 script', { timeout: 60_000 }, () => {
  it('sends the quote transaction with the signature of permit2.eip712 appended, as the app got it', async () => {
    const params = { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '2500000000', taker: account.address.toLowerCase() };
    const { entry } = await requests.send({ profileId: 'local', endpoint: 'permit2.quote', params });
    expect(entry.status).toBe(200);
    const quote = entry.body as { transaction: { to: Hex; data: Hex; gasPrice: string; value: string }; permit2: { eip712: Eip712 } };
    expect(quote.permit2).not.toBeNull();

    const file = join(scratch, 'permit2.ts');
    await writeFile(file, viemPermit2Snippet({ url: entry.url, headers: entry.requestHeaders, apiKeyHeader: 'svc-api-key', caPath: service.caCertPath, chainId: 1 }));
    const env = { ...process.env, SVC_API_KEY: service.apiKeys[0]!, PRIVATE_KEY, RPC_URL: `http://127.0.0.1:${(node.address() as AddressInfo).port}` };
    await run(process.execPath, [file], { env, cwd: scratch });

    expect(sent).toHaveLength(1);
    const tx = parseTransaction(sent[0]!);
    expect(tx.to).toBe(quote.transaction.to);
    expect(tx.gasPrice).toBe(BigInt(quote.transaction.gasPrice));
    expect(tx.value ?? 0n).toBe(BigInt(quote.transaction.value));
    // The script fetches its own quote (its data is priced anew), so the tail is read at the app's quote's length.
    const body = tx.data!.slice(0, quote.transaction.data.length) as Hex;
    const signature = `0x${tx.data!.slice(quote.transaction.data.length + 64)}` as Hex;
    expect(tx.data).toBe(concat([body, numberToHex(65, { size: 32 }), signature]));
    const { EIP712Domain: _domain, ...types } = quote.permit2.eip712.types;
    const typed = { ...quote.permit2.eip712, types } as unknown as Parameters<typeof recoverTypedDataAddress>[0];
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address);
  });
});
