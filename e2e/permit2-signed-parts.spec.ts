import { checkTypedDataHash } from '../src/domain/permit2-explainer.ts';
import { PERMIT2_ADDRESS } from '../src/domain/chains.ts';
import { Permit2DataSchema, type Eip712 } from '../src/spec/index.ts';
import { DEMO_TAKERS } from '../src/service/swap/taker-state.ts';
import { FIXED_NOW, token } from '../src/service/test-fixtures.ts';
import { startTestService } from '../src/service/test-support.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { overflowsRight, wordsSplitAcrossLines } from './line-breaks.ts';

// A support engineer opens a customer's Permit2 quote whose typed data names another spender than
// the settler its transaction calls, hashed again so that its hash matches: "Hash matches" was all
// the screen said, read as "safe to sign". Two real quotes of the local service, the second with
// its spender changed.
const OTHER = '0x1111111111111111111111111111111111111111';
const LIST = 'What the permit signs, against the quote';

async function realQuotes(): Promise<{ query: Record<string, string>; body: Record<string, unknown> }[]> {
  const svc = await startTestService({ now: () => FIXED_NOW, seed: 3 });
  try {
    const query = (sellAmount: string) => ({ chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount, taker: DEMO_TAKERS.funded });
    return await Promise.all(['1000000000', '2000000000'].map(async (amount) => ({ query: query(amount), body: (await svc.get('/swap/permit2/quote', query(amount))).body })));
  } finally {
    await svc.stop();
  }
}

// The body with its typed data changed and `hash` made its hash again.
function rehashed(body: Record<string, unknown>, change: (eip712: Eip712) => Eip712): Record<string, unknown> {
  const permit2 = Permit2DataSchema.parse(body.permit2);
  const eip712 = change(permit2.eip712);
  return { ...body, permit2: { ...permit2, eip712, hash: checkTypedDataHash(eip712, null).computed } };
}

const respent = (body: Record<string, unknown>) => rehashed(body, (eip712) => ({ ...eip712, message: { ...eip712.message, spender: OTHER } }));

function historyEntry({ query, body }: { query: Record<string, string>; body: Record<string, unknown> }) {
  const search = new URLSearchParams(query).toString();
  return {
    url: `https://api.example.test/swap/permit2/quote?${search}`, method: 'GET', requestHeaders: { 'svc-version': 'v2' }, query,
    status: 200, statusText: 'OK', responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body),
    startedAt: '2026-01-15T12:00:00.000Z', durationMs: 12, zid: body.zid as string,
  };
}

