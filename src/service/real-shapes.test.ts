import { decodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLER_ABI } from '../domain/settler-abi.ts';
import { V1_PARAMS } from '../domain/support/v1-params.ts';
import { ENDPOINTS, schemaReport } from '../spec/index.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

/**
 * What a client written for the real service sees (real-service-shapes.md), over real HTTPS: each
 * case here once differed from the real service's answer.
 */

const SWAP_PATHS = ['/swap/allowance-holder/price', '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote'];
/** Mixed case with a wrong EIP-55 checksum: accepted, since checksums are not enforced. */
const BAD_CHECKSUM = '0xAbCdEf0000000000000000000000000000000001';

/** Every 20-byte address anywhere in a body (calldata and hashes are longer, so they are not matched). */
function addressesIn(value: unknown, path = '', out: { path: string; address: string }[] = []): { path: string; address: string }[] {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) out.push({ path, address: value });
  else if (Array.isArray(value)) value.forEach((item, i) => addressesIn(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) addressesIn(item, path ? `${path}.${key}` : key, out);
  return out;
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 5 });
});
afterAll(() => svc.stop());

describe('addresses in any letter case', () => {
  it('prices and quotes a taker whose mixed-case checksum is wrong on all four endpoints (was a 500)', async () => {
    for (const path of SWAP_PATHS) {
      const answer = await svc.get(path, wethToUsdc({ taker: BAD_CHECKSUM }));
      expect(answer.status, path).toBe(200);
      expect(answer.body.liquidityAvailable, path).toBe(true);
    }
  });

  it('accepts wrong-checksum tokens, recipient, txOrigin and fee recipient', async () => {
    const query = wethToUsdc({
      sellToken: '0xc02AAA39B223FE8D0A0E5C4F27EAD9083C756CC2',
      buyToken: '0xA0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      taker: BAD_CHECKSUM,
      recipient: '0xAbCdEf0000000000000000000000000000000002',
      txOrigin: '0xAbCdEf0000000000000000000000000000000003',
      swapFeeRecipient: '0xAbCdEf0000000000000000000000000000000004',
      swapFeeBps: '10',
    });
    for (const path of SWAP_PATHS) expect((await svc.get(path, query)).status, path).toBe(200);
  });
});

