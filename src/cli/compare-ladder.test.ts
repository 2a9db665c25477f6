import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LADDER_CSV_COLUMNS, LADDER_JSON_FORMAT } from '../domain/ladder-export.ts';
import { HistoryStore } from '../core/history/index.ts';
import { inProcess, spawnCli as cli } from './test-support.ts';
import { DEMO_TAKERS } from '../service/swap/taker-state.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// Through the bin launcher as a user runs it (spawnCli); the default profile starts the local service as a child.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-ladder-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('swap-explorer compare --amounts', () => {
  it('prints one line per chain and size, net per unit sold, and each chain\'s crossover, and saves the ladder', async () => {
    const ran = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '100,1000,10000,100000', '--chains', '1,8453', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^USDC -> WETH at 4 sizes, 2 chains \(run lad-[0-9a-z]+\); net per unit in WETH per USDC sold, after each side's network fee$/);
    expect(lines[1]).toMatch(/^chain\s+size\s+AH net per unit\s+P2 net per unit\s+P2-AH net bps\s+better$/);
    const body = lines.slice(2, 10).map((line) => line.split(/\s{2,}/));
    expect(body.map((cells) => [cells[0], cells[1]])).toEqual([
      ['Ethereum (1)', '100 USDC'], ['Ethereum (1)', '1,000 USDC'], ['Ethereum (1)', '10,000 USDC'], ['Ethereum (1)', '100,000 USDC'],
      ['Base (8453)', '100 USDC'], ['Base (8453)', '1,000 USDC'], ['Base (8453)', '10,000 USDC'], ['Base (8453)', '100,000 USDC'],
    ]);
    for (const cells of body) {
      expect(cells[2]).toMatch(/^0\.[0-9]+$/);
      expect(cells[5]).toMatch(/^(Permit2|Allowance Holder|tie) \((net|lower network fee)(, 2 blocks)?\)$/);
    }
    // A verdict says "2 blocks" exactly for the sizes listed as priced at two blocks (which depends
    // on when the requests landed: Base makes a block every 2 s).
    const atTwoBlocks = body.filter((cells) => cells[5]!.endsWith(', 2 blocks)')).map((cells) => `${cells[0]} ${cells[1]}`);
    const listed = [...ran.stdout.matchAll(/^ {2}(.+ USDC): AH [0-9,]+, P2 [0-9,]+$/gm)].map((match) => match[1]);
    expect(atTwoBlocks.sort()).toEqual(listed.sort());
    expect(ran.stdout).toMatch(/^crossover \(net of network fee, WETH per USDC\):$/m);
    expect(ran.stdout).toMatch(/^ {2}Ethereum \(1\): (None in range|Allowance Holder → Permit2|Permit2 → Allowance Holder)/m);
    expect(ran.stdout).toMatch(/^ {2}Base \(8453\): /m);
    expect(await readdir(join(dir, 'ladders'))).toHaveLength(1);
  });

  it('lists under the table, in its order, the sizes and sides where the taker\'s checks reported an issue', async () => {
    // The demo taker with a thousand base units of every token: too little at each size.
    const poor = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '1,10', '--chains', '8453,1', '--taker', DEMO_TAKERS.lowBalance, '--data-dir', dir]);
    expect(poor.code, poor.stderr).toBe(0);
    const sides = ['Base (8453) 1 USDC', 'Base (8453) 10 USDC', 'Ethereum (1) 1 USDC', 'Ethereum (1) 10 USDC'].flatMap((row) => [`${row} AH`, `${row} P2`]).join(', ');
    expect(poor.stdout).toContain(`\nissues (taker ${DEMO_TAKERS.lowBalance}):\n  balance too low\n    on ${sides}\n  simulation incomplete\n    on ${sides}\n`);
    const funded = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '1,10', '--chains', '8453', '--taker', DEMO_TAKERS.funded, '--data-dir', dir]);
    expect(funded.stdout).toContain(`\nissues: none reported for taker ${DEMO_TAKERS.funded} on every side answered\n`);
  });

  it('says under the table why a size has no net difference in bps: Allowance Holder\'s net is not above zero there', async () => {
    // A millionth of a USDC buys far less ETH than the network fee costs; a thousand buys more.
    const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'ETH', '--amounts', '0.000001,1000', '--chains', '1', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const body = ran.stdout.trim().split('\n').slice(2, 4).map((line) => line.split(/\s{2,}/));
    // The sizes whose Allowance Holder net per unit (hence net) is not above zero: exactly those the note lists.
    // Read without its thousands separators: the figure passes -1,000 when gas is dear at the block priced.
    const belowZero = body.filter((cells) => Number(cells[2]!.replaceAll(',', '')) <= 0).map((cells) => `${cells[0]} ${cells[1]}`);
    expect(belowZero).toEqual(['Ethereum (1) 0.000001 USDC']);
    for (const cells of body) expect(cells[4] === '-').toBe(belowZero.includes(`${cells[0]} ${cells[1]}`));
    expect(ran.stdout).toContain(`\nno net difference in bps: Allowance Holder's net buy is not above zero, as its network fee costs more than it buys:\n${belowZero.map((row) => `  ${row}`).join('\n')}\n`);
  });

  it('writes JSON and CSV with zids that are in the app\'s history', async () => {
    const json = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '100, 5000', '--chains', '10', '--format', 'json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as { format: string; amounts: string[]; chains: { chainId: number; crossover: { text: string }; points: { amount: string; permit2: { zid: string; netPerUnitSold: string } }[] }[] };
    expect(parsed).toMatchObject({ format: LADDER_JSON_FORMAT, profile: { id: 'local', name: 'Local service' }, amounts: ['100', '5000'] });
    expect(parsed.chains.map((chain) => chain.chainId)).toEqual([10]);
    expect(parsed.chains[0]!.points.map((point) => point.amount)).toEqual(['100', '5000']);
    expect(parsed.chains[0]!.points[0]!.permit2.netPerUnitSold).toMatch(/^0\.[0-9]+$/);
    const history = HistoryStore.open(historyFileIn(dir));
    expect(history.findByZid(parsed.chains[0]!.points[1]!.permit2.zid)).toMatchObject([{ endpoint: 'permit2.price', chainId: 10, status: 200 }]);
    history.close();

    const csv = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '100,1000', '--chains', '1,10', '--format', 'csv', '--data-dir', dir]);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = csv.stdout.trim().split('\r\n');
    expect(rows[0]).toBe(LADDER_CSV_COLUMNS.join(','));
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 3).join(','))).toEqual(['1,Ethereum,100', '1,Ethereum,1000', '10,Optimism,100', '10,Optimism,1000']);
    // The profile, then what else was sent (the models; no taker, slippage or fee: the service's defaults), then how far it got.
    expect(rows.slice(1).map((row) => row.split(',').slice(-7).join(','))).toEqual(Array.from({ length: 4 }, () => 'Local service,allowance-holder; permit2,,,,,done: 8/8 requests answered'));
  });

  it('names the token taxes its figures are after, under the table and in the CSV and JSON, as the answers reported them', async () => {
    // TAXD, the local service's demo taxed token, takes 300 bps on a buy and 100 bps on the transfer
    // to the taker: every buy, net and per-unit figure of a USDC -> TAXD ladder is after that cut
    // (about 4 % below the market), which nothing said, where one size's compare lists the tax.
    const table = await inProcess(['compare', '--sell', 'USDC', '--buy', 'TAXD', '--amounts', '10,1000', '--chains', '1', '--data-dir', dir]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('\ntoken taxes (every figure above is after them):\n  TAXD (buy token): buy 300 bps, sell 500 bps, transfer 100 bps\n    on Ethereum (1)\n');

    const json = await inProcess(['compare', '--sell', 'USDC', '--buy', 'TAXD', '--amounts', '10,1000', '--chains', '1', '--format', 'json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    type Taxes = { buyTaxBps: string; sellTaxBps: string; transferTaxBps: string };
    const points = (JSON.parse(json.stdout) as { chains: { points: { hasTax: unknown; tokenTaxes: { allowanceHolder: { buyToken: Taxes } }; allowanceHolder: { zid: string } }[] }[] }).chains[0]!.points;
    // The figures in the export are the raw answer's: its tokenMetadata.buyToken, read back from history by zid.
    const history = HistoryStore.open(historyFileIn(dir));
    const entry = history.get(history.findByZid(points[1]!.allowanceHolder.zid)[0]!.id)!;
    history.close();
    const raw = (entry.body as { tokenMetadata: { buyToken: Taxes } }).tokenMetadata.buyToken;
    expect(raw).toEqual({ buyTaxBps: '300', sellTaxBps: '500', transferTaxBps: '100' });
    for (const point of points) {
      expect(point.hasTax).toBe(true);
      expect(point.tokenTaxes.allowanceHolder.buyToken).toEqual(raw);
    }

    // The CSV has Compare's tax columns: has_tax, then each token's buy, sell and transfer tax in bps
    // (before the profile and what else was sent, the last columns).
    const csv = await inProcess(['compare', '--sell', 'USDC', '--buy', 'TAXD', '--amounts', '10', '--chains', '1', '--format', 'csv', '--data-dir', dir]);
    const [header, row] = csv.stdout.trim().split('\r\n').map((line) => line.split(','));
    expect(header!.slice(-14, -7)).toEqual(['has_tax', 'sell_token_buy_tax_bps', 'sell_token_sell_tax_bps', 'sell_token_transfer_tax_bps', 'buy_token_buy_tax_bps', 'buy_token_sell_tax_bps', 'buy_token_transfer_tax_bps']);
    expect(row!.slice(-14, -7)).toEqual(['true', '0', '0', '0', raw.buyTaxBps, raw.sellTaxBps, raw.transferTaxBps]);
    // An untaxed pair says so (false), its taxes zero.
    const plain = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', '10', '--chains', '1', '--format', 'csv', '--data-dir', dir]);
    expect(plain.stdout.trim().split('\r\n')[1]!.split(',').slice(-14, -7)).toEqual(['false', '0', '0', '0', '0', '0', '0']);
  });

  it('exits 2 with one line naming --amounts for every kind of bad list, before sending anything', async () => {
    const cases: [string, RegExp][] = [
      ['', /^--amounts enter at least one amount$/],
      ['100,,1000', /^--amounts item 2 is empty$/],
      ['100,ten', /^--amounts item 2 "ten" is not a number/],
      ['100,0.0000001', /^--amounts item 2 "0.0000001" has 7 decimals; USDC has 6 on Ethereum$/],
      ['1,2,3,4,5,6,7,8,9', /^--amounts holds 9 amounts; at most 8$/],
      ['100,1000,100', /^--amounts item 3 "100" repeats item 1$/],
    ];
    for (const [list, message] of cases) {
      const ran = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amounts', list, '--chains', '1', '--data-dir', join(dir, 'bad')]);
      expect(ran.code, list).toBe(2);
      expect(ran.stderr.split('\n')[0]!.replace(/^swap-explorer compare: /, ''), list).toMatch(message);
      expect(ran.stdout).toBe('');
    }
    const both = await inProcess(['compare', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--amounts', '1,2', '--data-dir', join(dir, 'bad')]);
    expect(both.stderr.split('\n')[0]).toBe('swap-explorer compare: --amounts replaces --amount: give one or the other');
    // Nothing was sent: no history file and no ladder in the data dir.
    await expect(readdir(join(dir, 'bad'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