test('a Permit2 quote whose hash matches but whose spender is not transaction.to shows that line red, naming both addresses', async ({ app }) => {
  const [plain, changed] = await realQuotes();
  const tampered = { ...changed!, body: respent(changed!.body) };
  await app.show('History');
  const file = { format: 'swap-explorer.history', version: 1, entries: [historyEntry(plain!), historyEntry(tampered)] };
  await app.page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const history = new HistoryPage(app.page);
  const lines = history.detail.getByRole('list', { name: LIST }).getByRole('listitem');
  const settler = (body: Record<string, unknown>) => (body.transaction as { to: string }).to;

  await history.row(plain!.body.zid as string).getByRole('button').click();
  await expect(lines).toHaveText([
    `Spender is the settler the transaction calls (transaction.to ${settler(plain!.body)})`,
    `Signed for the Permit2 contract (domain.verifyingContract ${PERMIT2_ADDRESS.toLowerCase()})`,
    "Signed for the request's chainId, Ethereum (1) (domain.chainId 1)",
    "Permits the request's sellToken, USDC",
    "Permits exactly the answer's sellAmount, 1,000 USDC",
    "The calldata's permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message's",
  ], { timeout: 20_000 });
  await expect(lines.first()).toHaveClass(/\bgood\b/);

  await history.row(tampered.body.zid as string).getByRole('button').click();
  await expect(history.detail.getByLabel('Hash check')).toContainText('Hash matches the typed data', { timeout: 20_000 });
  const spender = lines.first();
  await expect(spender).toHaveText(`Spender ${OTHER} is NOT the settler the transaction calls (transaction.to ${settler(tampered.body)}): the signature would let another contract pull the tokens`);
  await expect(spender).toHaveClass(/\bbad\b/);
  await expect(lines.nth(4)).toHaveText("Permits exactly the answer's sellAmount, 2,000 USDC");
  // "What to do" says not to sign it, where it asked to.
  const advice = history.detail.getByRole('list', { name: 'Allowance advice' });
  await expect(advice).toContainText("Do not sign permit2.eip712: its spender is not this quote's");
  await expect(advice).not.toContainText('Sign permit2.eip712, then append');
  // At 1280 (History's narrowest panel) the lines break between words: an address reads whole, inside the panel.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  expect(await wordsSplitAcrossLines(lines), 'words split in the signed-parts lines').toEqual([]);
  expect(await overflowsRight(history.detail.getByRole('list', { name: LIST }), 'article'), 'the signed-parts lines overflow the panel').toBe(false);
  await app.expectNoSeriousAxe('a Permit2 quote whose spender is not the settler');
  await app.screenshotAtBothSizes('history-permit2-do-not-sign', () => advice.scrollIntoViewIfNeeded());
  await app.screenshotAtBothSizes('history-permit2-other-spender', () => history.detail.getByLabel('Hash check').scrollIntoViewIfNeeded());
});

test("a Permit2 quote signed for another chain's domain and another nonce than its calldata carries shows both lines red, though its hash matches", async ({ app }) => {
  const [quote] = await realQuotes();
  const nonce = String(Permit2DataSchema.parse(quote!.body.permit2).eip712.message.nonce);
  const moved = { ...quote!, body: rehashed(quote!.body, (eip712) => ({ ...eip712, domain: { ...eip712.domain, chainId: 8453 }, message: { ...eip712.message, nonce: String(BigInt(nonce) + 1n) } })) };
  await app.show('History');
  const file = { format: 'swap-explorer.history', version: 1, entries: [historyEntry(moved)] };
  await app.page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const history = new HistoryPage(app.page);
  await history.row(moved.body.zid as string).getByRole('button').click();
  await expect(history.detail.getByLabel('Hash check')).toContainText('Hash matches the typed data', { timeout: 20_000 });
  const lines = history.detail.getByRole('list', { name: LIST }).getByRole('listitem');
  const chain = lines.nth(2);
  await expect(chain).toHaveText("Signed for chain Base (8453), NOT the request's chainId Ethereum (1) (domain.chainId): the signature would be good on that chain, not for this trade");
  await expect(chain).toHaveClass(/\bbad\b/);
  const carried = lines.nth(5);
  await expect(carried).toHaveText(`The calldata's permit (transaction.data) is NOT the one signed: message.nonce ${BigInt(nonce) + 1n}, NOT the calldata's ${nonce}. Permit2 would reject the signature and the swap would revert`);
  await expect(carried).toHaveClass(/\bbad\b/);
  const advice = history.detail.getByRole('list', { name: 'Allowance advice' });
  await expect(advice).toContainText("Do not sign permit2.eip712: its domain.chainId is not this quote's and its nonce is not the permit transaction.data carries");
  await app.page.setViewportSize({ width: 1280, height: 800 });
  expect(await wordsSplitAcrossLines(lines), 'words split in the signed-parts lines').toEqual([]);
  expect(await overflowsRight(history.detail.getByRole('list', { name: LIST }), 'article'), 'the signed-parts lines overflow the panel').toBe(false);
  await app.expectNoSeriousAxe('a Permit2 quote signed for another chain and nonce');
  await app.screenshotAtBothSizes('history-permit2-other-chain-nonce', () => history.detail.getByLabel('Hash check').scrollIntoViewIfNeeded());
});
