import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permit2DataSchema, type Permit2Data } from '../spec/index.ts';
import { DEMO_TAKERS } from '../service/swap/taker-state.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { startTestService, type TestService } from '../service/test-support.ts';
import { PERMIT2_ADDRESS } from './chains.ts';
import { checkTypedDataHash, explainPermit2 } from './permit2-explainer.ts';
import { permitExpectationOf } from './permit2-signed-parts.ts';
import { signedPartLines } from './permit2-signed-text.ts';

// Real Permit2 quotes from the local service over HTTPS, then the same quotes with one signed part
// changed and the hash recomputed to match: the case a matching hash alone passes as safe.
const OTHER = '0x1111111111111111111111111111111111111111';
const USDC_SOLD = '1000000000';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 3 });
});
afterAll(() => svc.stop());

// The request names the sell token checksummed, as users type it; the answer's addresses are lower case.
const USDC = () => token(1, 'USDC');
const REQUEST = () => ({ sellToken: USDC(), chainId: 1 });
async function permit2Quote(): Promise<{ body: Record<string, unknown>; permit2: Permit2Data }> {
  const query = { chainId: '1', sellToken: USDC(), buyToken: token(1, 'WETH'), sellAmount: USDC_SOLD, taker: DEMO_TAKERS.funded };
  const { status, body } = await svc.get('/swap/permit2/quote', query);
  expect(status).toBe(200);
  return { body, permit2: Permit2DataSchema.parse(body.permit2) };
}

// A copy with one field of the typed data changed and `hash` made its hash again.
function tampered(permit2: Permit2Data, change: (eip712: Permit2Data['eip712']) => void): Permit2Data {
  const eip712 = structuredClone(permit2.eip712);
  change(eip712);
  return { ...permit2, eip712, hash: checkTypedDataHash(eip712, null).computed! };
}

const verdicts = (data: Permit2Data, body: Record<string, unknown>) => {
  const explained = explainPermit2(data, { expected: permitExpectationOf(body, REQUEST()) });
  return { hash: explained.hash.matches, ...Object.fromEntries(explained.signed!.map((check) => [check.part, check.matches])) };
};
const ALL_MATCH = { hash: true, spender: true, verifyingContract: true, chainId: true, token: true, amount: true, calldataPermit: true };

describe('the signed parts of a Permit2 quote against the quote', () => {
  it("finds a real quote's spender, contract, chain, token and amount equal to its settler, Permit2, the request's chain and token and the sold amount, and its message the calldata's permit", async () => {
    const { body, permit2 } = await permit2Quote();
    expect(verdicts(permit2, body)).toEqual(ALL_MATCH);
    const signed = explainPermit2(permit2, { expected: permitExpectationOf(body, REQUEST()) }).signed!;
    expect(signed.map(({ part, signed: value, expected }) => [part, value, expected])).toEqual([
      ['spender', (body.transaction as { to: string }).to, (body.transaction as { to: string }).to],
      ['verifyingContract', PERMIT2_ADDRESS.toLowerCase(), PERMIT2_ADDRESS],
      ['chainId', '1', '1'],
      ['token', USDC().toLowerCase(), USDC()],
      ['amount', USDC_SOLD, USDC_SOLD],
      ['calldataPermit', null, null],
    ]);
    const { message } = permit2.eip712;
    expect(signed.at(-1)!.fields!.map(({ path, signed: value, carried }) => [path, value, carried])).toEqual([
      ['message.permitted.token', USDC().toLowerCase(), USDC().toLowerCase()],
      ['message.permitted.amount', USDC_SOLD, USDC_SOLD],
      ['message.nonce', message.nonce, message.nonce],
      ['message.deadline', message.deadline, message.deadline],
    ]);
  });

  it('flags a permit for another spender than transaction.to, though its hash matches', async () => {
    const { body, permit2 } = await permit2Quote();
    const data = tampered(permit2, (eip712) => { eip712.message.spender = OTHER; });
    expect(verdicts(data, body)).toEqual({ ...ALL_MATCH, spender: false });
  });

  it('flags typed data for another verifyingContract than Permit2, though its hash matches', async () => {
    const { body, permit2 } = await permit2Quote();
    const data = tampered(permit2, (eip712) => { eip712.domain.verifyingContract = OTHER; });
    expect(verdicts(data, body)).toEqual({ ...ALL_MATCH, verifyingContract: false });
  });

  it("flags typed data signed for another chain's domain than the request's chainId, though its hash matches", async () => {
    const { body, permit2 } = await permit2Quote();
    const data = tampered(permit2, (eip712) => { eip712.domain.chainId = 8453; });
    expect(verdicts(data, body)).toEqual({ ...ALL_MATCH, chainId: false });
    // Without the request the answer names no chain: not checked, never passed.
    const check = explainPermit2(data, { expected: permitExpectationOf(body, { sellToken: USDC() }) }).signed!.find((part) => part.part === 'chainId');
    expect(check).toMatchObject({ signed: '8453', expected: null, matches: null });
  });

  it("flags a signed nonce or deadline other than the permit the calldata carries, though its hash matches", async () => {
    const { body, permit2 } = await permit2Quote();
    const nonce = tampered(permit2, (eip712) => { eip712.message.nonce = String(BigInt(eip712.message.nonce as string) + 1n); });
    expect(verdicts(nonce, body)).toEqual({ ...ALL_MATCH, calldataPermit: false });
    const deadline = tampered(permit2, (eip712) => { eip712.message.deadline = String(BigInt(eip712.message.deadline as string) + 600n); });
    expect(verdicts(deadline, body)).toEqual({ ...ALL_MATCH, calldataPermit: false });
  });

  it("flags a permitted token other than the request's sell token, and an amount other than sellAmount", async () => {
    const { body, permit2 } = await permit2Quote();
    const permitted = (eip712: Permit2Data['eip712']) => eip712.message.permitted as { token: string; amount: string };
    const weth = tampered(permit2, (eip712) => { permitted(eip712).token = token(1, 'WETH').toLowerCase(); });
    expect(verdicts(weth, body)).toEqual({ ...ALL_MATCH, token: false, calldataPermit: false });
    const more = tampered(permit2, (eip712) => { permitted(eip712).amount = String(BigInt(USDC_SOLD) + 1n); });
    expect(verdicts(more, body)).toEqual({ ...ALL_MATCH, amount: false, calldataPermit: false });
  });

  it('leaves a part not checked when the quote or the typed data lacks it, never passed', async () => {
    const { body, permit2 } = await permit2Quote();
    const { transaction: _transaction, sellAmount: _sellAmount, ...bare } = body;
    expect(verdicts(permit2, bare)).toEqual({ ...ALL_MATCH, spender: null, amount: null, calldataPermit: null });
    const noPermitted = tampered(permit2, (eip712) => { delete eip712.message.permitted; });
    expect(explainPermit2(noPermitted, { expected: permitExpectationOf(body) }).signed!.map((check) => check.matches)).toEqual([true, true, null, null, null, null]);
    expect(explainPermit2(permit2).signed).toBeNull();
  });

  it("reads the answer's sellToken when the request is not known, and an exact-out answer's maxSellAmount", () => {
    expect(permitExpectationOf({ sellToken: '0xabc', sellAmount: '5', transaction: { to: '0xdef' } })).toEqual({
      settler: '0xdef', sellToken: { address: '0xabc', source: "the answer's sellToken" }, sellAmount: { base: '5', member: 'sellAmount' },
      chainId: null, chainSource: "the request's chainId", calldataPermit: { permit: null, missing: 'the quote has no transaction.data' },
    });
    expect(permitExpectationOf({ mode: 'exact-out', maxSellAmount: '7', estimatedNetSellAmount: '6' }).sellAmount).toEqual({ base: '7', member: 'maxSellAmount' });
  });
});

