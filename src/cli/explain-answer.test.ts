import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TAKERS, Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { inProcess as cli } from './test-support.ts';

// `price` against the local service into a history in a temp dir, then `explain` of the answer's
// zid (and of the body alone): explain says what `price` says of the same answer.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-explain-answer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const lineOf = (text: string, label: string) => text.split('\n').map((line) => line.trim()).find((line) => line.startsWith(`${label} `));

/** `price` with `args`, then `explain` of its zid: the line labelled `label` in each. */
async function priceThenExplain(args: string[], label: string): Promise<{ price: string | undefined; explain: string | undefined }> {
  const price = await cli(['price', ...args, '--data-dir', dir]);
  expect(price.code, price.stderr).toBe(0);
  const zid = /^zid\s+(0x[0-9a-f]+)$/m.exec(price.stdout)![1]!;
  const explain = await cli(['explain', zid, '--data-dir', dir]);
  return { price: lineOf(price.stdout, label), explain: lineOf(explain.stdout, label) };
}

describe('explain: an answer with no issue reported', () => {
  it('says "not checked" when the request sent no taker, as price does', async () => {
    const { price, explain } = await priceThenExplain(['--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1'], 'issues');
    expect(price).toMatch(/^issues\s+not checked: the service checks allowance and balance only for a taker/);
    expect(explain).toMatch(/^issues\s+not checked: the service checks allowance and balance only for a taker, and this request sent none$/);
  });

  it('says "none reported for taker" when it sent one, as price does', async () => {
    const { price, explain } = await priceThenExplain(['--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1', '--taker', DEMO_TAKERS.funded], 'issues');
    expect(price).toMatch(new RegExp(`^issues\\s+none reported for taker ${DEMO_TAKERS.funded}$`));
    expect(explain).toMatch(new RegExp(`^issues\\s+none reported for taker ${DEMO_TAKERS.funded}$`));
  });

  it('says what it cannot know for a price body pasted without its request', async () => {
    const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000' }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    const file = join(dir, 'price.json');
    await writeFile(file, JSON.stringify(answered.body));
    const ran = await cli(['explain', file]);
    expect(lineOf(ran.stdout, 'issues')).toMatch(/^issues\s+none reported, which means nothing unless the request named a taker: the service checks allowance and balance only for one, and a body alone does not show it$/);
  });
});

describe('explain: the native token in the tax line', () => {
  it('is named by its symbol when sold, as when bought', async () => {
    const sold = await priceThenExplain(['--chain', '1', '--sell', 'ETH', '--buy', 'USDC', '--amount', '1'], 'tax');
    expect(sold.explain).toMatch(/^tax\s+none: 0 bps on ETH and USDC$/);
    const bought = await priceThenExplain(['--chain', '137', '--sell', 'USDC', '--buy', 'POL', '--amount', '10'], 'tax');
    expect(bought.explain).toMatch(/^tax\s+none: 0 bps on USDC and POL$/);
  });
});
