import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARISON_CSV_COLUMNS, COMPARISON_JSON_FORMAT } from '../domain/compare-export.ts';
import { BIN, ROOT, inProcess, spawnCli as cli } from './test-support.ts';
import { HistoryStore } from '../core/history/index.ts';
import { startLocalService } from '../service/index.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { DEMO_TAX_TOKENS } from '../domain/demo-tokens.ts';
import { chainLabel, PERMIT2_ADDRESS } from '../domain/chains.ts';
import { formatInteger } from '../domain/number-format.ts';
import type { CompareRowWire } from '../ipc/channels/compare.ts';
import { DEMO_TAKERS } from '../service/swap/taker-state.ts';
import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/constants.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// Spawned through the bin launcher as a user runs it (spawnCli); the default profile starts the local service as a child.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-compare-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('swap-explorer compare', () => {
  it('prints one table row per chain against the local service and saves the run', async () => {
    const ran = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--chains', '1,8453,42161', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^1,000 USDC -> WETH, 3 chains \(run cmp-[0-9a-z]+\); buy amounts in WETH, network fees in each chain's native token$/);
    expect(lines[1]).toMatch(/^chain\s+AH buy\s+P2 buy\s+P2-AH bps\s+P2-AH net bps\s+AH min buy\s+P2 min buy\s+AH network fee\s+P2 network fee\s+AH net buy/);
    expect(lines.slice(2, 5).map((line) => line.split(/\s{2,}/)[0])).toEqual(['Ethereum (1)', 'Base (8453)', 'Arbitrum (42161)']);
    // Then the rows whose two answers priced at different blocks (which depends on when each request
    // landed: read from the saved run), and what the answers said beyond the figures: no taker, so
    // of issues nothing.
    const runId = /\(run (cmp-[0-9a-z]+)\)/.exec(lines[0]!)![1]!;
    const saved = JSON.parse(await readFile(join(dir, 'comparisons', `${runId}.json`), 'utf8')) as { status: { rows: CompareRowWire[] } };
    const twoBlocks = saved.status.rows
      .filter((row) => row.allowanceHolder.blockNumber !== row.permit2.blockNumber)
      .map((row) => `  ${chainLabel(row.chainId)}: AH ${formatInteger(row.allowanceHolder.blockNumber!)}, P2 ${formatInteger(row.permit2.blockNumber!)}`);
    const blockLines = twoBlocks.length > 0 ? ['', "priced at different blocks (part of the row's difference may be the blocks', not the models'):", ...twoBlocks] : [];
    expect(lines.slice(5)).toEqual([...blockLines, '', 'token taxes: none (0 bps) on every side answered']);
    expect(lines[2]).toMatch(/(Permit2|Allowance Holder|tie)( \(net(, 2 blocks)?\))?$/);
    // Buy, min buy and net buy of a row carry the same fraction digits (a longer net would look larger).
    const cells = lines[2]!.split(/\s{2,}/);
    const fractions = [1, 2, 5, 6, 9, 10].map((column) => cells[column]!.split('.')[1]?.length ?? 0);
    expect(new Set(fractions).size, lines[2]).toBe(1);
    expect(await readdir(join(dir, 'comparisons'))).toHaveLength(1);
  });

  it('writes JSON and CSV with zids', async () => {
    const json = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '50', '--chains', '10', '--models', 'permit2', '--format', 'json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as { format: string; rows: { chainId: number; allowanceHolder: { state: string }; permit2: { state: string; zid: string } }[] };
    expect(parsed.format).toBe(COMPARISON_JSON_FORMAT);
    expect(parsed.rows[0]).toMatchObject({ chainId: 10, allowanceHolder: { state: 'not-requested' }, permit2: { state: 'ok', zid: expect.stringMatching(/^0x[0-9a-f]{24}$/) } });
    // The trade asked is in the file: 50 USDC in Optimism USDC's 6 decimals, for WETH.
    expect(parsed.rows[0]).toMatchObject({ sellAmount: '50000000', sellToken: { symbol: 'USDC', decimals: 6 }, buyToken: { symbol: 'WETH', decimals: 18 } });
    // And the profile it was priced with: the local service's market is simulated.
    expect(parsed).toMatchObject({ profile: { id: 'local', name: 'Local service' } });
    // The request is in the history file the app reads.
    const history = HistoryStore.open(historyFileIn(dir));
    expect(history.findByZid(parsed.rows[0]!.permit2.zid)).toMatchObject([{ endpoint: 'permit2.price', chainId: 10, status: 200 }]);
    history.close();
    const csv = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '50', '--chains', '1,10', '--format', 'csv', '--data-dir', dir]);
    const rows = csv.stdout.trim().split('\r\n');
    expect(rows[0]).toBe(COMPARISON_CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^1,Ethereum,/);
    // Last, what else was sent: both models; no taker, slippage or fee (the service's defaults applied); no note on a native fee (Ethereum has ETH); then how far the run got.
    expect(rows[1]).toMatch(/,0x[0-9a-fA-F]{40},50,50000000,buy-is-native,,0,0,0,0,0,0,,,ETH,Local service,allowance-holder; permit2,,,,,,done: 4\/4 requests answered$/);
    // ...as the JSON, whose run asked Permit2 alone, says it did.
    expect(parsed).toMatchObject({ sent: { models: ['permit2'], taker: null, slippageBps: null, swapFeeBps: null, swapFeeRecipient: null } });
  });

  it('exits 2 with one line naming the flag on bad input', async () => {
    const cases: [string[], string][] = [
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chains', '1,x'], '--chains'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', 'ten'], '--amount'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1.0000001', '--chains', '1'], '--amount'],
      [['--sell', 'NOPE', '--buy', 'WETH', '--amount', '1', '--chains', '1'], '--sell'],
      [['--buy', 'WETH', '--amount', '1'], '--sell'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--models', 'permit3'], '--models'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--taker', '0x12'], '--taker'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--swap-fee-bps', '10'], '--swap-fee-recipient'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--format', 'xml'], '--format'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chains', '999999'], '--chains'],
      // price's singular flag: the message names the plural one.
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chain', '1'], 'unknown option --chain \\(did you mean --chains\\?\\);'],
      [['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--models', 'p2'], '--models must be one of allowance-holder, permit2, got "p2"'],
    ];
    for (const [args, flag] of cases) {
      const ran = await inProcess(['compare', ...args, '--data-dir', dir]);
      expect(ran.code, args.join(' ')).toBe(2);
      expect(ran.stderr.split('\n')[0], args.join(' ')).toMatch(new RegExp(`^swap-explorer compare: ${flag}( |$)`));
      expect(ran.stdout).toBe('');
    }
  });

  // Through the launcher, as a user runs it, with a deadline: Node's recursive mkdir spun forever on this path.
  it('lists the answers\' token taxes and issues under the table, each with the sides that reported it', async () => {
    const { buyTaxBps, sellTaxBps, transferTaxBps } = DEMO_TAX_TOKENS.find((demo) => demo.symbol === 'TAXD')!.taxes;
    const ran = await inProcess(['compare', '--sell', 'WETH', '--buy', 'taxd', '--amount', '1', '--chains', '1,8453', '--taker', DEMO_TAKERS.fundedNoAllowance, '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    // The demo token by symbol, any case: priced through an address override on each chain that has it.
    expect(ran.stdout).toMatch(/^1 WETH -> TAXD, 2 chains/);
    expect(ran.stdout).toContain(`\ntoken taxes:\n  TAXD (buy token): buy ${buyTaxBps} bps, sell ${sellTaxBps} bps, transfer ${transferTaxBps} bps\n    on Ethereum (1) AH, Ethereum (1) P2, Base (8453) AH, Base (8453) P2\n`);
    expect(ran.stdout).toContain(`issues (taker ${DEMO_TAKERS.fundedNoAllowance}):\n`);
    expect(ran.stdout).toContain(`  allowance needed on ${PERMIT2_ADDRESS.toLowerCase()} (current 0 WETH)\n    on Ethereum (1) P2, Base (8453) P2\n`);
    expect(ran.stdout).toMatch(/ {2}allowance needed on 0x[0-9a-f]{40} \(current 0 WETH\)\n {4}on Ethereum \(1\) AH, Base \(8453\) AH\n/);
    // The CSV carries the same, by kind, in its last columns.
    const csv = await inProcess(['compare', '--sell', 'WETH', '--buy', 'TAXD', '--amount', '1', '--chains', '1', '--taker', DEMO_TAKERS.fundedNoAllowance, '--format', 'csv', '--data-dir', dir]);
    const [header, line] = csv.stdout.trim().split('\r\n').map((text) => text.split(','));
    const cell = (name: string) => line![header!.indexOf(name)];
    expect([cell('has_tax'), cell('allowance_holder_issues'), cell('permit2_issues')]).toEqual(['true', 'allowance', 'allowance']);
    // A funded taker: the checks ran and found nothing; no taker: nothing is said of issues.
    const funded = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--chains', '10', '--taker', DEMO_TAKERS.funded, '--data-dir', dir]);
    expect(funded.stdout).toContain(`\ntoken taxes: none (0 bps) on every side answered\nissues: none reported for taker ${DEMO_TAKERS.funded} on every side answered\n`);
    const untaken = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--chains', '10', '--data-dir', dir]);
    expect(untaken.stdout).not.toMatch(/^issues/m);
  });

  it('names a taxed or untaxed token in its notes as the run did, not as the route does', async () => {
    // Arbitrum's bridged USDC.e: the route names its address "USDC", as the chain does, beside native USDC.
    const ran = await inProcess(['compare', '--sell', 'USDC.e', '--buy', 'WETH', '--amount', '1000', '--chains', '42161', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('\ntoken taxes:\n  USDC.e (sell token): buy unknown, sell unknown, transfer unknown\n    on Arbitrum (42161) AH, Arbitrum (42161) P2\n');
    const price = await inProcess(['price', '--chain', '42161', '--sell', 'USDC.e', '--buy', 'WETH', '--amount', '1000', '--data-dir', dir]);
    expect(price.code, price.stderr).toBe(0);
    expect(price.stdout).toMatch(/^tax +USDC\.e \(sell token\): buy unknown, sell unknown, transfer unknown$/m);
  });

  it('exports a tax the service could not determine as unknown, not as no tax', async () => {
    // Bridged USDC.e answers its taxes as null (spec, "Token tax object": the service could not determine them).
    const args = ['compare', '--sell', 'USDC.e', '--buy', 'WETH', '--amount', '1000', '--chains', '42161', '--data-dir', dir];
    const csv = await inProcess([...args, '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, line] = csv.stdout.trim().split('\r\n').map((text) => text.split(','));
    expect(line![header!.indexOf('has_tax')]).toBe('unknown');
    const json = await inProcess([...args, '--format', 'json']);
    expect((JSON.parse(json.stdout) as { rows: { hasTax: unknown }[] }).rows[0]!.hasTax).toBe('unknown');
    // A pair the service knows untaxed still reads false.
    const untaxed = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--chains', '42161', '--format', 'csv', '--data-dir', dir]);
    const [untaxedHeader, untaxedLine] = untaxed.stdout.trim().split('\r\n').map((text) => text.split(','));
    expect(untaxedLine![untaxedHeader!.indexOf('has_tax')]).toBe('false');
  });

  it('converts a native sell\'s network fee at its price before the integrator fee it charged', async () => {
    const recipient = '0x1111111111111111111111111111111111111111';
    type Row = { buyPerNative: string; sellAmount: string; allowanceHolder: { buyAmount: string; integratorFees: { amount: string }[]; totalNetworkFee: string; networkFeeInBuyToken: string } };
    const run = async (extra: string[]) => {
      const ran = await inProcess(['compare', '--sell', 'ETH', '--buy', 'USDC', '--amount', '1', '--chains', '1', '--models', 'allowance-holder', '--format', 'json', ...extra, '--data-dir', dir]);
      expect(ran.code, ran.stderr).toBe(0);
      return (JSON.parse(ran.stdout) as { rows: Row[] }).rows[0]!;
    };
    const [charged, plain] = [await run(['--swap-fee-bps', '1000', '--swap-fee-recipient', recipient]), await run([])];
    // 10 % of the buy goes to the integrator: 1 ETH is still worth what the market pays for it.
    const fee = BigInt(charged.allowanceHolder.integratorFees[0]!.amount);
    expect(fee).toBeGreaterThan(0n);
    const rate = BigInt(charged.buyPerNative);
    expect(rate).toBe(((BigInt(charged.allowanceHolder.buyAmount) + fee) * 10n ** 18n) / BigInt(charged.sellAmount));
    expect(BigInt(charged.allowanceHolder.networkFeeInBuyToken)).toBe((BigInt(charged.allowanceHolder.totalNetworkFee) * rate) / 10n ** 18n);
    // Within 1 % of the same trade's without a fee (the two runs may price at different blocks).
    const gap = Number(rate - BigInt(plain.buyPerNative)) / Number(plain.buyPerNative);
    expect(Math.abs(gap)).toBeLessThan(0.01);
  });

  it('exports the zid of the rate request each network fee was converted with', async () => {
    // USDC -> DAI: neither token is native, so one extra price of 0.1 ETH -> DAI gives the rate.
    const args = ['compare', '--sell', 'USDC', '--buy', 'DAI', '--amount', '1000', '--chains', '1', '--data-dir', dir];
    const json = await inProcess([...args, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const row = (JSON.parse(json.stdout) as { rows: { buyPerNative: string; buyPerNativeSource: string; buyPerNativeZid: string }[] }).rows[0]!;
    expect(row.buyPerNativeSource).toBe('quoted');
    const history = HistoryStore.open(historyFileIn(dir));
    const [entry] = history.findByZid(row.buyPerNativeZid);
    const rate = history.get(entry!.id)!;
    history.close();
    expect(rate.query).toMatchObject({ sellToken: NATIVE_TOKEN_PLACEHOLDER, sellAmount: (10n ** 17n).toString() });
    expect(BigInt(row.buyPerNative)).toBe(BigInt((rate.body as { buyAmount: string }).buyAmount) * 10n);
    const csv = await inProcess([...args, '--format', 'csv']);
    const [header, line] = csv.stdout.trim().split('\r\n').map((text) => text.split(','));
    expect([line![header!.indexOf('buy_per_native_source')], line![header!.indexOf('buy_per_native_zid')]]).toEqual(['quoted', expect.stringMatching(/^0x[0-9a-f]{24}$/)]);
  });

  it('exits 2 asking for the decimals of an address no token list knows, and prices it once given', async () => {
    const unlisted = '0x1234567890abcdef1234567890abcdef12345678';
    const asked = await inProcess(['compare', '--sell', 'WETH', '--buy', unlisted, '--amount', '1', '--chains', '1', '--data-dir', dir]);
    expect(asked.code).toBe(2);
    expect(asked.stderr.split('\n')[0]).toBe(`swap-explorer compare: --buy-decimals is needed: ${unlisted} is not in the token list of Ethereum`);
    // Given, the request goes out with the address; the local service does not trade it and says so.
    const sent = await inProcess(['compare', '--sell', 'WETH', '--buy', unlisted, '--buy-decimals', '18', '--amount', '1', '--chains', '1', '--data-dir', dir]);
    expect(sent.stdout).toMatch(/^1 WETH -> 0x1234…5678, 1 chain/);
    expect(sent.stdout).toMatch(/^ {2}TOKEN_NOT_SUPPORTED: /m);
  });

  it('exits 1 naming the history path and the reason for a --data-dir under /proc', () => {
    const args = ['--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--data-dir', '/proc/swap-explorer-test/cli'];
    for (const command of [['price', '--chain', '1'], ['compare', '--chains', '1']]) {
      const ran = spawnSync(process.execPath, [BIN, ...command, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(ran.error).toBeUndefined();
      expect(ran.stderr).toBe(`swap-explorer ${command[0]}: Could not open the history at ${historyFileIn('/proc/swap-explorer-test/cli')}: ENOENT: cannot create /proc/swap-explorer-test: /proc exists but does not accept new folders\n`);
      expect(ran.status).toBe(1);
    }
  });

  it('prints a run it cannot keep, exits 0 and says on stderr that the run was not kept', async () => {
    const own = await mkdtemp(join(tmpdir(), 'cli-unsaved-'));
    try {
      // A file where the runs' folders would be: the answers come, the saves fail.
      await writeFile(join(own, 'comparisons'), '');
      await writeFile(join(own, 'ladders'), '');
      const trade = ['--sell', 'USDC', '--buy', 'WETH', '--data-dir', own];
      const compared = await inProcess(['compare', ...trade, '--amount', '1000', '--chains', '1']);
      expect(compared.code, compared.stderr).toBe(0);
      expect(compared.stdout).toMatch(/^Ethereum \(1\)\s/m);
      expect(compared.stderr).toMatch(/^swap-explorer compare: The comparison could not be saved: .+ \(the output is complete; the run is not kept\)$/m);
      const priced = await inProcess(['price', ...trade, '--amount', '1000', '--chain', '1']);
      expect(priced.code, priced.stderr).toBe(0);
      expect(priced.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
      expect(priced.stderr).toMatch(/^swap-explorer price: The comparison could not be saved: /m);
      const laddered = await inProcess(['compare', ...trade, '--amounts', '1,10', '--chains', '1', '--models', 'permit2']);
      expect(laddered.code, laddered.stderr).toBe(0);
      expect(laddered.stderr).toMatch(/^swap-explorer compare: The size ladder could not be saved: .+ \(the output is complete; the run is not kept\)$/m);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('exits 2 naming both --amount and --amounts when neither is given', async () => {
    const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--chains', '1', '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')[0]).toBe('swap-explorer compare: --amount (one size) or --amounts (a size ladder) is required');
  });

  it('exits 2 for an unknown profile naming the profiles file it read and how to reach the app\'s', async () => {
    // A profile made in the app is in the app's data folder, not the CLI's: "not a saved profile"
    // alone left the user sure it was saved, with nothing to try next.
    const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chains', '1', '--profile', 'Nope', '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')[0]).toBe(
      `swap-explorer compare: --profile "Nope" is not a saved profile in ${join(dir, 'profiles.json')} (known: "Local service"); the app keeps its profiles in its own data folder (its About screen shows it): add --data-dir with that folder to use them`,
    );
  });
});

describe('an interrupted compare', () => {
  it('exits 130 (128 + SIGINT) after printing the rows it finished: the output is not the whole run', async () => {
    const service = await startLocalService({ dataDir: join(dir, 'slow'), apiKeys: [{ key: 'slow-key', team: 'slow' }] });
    try {
      const profiles = await openProfileStore(dir);
      // One start a second: the 4 chains' 8 requests take seconds, so Ctrl-C lands half-way.
      await profiles.save(ProfileInputSchema.parse({ name: 'Slow', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 1 }));
      for (const extra of [['--amount', '1000'], ['--amounts', '100,1000']]) {
        const child = spawn(process.execPath, [BIN, 'compare', '--sell', 'USDC', '--buy', 'WETH', ...extra, '--chains', '1,10,8453,42161', '--profile', 'Slow', '--format', 'csv', '--data-dir', dir], { cwd: ROOT, env: { ...process.env, SVC_API_KEY: 'slow-key' } });
        let [stdout, stderr, isInterrupted] = ['', '', false];
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        // Interrupted once, when its first progress line says the run is under way.
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (isInterrupted || !/^compare: \d+\/\d+ done$/m.test(stderr)) return;
          isInterrupted = true;
          child.kill('SIGINT');
        });
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        expect(stderr, extra.join(' ')).toMatch(/^compare: cancelled after \d+\/\d+ requests; /m);
        const [header, ...rows] = stdout.trim().split('\r\n');
        expect(header, extra.join(' ')).toMatch(/^chain_id,/);
        // Every chain (and size) asked for has its line: those not answered say cancelled, not missing.
        expect(rows.map((row) => row.split(',')[0]), extra.join(' ')).toEqual(extra[0] === '--amount' ? ['1', '10', '8453', '42161'] : ['1', '1', '10', '10', '8453', '8453', '42161', '42161']);
        expect(rows.at(-1), extra.join(' ')).toMatch(/,cancelled,/);
        expect(code, extra.join(' ')).toBe(130);
      }
    } finally {
      await service.close();
    }
  });
});

describe('a saved profile', () => {
  it('is used by name with SVC_API_KEY as its key', async () => {
    const service = await startLocalService({ dataDir: join(dir, 'remote'), apiKeys: [{ key: 'remote-key', team: 'remote' }] });
    try {
      const profiles = await openProfileStore(dir);
      await profiles.save(ProfileInputSchema.parse({ name: 'Staging', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
      const ran = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'staging', '--data-dir', dir], { SVC_API_KEY: 'remote-key' });
      expect(ran.code, ran.stderr + ran.stdout).toBe(0);
      expect(ran.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
      const refused = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Staging', '--data-dir', dir], { SVC_API_KEY: 'wrong-key' });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^buy\s+\S+$/m);
      // Nothing answers on port 1: no body came back for --format json, so stdout stays empty and
      // stderr says why, in one line.
      await profiles.save(ProfileInputSchema.parse({ name: 'Closed', baseUrl: 'https://127.0.0.1:1', caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
      const unsent = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Closed', '--format', 'json', '--data-dir', dir], { SVC_API_KEY: 'remote-key' });
      expect({ code: unsent.code, stdout: unsent.stdout }).toEqual({ code: 1, stdout: '' });
      expect(unsent.stderr).toMatch(/^swap-explorer price: no JSON body to print \([A-Z_]+: [^\n]+\)\n$/);
      // A compare where no side was answered exits 1, and lists the message behind each error name.
      const unanswered = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--chains', '1', '--profile', 'Closed', '--data-dir', dir], { SVC_API_KEY: 'remote-key' });
      expect(unanswered.code).toBe(1);
      expect(unanswered.stdout).toMatch(/\nerrors:\n {2}[A-Z_]+: [^\n]+\n {4}on Ethereum \(1\) AH, Ethereum \(1\) P2\n$/);
      expect(unanswered.stderr).toContain('swap-explorer compare: no side was answered; the errors are listed under the table\n');
      // CSV carries only the error names: stderr has the messages then.
      const unansweredCsv = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--chains', '1', '--profile', 'Closed', '--format', 'csv', '--data-dir', dir], { SVC_API_KEY: 'remote-key' });
      expect(unansweredCsv.code).toBe(1);
      expect(unansweredCsv.stderr).toMatch(/swap-explorer compare: no side was answered:\nerrors:\n {2}[A-Z_]+: [^\n]+\n {4}on Ethereum \(1\) AH, Ethereum \(1\) P2\n$/);
      // No keychain (no session bus) and no SVC_API_KEY: the advice is one a terminal user can follow.
      const keyless = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Staging', '--data-dir', dir], { SVC_API_KEY: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' });
      expect(keyless.code).toBe(1);
      expect(keyless.stdout).toMatch(/^error\s+KEYCHAIN_UNAVAILABLE: [^\n]+; set SVC_API_KEY to the profile's key to run this command without the keychain$/m);
      expect(keyless.stdout).not.toContain('Settings');
    } finally {
      await service.close();
    }
  });
});

describe('swap-explorer price', () => {
  it('prints one price as a table and the body as JSON', async () => {
    const table = await cli(['price', '--chain', '8453', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--model', 'permit2', '--data-dir', dir]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^chain\s+Base \(8453\)$/m);
    expect(table.stdout).toMatch(/^model\s+permit2$/m);
    expect(table.stdout).toMatch(/^buy\s+0\.\d+ WETH$/m);
    expect(table.stdout).toMatch(/^sell\s+1,000 USDC$/m);
    // The gas price the answer used, as explain gives it.
    expect(table.stdout).toMatch(/^gas\s+\d{1,3}(,\d{3})+ at [0-9.]+ gwei$/m);
    const digitsOf = (label: string) => new RegExp(`^${label}\\s+[0-9,]+\\.(\\d+) WETH$`, 'm').exec(table.stdout)?.[1]?.length;
    expect(digitsOf('min buy')).toBe(digitsOf('buy'));
    expect(digitsOf('net buy')).toBe(digitsOf('buy'));
    expect(table.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
    const json = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--format', 'json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ liquidityAvailable: true, mode: 'exact-in', sellAmount: '1000000000', zid: expect.any(String) });
  });

  it("leaves the history's log to the next command at exit, which finds the entry with the app's store", async () => {
    const own = await mkdtemp(join(dir, 'leave-'));
    const first = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--data-dir', own]);
    expect(first.code, first.stderr).toBe(0);
    // Not closed: no checkpoint copied the log into the file and deleted it (HistoryStore.leaveForExit).
    expect((await stat(`${historyFileIn(own)}-wal`)).size).toBeGreaterThan(0);
    const second = await cli(['price', '--chain', '8453', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--data-dir', own]);
    expect(second.code, second.stderr).toBe(0);
    const zids = [first, second].map((ran) => /^zid\s+(0x[0-9a-f]{24})$/m.exec(ran.stdout)![1]!);
    const history = HistoryStore.open(historyFileIn(own));
    try {
      expect(zids.map((zid) => history.findByZid(zid).map((entry) => entry.chainId))).toEqual([[1], [8453]]);
    } finally {
      history.close();
    }
  });

  it('shows buy and net buy apart when the network fee is small against a large buy', async () => {
    // 1,000 WETH on Base buys millions of USDC for a fee of a fraction of a cent, which 7
    // significant digits (whole USDC here) hid: "buy" and "net buy" read the same.
    const large = await inProcess(['price', '--chain', '8453', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1000', '--data-dir', dir]);
    expect(large.code, large.stderr).toBe(0);
    const figure = (label: string) => new RegExp(`^${label}\\s+([0-9,.]+) USDC$`, 'm').exec(large.stdout)?.[1];
    expect(figure('buy')).toMatch(/^\d{1,3}(,\d{3}){2}/);
    expect(figure('net buy')).toBeDefined();
    expect(figure('net buy')).not.toBe(figure('buy'));
  });

  it('prints the answer\'s fees, token taxes and issues, and what no issue means', async () => {
    const fot = DEMO_TAX_TOKENS.find((demo) => demo.symbol === 'FOTD')!;
    // By address: the demo list knows it, so no decimals are asked.
    const taxed = await inProcess(['price', '--chain', '1', '--sell', 'WETH', '--buy', fot.address, '--amount', '1', '--data-dir', dir]);
    expect(taxed.code, taxed.stderr).toBe(0);
    expect(taxed.stdout).toMatch(/^buy\s+[0-9,.]+ FOTD$/m);
    expect(taxed.stdout).toMatch(/^service fee\s+[0-9,.]+ (FOTD|WETH), volume$/m);
    expect(taxed.stdout).toMatch(new RegExp(`^tax\\s+FOTD \\(buy token\\): buy ${fot.taxes.buyTaxBps} bps, sell ${fot.taxes.sellTaxBps} bps, transfer ${fot.taxes.transferTaxBps} bps$`, 'm'));
    expect(taxed.stdout).toMatch(/^issues\s+not checked: the service checks allowance and balance only for a taker \(--taker\)$/m);
    const low = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--model', 'permit2', '--taker', DEMO_TAKERS.lowBalance, '--data-dir', dir]);
    expect(low.code, low.stderr).toBe(0);
    expect(low.stdout).toMatch(/^tax\s+none: 0 bps on USDC and WETH$/m);
    expect(low.stdout).toMatch(/^issue\s+balance too low: has 0\.001 USDC, needs 1,000 USDC$/m);
    expect(low.stdout).toMatch(/^issue\s+simulation incomplete \(the trade may still settle\)$/m);
    expect(low.stdout).not.toMatch(/^issues\s/m);
    const funded = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000', '--taker', DEMO_TAKERS.funded, '--data-dir', dir]);
    expect(funded.stdout).toMatch(new RegExp(`^issues\\s+none reported for taker ${DEMO_TAKERS.funded}$`, 'm'));
    // The native token sold is named by its symbol, as when bought (the route names it only then).
    const native = await inProcess(['price', '--chain', '1', '--sell', 'ETH', '--buy', 'USDC', '--amount', '1', '--data-dir', dir]);
    expect(native.code, native.stderr).toBe(0);
    expect(native.stdout).toMatch(/^tax\s+none: 0 bps on ETH and USDC$/m);
  });

  // The launcher's compile cache and the chunks' code caches live under TMPDIR; Node's recursive mkdir spun forever there.
  it('runs without its start-up caches when TMPDIR is under /proc', () => {
    const ran = spawnSync(process.execPath, [BIN, 'price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--data-dir', dir], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TMPDIR: '/proc/swap-explorer-test' },
    });
    expect(ran.error).toBeUndefined();
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
    expect(ran.status).toBe(0);
  });

  it('exits 2 naming --chain, --model and --amount', async () => {
    for (const [args, flag] of [
      [['--chain', '1,10', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'], '--chain'],
      [['--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--model', 'both'], '--model'],
      [['--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '0'], '--amount'],
      // A negative number is the flag's value (parseArgs alone calls it "ambiguous").
      [['--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '-1'], '--amount'],
      [['--chain', '-1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'], '--chain'],
      [['--chain', '130', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'], '--sell'],
      // A bound in words, not the schema library's "Too big: expected number to be <=10000".
      [['--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--slippage-bps', '20000'], '--slippage-bps must be at most 10000'],
      [['--chains', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1'], 'unknown option --chains \\(did you mean --chain\\?\\);'],
    ] as const) {
      const ran = await inProcess(['price', ...args, '--data-dir', dir]);
      expect(ran.code, args.join(' ')).toBe(2);
      expect(ran.stderr.split('\n')[0], args.join(' ')).toMatch(new RegExp(`^swap-explorer price: ${flag}( |$)`));
    }
  });
});
