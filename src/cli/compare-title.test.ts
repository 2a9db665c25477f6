import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './test-support.ts';
import type { CompareRowWire } from '../ipc/channels/compare.ts';

// A table's title names the token its figures count in: per pair when the chains did not all buy
// the same token. 0x4200…0006 is WETH on Base and in no token list of Ethereum, so given its
// decimals it goes out as an override on both, and the two rows buy different tokens.

const ADDRESS = '0x4200000000000000000000000000000000000006';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-compare-title-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function savedRows(kind: 'comparisons' | 'ladders', title: string): Promise<CompareRowWire[]> {
  const runId = /\(run ((?:cmp|lad)-[0-9a-z]+)\)/.exec(title)![1]!;
  return (JSON.parse(await readFile(join(dir, kind, `${runId}.json`), 'utf8')) as { status: { rows: CompareRowWire[] } }).status.rows;
}

describe('compare titles over rows that bought different tokens', () => {
  it('name each pair with its chains, not the first row\'s pair for every figure', async () => {
    const ran = await inProcess(['compare', '--sell', 'ETH', '--buy', ADDRESS, '--buy-decimals', '18', '--amount', '1', '--chains', '8453,1', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const title = ran.stdout.split('\n')[0]!;
    const rows = await savedRows('comparisons', title);
    const buys = rows.map((row) => row.buyToken.symbol);
    expect(new Set(buys).size, 'the two chains bought different tokens').toBe(2);
    for (const row of rows) expect(title).toContain(`ETH -> ${row.buyToken.symbol} on ${row.chainName} (address override)`);
    expect(title).toMatch(/^1 sold, 2 chains \(run cmp-[0-9a-z]+\): .*; buy amounts in each pair's buy token, network fees in each chain's native token$/);
  });

  it('name each pair in a size ladder\'s title and crossover unit', async () => {
    const ran = await inProcess(['compare', '--sell', 'ETH', '--buy', ADDRESS, '--buy-decimals', '18', '--amounts', '1,2', '--chains', '8453,1', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    const title = ran.stdout.split('\n')[0]!;
    const rows = await savedRows('ladders', title);
    for (const row of rows) expect(title).toContain(`ETH -> ${row.buyToken.symbol} on ${row.chainName} (address override)`);
    expect(title).toMatch(/^At 2 sizes, 2 chains \(run lad-[0-9a-z]+\): .*; net per unit in each pair's buy token per sell token sold, after each side's network fee$/);
    expect(ran.stdout).toContain("crossover (net of network fee, each pair's buy token per sell token):");
  });
});
