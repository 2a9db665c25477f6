import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli as cli } from './test-support.ts';
import { HistoryStore } from '../core/history/index.ts';
import { startLocalService } from '../service/index.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { findTokenBySymbol } from '../domain/token-registry.ts';
import { shortAddress } from '../domain/address-text.ts';
import { swapChains } from '../domain/chains.ts';
import { DEMO_TAKERS } from '../service/swap/taker-state.ts';
import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/constants.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// What price and compare say about the pair they priced, against the local service the default
// profile starts: which chains a symbol or an address is taken on, which asset a shared symbol is,
// what a net figure stands on or why there is none, and the refusals that name their flag.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-pair-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the pair a compare prices', () => {
  it('exits 2 for a symbol one of --chains does not know, with a way out that is not an address on every chain', async () => {
    const ran = await inProcess(['compare', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1', '--chains', '1,56', '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')[0]).toBe(
      'swap-explorer compare: --sell WETH is not known on BSC (56). One compare takes one symbol (or one address) on every chain of --chains: leave that chain out, or compare it in a run of its own with a symbol its token list has (BSC (56): BNB, WBNB, USDT, USDC, ETH, BTCB, DAI)',
    );
  });

  it('prices an address given without --chains only where that address is listed, and names only those chains', async () => {
    // The native-asset address: every chain's own coin, priced against USDC where the list has USDC.
    const ran = await inProcess(['compare', '--sell', NATIVE_TOKEN_PLACEHOLDER, '--buy', 'USDC', '--amount', '1', '--models', 'permit2', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const [title, , ...lines] = ran.stdout.split('\n');
    const rowChains = lines.filter((line) => /^\S.*\(\d+\)\s/.test(line)).map((line) => /^(.+?) \(\d+\)/.exec(line)![1]!);
    expect(rowChains).toContain('BSC');
    // The title names each pair's chains: those of the table, and no chain whose override found no USDC.
    const isTitled = (name: string) => new RegExp(`(on |, )${name}( \\(address override\\))?[,;]`).test(title!);
    expect(swapChains().map((chain) => chain.name).filter(isTitled).sort()).toEqual([...rowChains].sort());
    // The OP-stack chains' WETH: never Ethereum's or Polygon's WETH, which the lists also call WETH.
    const opWeth = await inProcess(['compare', '--sell', '0x4200000000000000000000000000000000000006', '--buy', 'USDC', '--amount', '1', '--models', 'permit2', '--format', 'csv', '--data-dir', dir]);
    expect(opWeth.code, opWeth.stderr).toBe(0);
    expect(opWeth.stdout.trim().split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual(['10', '8453']);
  });

  it("keeps BSC's ETH token apart from the native ETH of other chains in the notes, and says which it is", async () => {
    const bscEth = findTokenBySymbol(56, 'ETH')!;
    expect(bscEth.kind).toBe('token');
    const ran = await inProcess(['compare', '--sell', 'ETH', '--buy', 'USDC', '--amount', '1', '--chains', '1,56', '--taker', DEMO_TAKERS.lowBalance, '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`\nsame symbol, another asset:\n  ETH is the token ${bscEth.address.toLowerCase()} there, not the native asset it is on the other chains\n    on BSC (56)\n`);
    // Each chain's balance on its own line: native ETH on Ethereum, the token on BSC (one line had held both).
    expect(ran.stdout).toContain('  balance too low: has 0.000000000000001 ETH, needs 1 ETH\n    on Ethereum (1) AH, Ethereum (1) P2\n');
    expect(ran.stdout).toContain(`  balance too low: has 0.000000000000001 ETH token ${shortAddress(bscEth.address.toLowerCase())}, needs 1 ETH token ${shortAddress(bscEth.address.toLowerCase())}\n    on BSC (56) AH, BSC (56) P2\n`);
    // A ladder says it too, BSC named once for its sizes.
    const ladder = await inProcess(['compare', '--sell', 'ETH', '--buy', 'USDC', '--amounts', '1,10', '--chains', '1,56', '--models', 'permit2', '--data-dir', dir]);
    expect(ladder.code, ladder.stderr).toBe(0);
    expect(ladder.stdout).toContain(`\nsame symbol, another asset:\n  ETH is the token ${bscEth.address.toLowerCase()} there, not the native asset it is on the other chains\n    on BSC (56)\n`);
  });

});

describe('the route a price took', () => {
  it("names a hop's two tokens apart where the answer gives them one symbol (Arbitrum's USDC.e and USDC)", async () => {
    // The service names bridged USDC.e "USDC" in its routes, beside native USDC: the route line (and
    // the compare row's route tokens it is read from, which the app's table and detail draw) read
    // "USDC -> USDC".
    const priced = await inProcess(['price', '--chain', '42161', '--sell', 'USDC.e', '--buy', 'USDC', '--amount', '1000', '--data-dir', dir]);
    expect(priced.code, priced.stderr).toBe(0);
    expect(priced.stdout).toMatch(/^route\s+100\.00% \S+ USDC\.e -> USDC$/m);
  });
});

describe('what a net figure stands on', () => {
  it('says what rate its net buy converted the network fee with, or why there is no net buy', async () => {
    // Neither token native: the rate is an indicative price of its own, which the answer does not hold.
    const quoted = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'USDT', '--amount', '100', '--data-dir', dir]);
    expect(quoted.code, quoted.stderr).toBe(0);
    const line = /^fee rate\s+1 ETH = ([\d,.]+) USDT, an indicative price of 0\.1 ETH for USDT \(zid (0x[0-9a-f]{24})\)$/m.exec(quoted.stdout);
    expect(line, quoted.stdout).not.toBeNull();
    // The net buy can be checked from what is printed: buy less the fee at that rate (both cut to 6 significant digits).
    const figure = (label: string) => Number(new RegExp(`^${label}\\s+([\\d,.]+) (USDT|ETH)`, 'm').exec(quoted.stdout)![1]!.replaceAll(',', ''));
    expect(figure('buy') - figure('network fee') * Number(line![1]!.replaceAll(',', ''))).toBeCloseTo(figure('net buy'), 2);
    const history = HistoryStore.open(historyFileIn(dir));
    try {
      expect(history.findByZid(line![2]!).map((entry) => entry.chainId)).toEqual([1]);
    } finally {
      history.close();
    }
    // No pool sells POL for WBTC on Polygon: the net buy is empty, and the line says why.
    const unpriced = await inProcess(['price', '--chain', '137', '--sell', 'DAI', '--buy', 'WBTC', '--amount', '100', '--data-dir', dir]);
    expect(unpriced.code, unpriced.stderr).toBe(0);
    expect(unpriced.stdout).toMatch(/^net buy\s+-\nfee rate\s+fee not priced: no liquidity for POL → WBTC$/m);
    // The buy token is the native token's wrapped form: one for one, no line.
    const wrapped = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '100', '--data-dir', dir]);
    expect(wrapped.stdout).not.toMatch(/^fee rate/m);
  });
});

