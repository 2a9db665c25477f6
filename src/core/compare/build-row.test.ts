import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareRequestSchema } from '../../ipc/channels/compare.ts';
import { findToken } from '../../domain/token-registry.ts';
import { buildRow, type ChainResults } from './build-row.ts';
import { planComparison } from './plan.ts';
import { startCompareRig, type CompareRig } from './test-support.ts';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { DEMO_TAKERS } from '../../service/swap/taker-state.ts';

// The local service's demo taxed token on Ethereum: the engine's registry does not know its address.
const TAXD = '0x7a7a000000000000000000000000000000000001';

describe('buildRow against answers of the local service', () => {
  let rig: CompareRig;
  beforeAll(async () => {
    rig = await startCompareRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('labels an override address the app does not know with the symbol of the answer\'s route.tokens', async () => {
    expect(findToken(1, TAXD)).toBeUndefined();
    const request = CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1], overrides: [{ chainId: 1, side: 'buy', address: TAXD, decimals: 18 }] });
    const [chain] = planComparison(request);
    expect(chain!.buy).toMatchObject({ address: TAXD, symbol: '', isOverride: true });

    // Before any answer there is no route to read: the row shows the short address, never the pair's "WETH".
    expect(buildRow(chain!, {}).buyToken.symbol).toBe('0x7a7a…0001');

    const results: ChainResults = {};
    for (const item of chain!.requests) results[item.model] = { entry: (await rig.requests.send({ profileId: 'local', endpoint: item.endpoint, params: item.params })).entry };
    const routeSymbols = (results.permit2 as { entry: { body: { route: { tokens: { address: string; symbol: string }[] } } } }).entry.body.route.tokens;
    expect(routeSymbols.find((token) => token.address.toLowerCase() === TAXD)?.symbol).toBe('TAXD');

    const row = buildRow(chain!, results, true);
    expect(row.buyToken).toMatchObject({ address: TAXD, symbol: 'TAXD', decimals: 18, isOverride: true });
    expect(row.sellToken).toMatchObject({ symbol: 'USDC', isOverride: false });
    expect(row.permit2.routeTokens.map((token) => token.symbol)).toContain('TAXD');
    // Each side carries the block its own answer priced at.
    const blockOf = (model: 'allowance-holder' | 'permit2') => (results[model] as { entry: { body: { blockNumber: string } } }).entry.body.blockNumber;
    expect([row.allowanceHolder.blockNumber, row.permit2.blockNumber]).toEqual([blockOf('allowance-holder'), blockOf('permit2')]);
    expect(row.permit2.blockNumber).toMatch(/^[0-9]+$/);
  });

  it('carries the issues each side\'s answer reported, and none where the taker is in order', async () => {
    const rowFor = async (taker: string) => {
      const [chain] = planComparison(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1], taker }));
      const results: ChainResults = {};
      for (const item of chain!.requests) results[item.model] = { entry: (await rig.requests.send({ profileId: 'local', endpoint: item.endpoint, params: item.params })).entry };
      return buildRow(chain!, results, true);
    };
    // Funded, no allowance set: each model needs its own allowance.
    const unapproved = await rowFor(DEMO_TAKERS.fundedNoAllowance);
    expect([unapproved.allowanceHolder.issues, unapproved.permit2.issues]).toEqual([['allowance'], ['allowance']]);
    const poor = await rowFor(DEMO_TAKERS.lowBalance);
    expect(poor.permit2.issues).toEqual(['balance', 'simulation-incomplete']);
    const funded = await rowFor(DEMO_TAKERS.funded);
    expect([funded.allowanceHolder.issues, funded.permit2.issues]).toEqual([[], []]);
  });

  it('names the answer that gave no network fee (spec: nullable) as why the row has no net, instead of a bare gross verdict', async () => {
    const [chain] = planComparison(CompareRequestSchema.parse({ sell: 'USDC', buy: 'USDT', amount: '1000', chains: [1] }));
    const send = async (item: { endpoint: Parameters<CompareRig['requests']['send']>[0]['endpoint']; params: Record<string, string> }) => (await rig.requests.send({ profileId: 'local', endpoint: item.endpoint, params: item.params })).entry;
    const results: ChainResults = { rate: { entry: await send(chain!.rateRequest!) } };
    for (const item of chain!.requests) results[item.model] = { entry: await send(item) };
    const answered = (results.permit2 as { entry: HistoryEntry }).entry;
    // The local service always prices the fee; a real service may answer null, as the spec allows.
    results.permit2 = { entry: { ...answered, body: { ...(answered.body as object), totalNetworkFee: null } } };
    const row = buildRow(chain!, results, true);
    expect(row.networkFeeRate?.source).toBe('quoted');
    expect([row.permit2.state, row.permit2.netBuyAmount, row.allowanceHolder.netBuyAmount === null]).toEqual(['ok', null, false]);
    expect([row.basis, row.netDiffBps]).toEqual(['gross', null]);
    expect(row.feeNotPriced).toBe("fee not priced: Permit2's answer gives no network fee (totalNetworkFee null)");
    // With every fee answered, nothing is said.
    results.permit2 = { entry: answered };
    expect(buildRow(chain!, results, true)).toMatchObject({ basis: 'net', feeNotPriced: null });
  });

  it('prices no network fee from a native sell too small to read the native price from, and says why', async () => {
    const rowFor = async (amount: string) => {
      const [chain] = planComparison(CompareRequestSchema.parse({ sell: 'ETH', buy: 'USDC', amount, chains: [1] }));
      const results: ChainResults = {};
      for (const item of chain!.requests) results[item.model] = { entry: (await rig.requests.send({ profileId: 'local', endpoint: item.endpoint, params: item.params })).entry };
      return buildRow(chain!, results, true);
    };
    // 1e-9 ETH buys a few millionths of a USDC: a rate read from those few base units is far off.
    const dust = await rowFor('0.000000001');
    const bought = BigInt(dust.allowanceHolder.buyAmount!);
    expect(bought).toBeGreaterThan(0n);
    expect(bought).toBeLessThan(10n);
    expect(dust.networkFeeRate).toBeNull();
    expect(dust.feeNotPriced).toBe(`fee not priced: this trade buys only ${bought} base units of USDC, too few to read what ETH is worth from (a rate read from it could be up to ${Number((100 / Number(bought)).toPrecision(2))} % low)`);
    expect([dust.allowanceHolder.networkFeeInBuyToken, dust.permit2.netBuyAmount]).toEqual([null, null]);
    // A sell that buys thousands of base units still gives the rate (within 1 bps).
    const small = await rowFor('0.00001');
    expect(BigInt(small.allowanceHolder.buyAmount!)).toBeGreaterThanOrEqual(10_000n);
    expect(small.networkFeeRate?.source).toBe('sell-is-native');
  });

  it('keeps a symbol typed with the override over the route\'s', async () => {
    const request = CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1], overrides: [{ chainId: 1, side: 'buy', address: TAXD, decimals: 18, symbol: 'MYTAX' }] });
    const [chain] = planComparison(request);
    const item = chain!.requests[0]!;
    const row = buildRow(chain!, { [item.model]: { entry: (await rig.requests.send({ profileId: 'local', endpoint: item.endpoint, params: item.params })).entry } }, true);
    expect(row.buyToken.symbol).toBe('MYTAX');
  });
});
