import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TAKERS, Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { inProcess as cli } from './test-support.ts';
import { buildHar } from '../domain/har.ts';
import { checkTypedDataHash } from '../domain/permit2-explainer.ts';
import type { Eip712 } from '../spec/index.ts';

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

describe("explain: a Permit2 quote's signature", () => {
  const taker = DEMO_TAKERS.funded;
  const quote = () => {
    const answered = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    return answered.body as { permit2: { hash: string; eip712: { message: { permitted: { amount: string }; deadline: string } } } };
  };
  // The quote as a kept entry, sent `sentAfterMs` after the quote was made.
  const harOf = (body: object, sentAfterMs = 0) => {
    const url = `https://127.0.0.1:1/swap/permit2/quote?chainId=1&sellToken=${token(1, 'USDC')}&buyToken=${token(1, 'WETH')}&sellAmount=1000000000&taker=${taker}`;
    const entry = { url, method: 'GET' as const, requestHeaders: { 'svc-version': 'v2', 'svc-api-key': 'REDACTED' }, query: Object.fromEntries(new URL(url).searchParams), status: 200, statusText: 'OK', responseHeaders: {}, bodyText: JSON.stringify(body), startedAt: new Date(FIXED_NOW + sentAfterMs).toISOString(), durationMs: 0, zid: null };
    return JSON.stringify(buildHar([entry], { name: 'test', version: '1' }));
  };

  it('says the hash is the typed data\'s, recomputed, and what the taker signs: amount in its token, deadline against the answer', async () => {
    const body = quote();
    const file = join(dir, 'permit2.har');
    await writeFile(file, harOf(body));
    const { stdout } = await cli(['explain', file]);
    expect(lineOf(stdout, 'permit2 hash')).toMatch(new RegExp(`^permit2 hash\\s+${body.permit2.hash}, the hash of the typed data \\(recomputed\\)$`));
    expect(lineOf(stdout, 'permit2 domain')).toMatch(/^permit2 domain\s+name Permit2, chainId 1, verifyingContract 0x000000000022d473030f116ddee9f6b43ac78ba3 \(PermitTransferFrom\)$/);
    expect(lineOf(stdout, 'signs permitted.token')).toMatch(/^signs permitted\.token\s+0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 \(USDC\)$/);
    expect(lineOf(stdout, 'signs permitted.amount')).toMatch(/^signs permitted\.amount\s+1,000 USDC \(1000000000 base units\)$/);
    expect(lineOf(stdout, 'signs deadline')).toMatch(new RegExp(`^signs deadline\\s+${body.permit2.eip712.message.deadline} = 2026-01-15T12:05:00Z \\(5 min after the answer\\)$`));
  });

  it("sets the spender, Permit2 contract, token and amount signed against the quote, and says a spender that is not transaction.to though the hash matches", async () => {
    const body = quote() as ReturnType<typeof quote> & { transaction: { to: string }; permit2: { eip712: Eip712 } };
    const checked = join(dir, 'permit2-checked.har');
    await writeFile(checked, harOf(body));
    const plain = (await cli(['explain', checked])).stdout;
    expect(['permit2 spender', 'permit2 contract', 'permit2 token', 'permit2 amount'].map((label) => lineOf(plain, label)?.replace(/\s{2,}/, ' '))).toEqual([
      `permit2 spender Spender is the settler the transaction calls (transaction.to ${body.transaction.to})`,
      'permit2 contract Signed for the Permit2 contract (domain.verifyingContract 0x000000000022d473030f116ddee9f6b43ac78ba3)',
      "permit2 token Permits the request's sellToken, USDC",
      "permit2 amount Permits exactly the answer's sellAmount, 1,000 USDC (1000000000 base units)",
    ]);
    // Re-hashed after the spender was changed: the hash matches, the spender does not.
    const other = '0x1111111111111111111111111111111111111111';
    body.permit2.eip712.message.spender = other;
    body.permit2.hash = checkTypedDataHash(body.permit2.eip712, null).computed!;
    const respent = join(dir, 'permit2-respent.har');
    await writeFile(respent, harOf(body));
    const { stdout } = await cli(['explain', respent]);
    expect(lineOf(stdout, 'permit2 hash')).toMatch(/, the hash of the typed data \(recomputed\)$/);
    expect(lineOf(stdout, 'permit2 spender')).toMatch(new RegExp(`^permit2 spender\\s+Spender ${other} is NOT the settler the transaction calls \\(transaction\\.to ${body.transaction.to}\\): the signature would let another contract pull the tokens$`));
  });

  it("sets the domain's chainId against the request's and the message against the calldata's permit, and says each that differs though the hash matches", async () => {
    const body = quote() as ReturnType<typeof quote> & { permit2: { eip712: Eip712 } };
    const nonce = String(body.permit2.eip712.message.nonce);
    const checked = join(dir, 'permit2-chain.har');
    await writeFile(checked, harOf(body));
    const plain = (await cli(['explain', checked])).stdout;
    expect(['permit2 chain', 'permit2 in calldata'].map((label) => lineOf(plain, label)?.replace(/\s{2,}/, ' '))).toEqual([
      "permit2 chain Signed for the request's chainId, Ethereum (1) (domain.chainId 1)",
      "permit2 in calldata The calldata's permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message's",
    ]);
    // Signed for Base and for another nonce, re-hashed: the hash matches, the chain and the calldata do not.
    body.permit2.eip712.domain.chainId = 8453;
    body.permit2.eip712.message.nonce = String(BigInt(nonce) + 1n);
    body.permit2.hash = checkTypedDataHash(body.permit2.eip712, null).computed!;
    const moved = join(dir, 'permit2-moved.har');
    await writeFile(moved, harOf(body));
    const { stdout } = await cli(['explain', moved]);
    expect(lineOf(stdout, 'permit2 hash')).toMatch(/, the hash of the typed data \(recomputed\)$/);
    expect(lineOf(stdout, 'permit2 chain')).toMatch(/^permit2 chain\s+Signed for chain Base \(8453\), NOT the request's chainId Ethereum \(1\) \(domain\.chainId\): the signature would be good on that chain, not for this trade$/);
    expect(lineOf(stdout, 'permit2 in calldata')).toMatch(new RegExp(`^permit2 in calldata\\s+The calldata's permit \\(transaction\\.data\\) is NOT the one signed: message\\.nonce ${BigInt(nonce) + 1n}, NOT the calldata's ${nonce}\\. Permit2 would reject the signature and the swap would revert$`));
  });

  it("sets a quote body pasted alone against the chain named with --chain, and says it was that chain", async () => {
    const file = join(dir, 'permit2-quote.json');
    await writeFile(file, JSON.stringify(quote()));
    const on = async (chain: string) => lineOf((await cli(['explain', file, '--chain', chain])).stdout, 'permit2 chain')?.replace(/\s{2,}/, ' ');
    expect(await on('1')).toBe('permit2 chain Signed for the chain you picked, Ethereum (1) (domain.chainId 1)');
    expect(await on('8453')).toBe('permit2 chain Signed for chain Ethereum (1), NOT the chain you picked Base (8453) (domain.chainId): the signature would be good on that chain, not for this trade');
  });

  it('says a hash that is not the typed data\'s, and a deadline already past when the answer came', async () => {
    const body = quote();
    body.permit2.eip712.message.permitted.amount = '2000000000';
    const file = join(dir, 'permit2-edited.har');
    // Answered 8 minutes after the quote was made: 3 minutes past its 5-minute deadline.
    await writeFile(file, harOf(body, 8 * 60_000));
    const { stdout } = await cli(['explain', file]);
    expect(lineOf(stdout, 'permit2 hash')).toMatch(new RegExp(`^permit2 hash\\s+${body.permit2.hash}, NOT the hash of the typed data, which is 0x[0-9a-f]{64}: the taker would sign other data than the answer's$`));
    expect(lineOf(stdout, 'signs permitted.amount')).toMatch(/^signs permitted\.amount\s+2,000 USDC/);
    expect(lineOf(stdout, 'signs deadline')).toMatch(/\(expired: 3 min before the answer\)$/);
  });
});