describe('a fee rate read before a tax or an integrator fee', () => {
  it('says the rate is before the buy token\'s tax and the integrator fee, which the printed buy is after', async () => {
    // 1 ETH -> TAXD with a 100 bps integrator fee taken in ETH: the answer buys B TAXD for the 0.99 ETH
    // routed, after TAXD's 300 bps buy and 100 bps transfer tax. The rate is B / 0.99 / (1 - 0.04) per
    // ETH (build-row.ts), well above the buy printed beside it, and the line called it "this trade's
    // own price" with nothing saying why the two differ.
    const fee = ['--swap-fee-bps', '100', '--swap-fee-recipient', '0x1111111111111111111111111111111111111111'];
    const own = await inProcess(['compare', '--chains', '1', '--sell', 'ETH', '--buy', 'TAXD', '--amount', '1', '--models', 'allowance-holder', ...fee, '--format', 'json', '--data-dir', dir]);
    expect(own.code, own.stderr).toBe(0);
    const row = (JSON.parse(own.stdout) as { rows: { buyPerNative: string; allowanceHolder: { zid: string } }[] }).rows[0]!;
    const history = HistoryStore.open(historyFileIn(dir));
    const entry = history.get(history.findByZid(row.allowanceHolder.zid)[0]!.id)!;
    history.close();
    const body = entry.body as { buyAmount: string; sellAmount: string; fees: { integratorFee: { amount: string; token: string } }; tokenMetadata: { buyToken: { buyTaxBps: string; transferTaxBps: string } } };
    expect(body.fees.integratorFee).toMatchObject({ amount: '10000000000000000', token: NATIVE_TOKEN_PLACEHOLDER.toLowerCase() });
    const routed = BigInt(body.sellAmount) - BigInt(body.fees.integratorFee.amount);
    const kept = 10_000n - BigInt(body.tokenMetadata.buyToken.buyTaxBps) - BigInt(body.tokenMetadata.buyToken.transferTaxBps);
    expect(kept).toBe(9_600n);
    expect(row.buyPerNative).toBe(String((BigInt(body.buyAmount) * 10n ** 18n * 10_000n) / (routed * kept)));

    // price says the same rate comes before the tax (no integrator fee there).
    const priced = await inProcess(['price', '--chain', '1', '--sell', 'ETH', '--buy', 'TAXD', '--amount', '1', '--data-dir', dir]);
    expect(priced.code, priced.stderr).toBe(0);
    expect(priced.stdout).toMatch(/^fee rate\s+1 ETH = [\d,.]+ TAXD, this trade's own price before TAXD's 300 bps buy and 100 bps transfer tax$/m);
    const quoted = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'TAXD', '--amount', '100', '--data-dir', dir]);
    expect(quoted.stdout).toMatch(/^fee rate\s+1 ETH = [\d,.]+ TAXD, an indicative price of 0\.1 ETH for TAXD \(zid 0x[0-9a-f]{24}\) before TAXD's 300 bps buy and 100 bps transfer tax$/m);
  });
});

describe('refusals and progress', () => {
  it('exits 2 naming --data-dir when it is a file, before any service starts', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    for (const command of [['compare', '--chains', '1'], ['compare', '--chains', '1', '--amounts', '1,2'], ['price', '--chain', '1']]) {
      const amount = command.includes('--amounts') ? [] : ['--amount', '1'];
      const ran = await inProcess([...command, '--sell', 'USDC', '--buy', 'WETH', ...amount, '--data-dir', file]);
      expect(ran.code, command.join(' ')).toBe(2);
      expect(ran.stderr.split('\n')[0]).toBe(`swap-explorer ${command[0]}: --data-dir "${file}" is a file, not a folder: name the folder that keeps the runs and the history (it is made when absent)`);
    }
  });

});

describe('progress on stderr', () => {
  it('is named by the command run: a slow price says "price: 0/1 done", not compare', async () => {
    const service = await startLocalService({ dataDir: join(dir, 'latent'), apiKeys: [{ key: 'latent-key', team: 'latent' }], latencyMs: 2500 });
    try {
      const profiles = await openProfileStore(dir);
      await profiles.save(ProfileInputSchema.parse({ name: 'Latent', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
      // WETH bought: the rate is the trade's own, so one request, answered after the first progress line.
      const ran = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Latent', '--data-dir', dir], { SVC_API_KEY: 'latent-key' });
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stderr).toMatch(/^price: 0\/1 done$/m);
      expect(ran.stderr).not.toContain('compare');
    } finally {
      await service.close();
    }
  });
});