describe('signedPartLines', () => {
  const reading = { token: (address: string) => (address.toLowerCase() === USDC().toLowerCase() ? 'USDC' : address), amount: (base: string) => `${Number(base) / 1e6} USDC` };

  it('says each part checked, in the order checked', async () => {
    const { body, permit2 } = await permit2Quote();
    const to = (body.transaction as { to: string }).to;
    const lines = signedPartLines(explainPermit2(permit2, { expected: permitExpectationOf(body, REQUEST()) }).signed!, reading);
    expect(lines).toEqual([
      { part: 'spender', matches: true, text: `Spender is the settler the transaction calls (transaction.to ${to})` },
      { part: 'verifyingContract', matches: true, text: `Signed for the Permit2 contract (domain.verifyingContract ${PERMIT2_ADDRESS.toLowerCase()})` },
      { part: 'chainId', matches: true, text: "Signed for the request's chainId, Ethereum (1) (domain.chainId 1)" },
      { part: 'token', matches: true, text: "Permits the request's sellToken, USDC" },
      { part: 'amount', matches: true, text: "Permits exactly the answer's sellAmount, 1000 USDC" },
      { part: 'calldataPermit', matches: true, text: "The calldata's permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message's" },
    ]);
  });

  it('names both values of a part that differs, and what is missing of one not checked', async () => {
    const { body, permit2 } = await permit2Quote();
    const to = (body.transaction as { to: string }).to;
    const data = tampered(permit2, (eip712) => {
      eip712.message.spender = OTHER;
      eip712.domain.verifyingContract = OTHER;
      eip712.domain.chainId = 8453;
      (eip712.message.permitted as { amount: string }).amount = '2000000001';
    });
    const lines = signedPartLines(explainPermit2(data, { expected: permitExpectationOf(body, REQUEST()) }).signed!, reading).map((line) => line.text);
    expect(lines).toEqual([
      `Spender ${OTHER} is NOT the settler the transaction calls (transaction.to ${to}): the signature would let another contract pull the tokens`,
      `Signed for ${OTHER}, NOT the Permit2 contract ${PERMIT2_ADDRESS} (domain.verifyingContract)`,
      "Signed for chain Base (8453), NOT the request's chainId Ethereum (1) (domain.chainId): the signature would be good on that chain, not for this trade",
      "Permits the request's sellToken, USDC",
      "Permits 2000.000001 USDC (2000000001 base units), NOT the answer's sellAmount 1000 USDC (1000000000 base units)",
      "The calldata's permit (transaction.data) is NOT the one signed: message.permitted.amount 2000.000001 USDC (2000000001 base units), NOT the calldata's 1000 USDC (1000000000 base units). Permit2 would reject the signature and the swap would revert",
    ]);
    const { transaction: _transaction, ...noTransaction } = body;
    const bare = signedPartLines(explainPermit2(permit2, { expected: permitExpectationOf(noTransaction) }).signed!, reading);
    expect(bare.filter((line) => line.matches === null)).toEqual([
      { part: 'spender', matches: null, text: 'Spender not checked: the quote has no transaction.to' },
      { part: 'chainId', matches: null, text: "Chain not checked: the request's chainId is not known" },
      { part: 'calldataPermit', matches: null, text: "The calldata's permit not checked: the quote has no transaction.data" },
    ]);
  });
});