describe('letter case of addresses in answers', () => {
  const checksummed = { sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC') };
  const fee = { swapFeeRecipient: '0x00000000000000000000000000000000000000F1', swapFeeBps: '10' };
  const cases: [string, Record<string, string>][] = [
    ['checksummed tokens, no allowance', wethToUsdc({ ...checksummed, ...fee, taker: DEMO_TAKERS.fundedNoAllowance })],
    ['low balance', wethToUsdc({ ...checksummed, taker: DEMO_TAKERS.lowBalance })],
    ['native sell', wethToUsdc({ sellToken: token(1, 'NATIVE'), taker: DEMO_TAKERS.funded })],
    ['native buy', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'NATIVE'), sellAmount: '1000000000', taker: DEMO_TAKERS.funded }],
    ['wrap', { chainId: '1', sellToken: token(1, 'NATIVE'), buyToken: token(1, 'WETH'), sellAmount: '5000', taker: DEMO_TAKERS.funded }],
  ];

  it('answers every address in lower case on all four endpoints, however the request wrote them', async () => {
    let checked = 0;
    for (const [name, query] of cases) {
      for (const path of SWAP_PATHS) {
        const { status, body } = await svc.get(path, query);
        expect(status, `${name} ${path}`).toBe(200);
        const found = addressesIn(body);
        checked += found.length;
        expect(found.filter(({ address }) => address !== address.toLowerCase()), `${name} ${path}`).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('lets a client find buyToken and sellToken in route.tokens by string equality', async () => {
    for (const path of SWAP_PATHS) {
      const { body } = await svc.get(path, wethToUsdc({ ...checksummed, taker: DEMO_TAKERS.funded }));
      const addresses = (body.route as { tokens: { address: string }[] }).tokens.map((t) => t.address);
      expect(addresses).toContain(body.buyToken);
      expect(addresses).toContain(body.sellToken);
      expect(body.allowanceTarget).toBe((body.issues as { allowance: { spender: string } | null }).allowance?.spender ?? body.allowanceTarget);
    }
  });
});

describe('quote shape', () => {
  it('carries gas and gasPrice only under transaction in quotes of both models, and at the top level of prices', async () => {
    for (const model of ['allowance-holder', 'permit2'] as const) {
      const quote = (await svc.get(`/swap/${model}/quote`, wethToUsdc({ taker: DEMO_TAKERS.funded }))).body;
      expect(quote).not.toHaveProperty('gas');
      expect(quote).not.toHaveProperty('gasPrice');
      expect(quote.transaction).toMatchObject({ gas: expect.stringMatching(/^[0-9]+$/), gasPrice: expect.stringMatching(/^[0-9]+$/) });
      expect(schemaReport(ENDPOINTS[`${model}.quote`].response, quote)).toEqual([]);
      const price = (await svc.get(`/swap/${model}/price`, wethToUsdc({ taker: DEMO_TAKERS.funded }))).body;
      expect(price).toMatchObject({ gas: expect.any(String), gasPrice: expect.any(String) });
    }
  });
});

describe('selling the native asset', () => {
  it('shows the wrapped native token in route.fills and route.tokens while sellToken stays 0xeeee…', async () => {
    const weth = token(1, 'WETH').toLowerCase();
    for (const path of SWAP_PATHS) {
      const { body } = await svc.get(path, wethToUsdc({ sellToken: token(1, 'NATIVE'), taker: DEMO_TAKERS.funded }));
      expect(body.sellToken, path).toBe('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
      const route = body.route as { fills: { from: string }[]; tokens: { address: string; symbol: string }[] };
      expect(route.fills[0]!.from, path).toBe(weth);
      expect(route.fills.some((fill) => fill.from === body.sellToken), path).toBe(false);
      expect(route.tokens[0], path).toEqual({ address: weth, symbol: 'WETH' });
      expect(route.tokens.map((t) => t.symbol), path).not.toContain('ETH');
    }
  });
});

describe('errors that teach v2', () => {
  const reasons = async (path: string, query: Record<string, string>) => {
    const answer = await svc.get(path, query);
    expect(answer.status).toBe(400);
    expect(answer.body.name).toBe('INPUT_INVALID');
    return Object.fromEntries((answer.body.data?.details ?? []).map((d) => [d.field, d.reason]));
  };

  it('names the v2 replacement of each retired v1 parameter, with the unit change from fraction to Bps', async () => {
    const got = await reasons('/swap/allowance-holder/price', {
      ...wethToUsdc(),
      slippagePercentage: '0.01',
      buyTokenPercentageFee: '0.005',
      feeRecipient: DEMO_TAKERS.funded,
      sellTokenAddress: token(1, 'WETH'),
      buyTokenAddress: token(1, 'USDC'),
      skipValidation: 'true',
      affiliateAddress: DEMO_TAKERS.funded,
    });
    expect(got.slippagePercentage).toMatch(/slippageBps.*basis points.*slippagePercentage=0\.01 is slippageBps=100/);
    expect(got.buyTokenPercentageFee).toMatch(/swapFeeBps.*swapFeeRecipient.*buyTokenPercentageFee=0\.005 is swapFeeBps=50/);
    expect(got.feeRecipient).toMatch(/in v2 use swapFeeRecipient/);
    expect(got.sellTokenAddress).toMatch(/in v2 use sellToken$/);
    expect(got.buyTokenAddress).toMatch(/in v2 use buyToken$/);
    expect(got.skipValidation).toMatch(/no replacement: validation always runs/);
    expect(got.affiliateAddress).toMatch(/no replacement/);
    for (const reason of Object.values(got)) expect(reason).not.toBe('is not a parameter of this endpoint');
  });

  it('teaches every v1 name the support linter knows, sellEntireBalance and tradeSurplusRecipient included', async () => {
    // shouldSellEntireBalance=true was answered only 'is not a parameter of this endpoint', while
    // the app's own lint of the same request named sellEntireBalance.
    const values: Record<string, string> = { shouldSellEntireBalance: 'true', feeRecipientTradeSurplus: DEMO_TAKERS.funded, includedSources: 'Uniswap_V3', priceImpactProtectionPercentage: '0.2' };
    const got = await reasons('/swap/permit2/price', { ...wethToUsdc(), ...Object.fromEntries(Object.keys(V1_PARAMS).map((name) => [name, values[name] ?? '1'])) });
    for (const name of Object.keys(V1_PARAMS)) expect(got[name], name).toMatch(/^is a v1 parameter/);
    expect(got.shouldSellEntireBalance).toBe('is a v1 parameter; in v2 use sellEntireBalance');
    expect(got.feeRecipientTradeSurplus).toBe('is a v1 parameter; in v2 use tradeSurplusRecipient');
    expect(got.includedSources).toMatch(/no replacement: sources can only be excluded \(excludedSources\)/);
  });

  it('tells a slippage or surplus cap that is not whole its unit, so 0.01 (v1\'s fraction) is not resent as 1 Bps', async () => {
    // slippagePercentage=0.01 renamed to slippageBps but kept as a fraction; "must be a whole number"
    // alone led to slippageBps=1, 0.01 %: a hundredth of the tolerance meant.
    const bps = await reasons('/swap/allowance-holder/price', wethToUsdc({ slippageBps: '0.01' }));
    expect(bps.slippageBps).toBe('must be a whole number of basis points (1 % is 100, 0.5 % is 50)');
    const ppm = await reasons('/swap/allowance-holder/price', wethToUsdc({ slippagePpm: '0.003' }));
    expect(ppm.slippagePpm).toBe('must be a whole number of parts per million (1 % is 10000, 0.3 % is 3000)');
    const surplus = await reasons('/swap/permit2/quote', wethToUsdc({ taker: DEMO_TAKERS.funded, tradeSurplusRecipient: DEMO_TAKERS.funded, tradeSurplusMaxBps: '0.5' }));
    expect(surplus.tradeSurplusMaxBps).toMatch(/^must be a whole number of basis points/);
    // A whole number out of range keeps its range.
    expect((await reasons('/swap/permit2/price', wethToUsdc({ slippageBps: '10001' }))).slippageBps).toBe('must be between 0 and 10000');
  });

  it('points sellToken=ETH to 0xeeee…, chainId=base to /swap/chains and a hex chainId to its decimal', async () => {
    const got = await reasons('/swap/permit2/price', { chainId: 'base', sellToken: 'ETH', buyToken: token(8453, 'USDC'), sellAmount: '1000' });
    expect(got.sellToken).toContain('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
    expect(got.chainId).toContain('/swap/chains');
    // A wallet's eth_chainId gives hex, which a dapp passes on as it came.
    const hex = await reasons('/swap/permit2/price', { ...wethToUsdc(), chainId: '0x2105' });
    expect(hex.chainId).toBe('must be a decimal number, not hex (the form eth_chainId answers in): 0x2105 is 8453');
    const sources = await reasons('/sources', { chainId: 'base' });
    expect(sources.chainId).toContain('/swap/chains');
  });
});

describe('exact out (Allowance Holder buyAmount)', () => {
  const exactOut = (overrides: Record<string, string> = {}) => ({ chainId: '1', sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC'), buyAmount: '1000000', taker: DEMO_TAKERS.funded, ...overrides });

  it('answers the exact-out variant on price and quote: buyAmount as asked, maxSellAmount bounded by slippage, two routes', async () => {
    for (const verb of ['price', 'quote'] as const) {
      const { status, body } = await svc.get(`/swap/allowance-holder/${verb}`, exactOut());
      expect(status).toBe(200);
      expect(schemaReport(ENDPOINTS[`allowance-holder.${verb}`].response, body), verb).toEqual([]);
      expect(body).toMatchObject({ mode: 'exact-out', buyAmount: '1000000' });
      for (const gone of ['sellAmount', 'minBuyAmount', 'route']) expect(body, `${verb} ${gone}`).not.toHaveProperty(gone);
      const max = BigInt(body.maxSellAmount as string);
      const net = BigInt(body.estimatedNetSellAmount as string);
      // Default slippage 100 Bps bounds the spend: maxSellAmount = needed × 1.01, rounded up.
      expect(max).toBe((net * 1_010_000n + 999_999n) / 1_000_000n);
      const routes = body.routes as { forward: { fills: { from: string; to: string }[] }; refund: { fills: { from: string; to: string }[] } };
      expect(routes.forward.fills[0]!.from).toBe(body.sellToken);
      expect(routes.forward.fills.at(-1)!.to).toBe(body.buyToken);
      expect(routes.refund.fills[0]!.from).toBe(body.buyToken);
      expect(routes.refund.fills.at(-1)!.to).toBe(body.sellToken);
    }
  });

  it('encodes calldata that pulls at most maxSellAmount and guarantees at least buyAmount', async () => {
    const { body } = await svc.get('/swap/allowance-holder/quote', exactOut());
    const exec = decodeFunctionData({ abi: SETTLER_ABI, data: (body.transaction as { data: Hex }).data });
    expect(exec.functionName).toBe('exec');
    const [, sellToken, amount, , inner] = exec.args as [string, string, bigint, string, Hex];
    expect(sellToken.toLowerCase()).toBe(body.sellToken);
    expect(amount.toString()).toBe(body.maxSellAmount);
    const execute = decodeFunctionData({ abi: SETTLER_ABI, data: inner });
    const [slippage, actions] = execute.args as unknown as [{ minAmountOut: bigint; recipient: string }, Hex[]];
    expect(slippage.minAmountOut).toBeGreaterThanOrEqual(BigInt(body.buyAmount as string));
    expect(slippage.recipient.toLowerCase()).toBe(DEMO_TAKERS.funded);
    const fills = actions.map((action) => decodeFunctionData({ abi: SETTLER_ABI, data: action })).filter((call) => call.functionName === 'FILL');
    const routes = body.routes as { forward: { fills: unknown[] }; refund: { fills: unknown[] } };
    expect(fills).toHaveLength(routes.forward.fills.length + routes.refund.fills.length);
  });

  it('spends exactly what is needed at zero slippage, and is refused with both or neither amount and on Permit2', async () => {
    const tight = (await svc.get('/swap/allowance-holder/price', exactOut({ slippageBps: '0' }))).body;
    expect(tight.maxSellAmount).toBe(tight.estimatedNetSellAmount);
    const both = await svc.get('/swap/allowance-holder/quote', exactOut({ sellAmount: '1000' }));
    expect(both.status).toBe(400);
    expect(both.body.name).toBe('INPUT_INVALID');
    const { buyAmount: _buy, ...neitherQuery } = exactOut();
    const neither = await svc.get('/swap/allowance-holder/price', neitherQuery);
    expect(neither.body.data?.details?.map((d) => d.field)).toEqual(['sellAmount']);
    const permit2 = await svc.get('/swap/permit2/price', exactOut({ sellAmount: '1000' }));
    expect(permit2.body.data?.details).toEqual([{ field: 'buyAmount', reason: 'is not accepted by the Permit2 endpoints' }]);
  });
});
