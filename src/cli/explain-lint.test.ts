import { request } from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type RunningService } from '../service/index.ts';
import { inProcess as cli } from './test-support.ts';

// explain's findings for requests the local service refuses: each request is sent to the real
// service (port 0, HTTPS with its own certificate) and explained, and explain must name the field
// the service names in its 400 INPUT_INVALID.

const KEY = 'explain-lint-key';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

let dir: string;
let service: RunningService;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-explain-lint-'));
  service = await startLocalService({ dataDir: dir, apiKeys: [{ key: KEY, team: 'support' }] });
});
afterAll(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

/** What the service answers to `path` sent with the key and version headers. */
function send(path: string): Promise<{ status: number; body: { name: string; data: { details: { field: string; reason: string }[] } } }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${service.baseUrl}${path}`, { ca: service.caCertPem, headers: { 'svc-api-key': KEY, 'svc-version': 'v2' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The service's refusal of `path` and explain's text of the same URL. */
async function refusedAndExplained(path: string): Promise<{ field: string; reason: string; stdout: string; code: number }> {
  const answer = await send(path);
  expect(answer.status).toBe(400);
  expect(answer.body.name).toBe('INPUT_INVALID');
  const ran = await cli(['explain', `https://api.example.com${path}`]);
  return { ...answer.body.data.details[0]!, stdout: ran.stdout, code: ran.code };
}

describe('explain: requests the service refuses are findings', () => {
  it('a chain the service does not support, named as the service names it', async () => {
    const { field, reason, stdout, code } = await refusedAndExplained(`/swap/allowance-holder/price?chainId=12345&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1000`);
    expect({ field, reason }).toMatchObject({ field: 'chainId', reason: expect.stringContaining('not a supported chain') });
    expect(code).toBe(1);
    expect(stdout).toMatch(/error {3}CHAIN_NOT_SUPPORTED \(chainId\)\n +chainId=12345 is not a chain the service supports; it answers 400 INPUT_INVALID\.\n +fix: use a chain from GET \/swap\/chains/);
    expect(stdout).toContain('Findings (1 problem, 2 notes that do not count)');
    // A chain the service once served is named.
    const blast = await refusedAndExplained(`/sources?chainId=81457`);
    expect(blast.field).toBe('chainId');
    expect(blast.stdout).toContain('chainId=81457 is not a chain the service supports (Blast is no longer served)');
  });

  it('a parameter given twice, named as given twice rather than as a malformed value', async () => {
    const { field, reason, stdout, code } = await refusedAndExplained(`/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1000`);
    expect({ field, reason }).toEqual({ field: 'sellToken', reason: 'is given more than once' });
    expect(code).toBe(1);
    expect(stdout).toContain(`PARAM_REPEATED (sellToken)\n          sellToken is given 2 times (${USDC}, ${USDC}); the service refuses a parameter given more than once.\n          fix: give sellToken once`);
    expect(stdout).not.toContain('must be an address');
    // Same values: the corrected request gives it once, and nothing is left to fix by hand.
    expect(stdout).toContain(`?chainId=1&sellToken=${USDC}&buyToken=`);
    expect(stdout).not.toContain('Still to fix by hand');
  });

  it('two different values of a parameter: the corrected request keeps the first and says so', async () => {
    const { field, stdout } = await refusedAndExplained(`/swap/permit2/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&buyToken=${USDC}&sellAmount=1000`);
    expect(field).toBe('buyToken');
    expect(stdout).toContain(`fix: give buyToken once, with the value you mean (the corrected request keeps the first, ${WETH})`);
    expect(stdout).toMatch(/Still to fix by hand \(1\):\n +error {3}PARAM_REPEATED \(buyToken\)/);
  });
});

describe('explain: what a request asks', () => {
  it("reads each amount in its token's units on the request's chain, as the service prices it", async () => {
    // The customer meant 1,000 USDC and sent 1000 base units: the service prices a thousandth of a USDC.
    const path = `/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1000`;
    const sent = await new Promise<{ sellAmount: string }>((resolve, reject) => {
      request(`${service.baseUrl}${path}`, { ca: service.caCertPem, headers: { 'svc-api-key': KEY, 'svc-version': 'v2' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text)));
      }).on('error', reject).end();
    });
    expect(sent.sellAmount).toBe('1000');
    const { stdout } = await cli(['explain', `curl -H 'svc-api-key: k3y_abcdefghijkl' -H 'svc-version: v2' 'https://api.example.com${path}'`]);
    expect(stdout).toContain(['    chainId=1  (Ethereum)', `    sellToken=${USDC}  (USDC)`, `    buyToken=${WETH}  (WETH)`, '    sellAmount=1000  (0.001 USDC)'].join('\n'));
  });
});

describe('explain: what the service answers is not a finding', () => {
  it('a chain list with a cache-buster or a stray chainId: the service lists its chains, explain notes the ignored parameters and exits 0', async () => {
    const path = '/swap/chains?_=1700000000&chainId=999999';
    const answer = await send(path);
    expect(answer.status).toBe(200);
    const ran = await cli(['explain', `https://api.example.com${path}`]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('_ is not a parameter of /swap/chains; the service ignores it and answers with the whole list.');
    expect(ran.stdout).not.toMatch(/INPUT_INVALID|CHAIN_NOT_SUPPORTED/);
  });
});
