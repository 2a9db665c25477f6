import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { inProcess as cli } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// A price from the local service on a chain with an L1 data cost (Base) and one without
// (Ethereum), then `explain` of its zid: the network fee line of both says what it is made of,
// and the parts add up to the total the service answered.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-network-fee-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Prices on `chain`, explains the answer's zid, and returns both network fee lines and the body as stored. */
async function explained(chain: string): Promise<{ line: string; priceLine: string; body: { gas: string; gasPrice: string; totalNetworkFee: string } }> {
  const price = await cli(['price', '--chain', chain, '--sell', 'WETH', '--buy', 'USDC', '--amount', '2', '--data-dir', dir]);
  expect(price.code, price.stderr).toBe(0);
  const zid = /^zid\s+(0x[0-9a-f]+)$/m.exec(price.stdout)?.[1];
  const explain = await cli(['explain', zid!, '--data-dir', dir]);
  const line = explain.stdout.split('\n').find((text) => text.trim().startsWith('network fee'))!;
  const history = HistoryStore.open(historyFileIn(dir));
  const entry = history.get(history.findByZid(zid!)[0]!.id)!;
  history.close();
  const priceLine = price.stdout.split('\n').find((text) => text.startsWith('network fee'))!;
  return { line: line.trim(), priceLine, body: entry.body as { gas: string; gasPrice: string; totalNetworkFee: string } };
}

const weiOf = (eth: string) => BigInt(Math.round(Number(eth) * 1e18));

describe('explain: the network fee and what it is made of', () => {
  it('on Base, gas × gas price plus the L1 data cost, adding up to the total', async () => {
    const { line, priceLine, body } = await explained('8453');
    const parts = /= gas × gas price ([0-9.]+) ETH \+ L1 data cost ([0-9.]+) ETH$/.exec(line);
    expect(parts, line).not.toBeNull();
    // `price` says the same after its fee.
    expect(priceLine.endsWith(`= gas × gas price ${parts![1]} ETH + L1 data cost ${parts![2]} ETH`), priceLine).toBe(true);
    const gasCost = BigInt(body.gas) * BigInt(body.gasPrice);
    expect(BigInt(body.totalNetworkFee)).toBeGreaterThan(gasCost);
    // The printed parts carry 6 significant digits: they match the body's own to that precision.
    const within = (printed: string, exact: bigint) => Math.abs(Number(weiOf(printed) - exact)) / Number(exact);
    expect(within(parts![1]!, gasCost)).toBeLessThan(1e-5);
    expect(within(parts![2]!, BigInt(body.totalNetworkFee) - gasCost)).toBeLessThan(1e-5);
  });

  it('on Ethereum, exactly gas × gas price', async () => {
    const { line, priceLine, body } = await explained('1');
    expect(BigInt(body.totalNetworkFee)).toBe(BigInt(body.gas) * BigInt(body.gasPrice));
    expect(line).toMatch(/ETH \([0-9]+ base units\) = gas × gas price$/);
    expect(priceLine).toMatch(/^network fee\s+[0-9.]+ ETH = gas × gas price$/);
  });
});
