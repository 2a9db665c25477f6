import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { Permit2DataSchema, type Permit2Data } from '../spec/index.ts';
import { DEMO_TAKERS } from '../service/swap/taker-state.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { startTestService, type TestService } from '../service/test-support.ts';
import { allowanceAdvice, type AdviceBody } from './allowance-advice.ts';
import { calldataPermitOf } from './permit2-calldata.ts';
import { explainPermit2 } from './permit2-explainer.ts';
import { permitExpectationOf } from './permit2-signed-parts.ts';
import { SETTLER_ABI } from './settler-abi.ts';

// Real quotes from the local service over HTTPS; tampered copies change the calldata's permit and
// leave the typed data (and its hash) as the service sent them.
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 3 });
});
afterAll(() => svc.stop());

type Body = Record<string, unknown> & { transaction: { to: string; data: Hex } };
const USDC = () => token(1, 'USDC');
const query = (extra: Record<string, string> = {}) => ({ chainId: '1', sellToken: USDC(), buyToken: token(1, 'WETH'), taker: DEMO_TAKERS.funded, ...extra });

async function quote(path: string, extra: Record<string, string> = { sellAmount: '1000000000' }): Promise<Body> {
  const { status, body } = await svc.get(path, query(extra));
  expect(status).toBe(200);
  return body as Body;
}

// The calldata with its TRANSFER_FROM permit changed, every other action as it was.
function withCarriedPermit(data: Hex, change: (permit: { permitted: { token: Hex; amount: bigint }; nonce: bigint; deadline: bigint }) => void): Hex {
  const call = decodeFunctionData({ abi: SETTLER_ABI, data });
  if (call.functionName !== 'execute') throw new Error(`not execute: ${call.functionName}`);
  const [slippage, actions, zid] = call.args;
  const changed = actions.map((action) => {
    const step = decodeFunctionData({ abi: SETTLER_ABI, data: action });
    if (step.functionName !== 'TRANSFER_FROM') return action;
    const [recipient, permit, sig] = step.args;
    const copy = structuredClone(permit) as Parameters<typeof change>[0];
    change(copy);
    return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'TRANSFER_FROM', args: [recipient, copy, sig] });
  });
  return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [slippage, changed, zid] });
}

const calldataCheck = (body: Record<string, unknown>) => {
  const permit2 = Permit2DataSchema.parse(body.permit2) as Permit2Data;
  return explainPermit2(permit2, { expected: permitExpectationOf(body, { sellToken: USDC(), chainId: 1 }) }).signed!.find((check) => check.part === 'calldataPermit')!;
};

describe("a Permit2 quote's calldata permit against the message signed", () => {
  it('reads the permit a real quote hands the settler, and finds it the one signed', async () => {
    const body = await quote('/swap/permit2/quote');
    const { message } = Permit2DataSchema.parse(body.permit2).eip712;
    expect(calldataPermitOf(body.transaction.data)).toEqual({
      permit: { token: USDC().toLowerCase(), amount: '1000000000', nonce: message.nonce, deadline: message.deadline },
      missing: null,
    });
    expect(calldataCheck(body).matches).toBe(true);
  });

  it('flags calldata whose permit has another nonce, deadline, token or amount than the message signed', async () => {
    const body = await quote('/swap/permit2/quote');
    const tamperedWith = (change: Parameters<typeof withCarriedPermit>[1]) => calldataCheck({ ...body, transaction: { ...body.transaction, data: withCarriedPermit(body.transaction.data, change) } });
    const nonce = tamperedWith((permit) => { permit.nonce += 1n; });
    expect(nonce.matches).toBe(false);
    expect(nonce.fields!.map((field) => [field.path, field.matches])).toEqual([
      ['message.permitted.token', true], ['message.permitted.amount', true], ['message.nonce', false], ['message.deadline', true],
    ]);
    expect(tamperedWith((permit) => { permit.deadline += 60n; }).matches).toBe(false);
    expect(tamperedWith((permit) => { permit.permitted.amount *= 2n; }).matches).toBe(false);
    expect(tamperedWith((permit) => { permit.permitted.token = token(1, 'WETH') as Hex; }).matches).toBe(false);
  });

  it('advises not to sign a permit the calldata does not carry, naming the fields that differ', async () => {
    const body = await quote('/swap/permit2/quote');
    const advice = (data: Hex) => allowanceAdvice({ model: 'permit2', kind: 'quote', body: { ...body, transaction: { ...body.transaction, data } } as unknown as AdviceBody, sellToken: USDC(), chainId: 1 })
      .filter((item) => item.code === 'SIGN_PERMIT2' || item.code === 'PERMIT2_SIGNS_OTHER').map((item) => item.text);
    expect(advice(body.transaction.data)).toEqual([expect.stringMatching(/^Sign permit2\.eip712/)]);
    const moved = withCarriedPermit(body.transaction.data, (permit) => { permit.nonce += 1n; permit.deadline += 60n; });
    expect(advice(moved)).toEqual(["Do not sign permit2.eip712: its nonce, deadline are not the permit transaction.data carries, so the signature would not be for this trade (Permit2 EIP-712, below, names both values)."]);
  });

  it('says why there is nothing to compare with, never passing it', async () => {
    const body = await quote('/swap/permit2/quote');
    const missing = (data: unknown) => calldataCheck({ ...body, transaction: { ...body.transaction, data } });
    expect(missing('0x')).toMatchObject({ matches: null, missing: 'the quote has no transaction.data' });
    expect(missing('0x12345678abcd')).toMatchObject({ matches: null, missing: "the calldata does not carry the permit in a form this app decodes (not the settler's execute)" });
    const holder = await quote('/swap/allowance-holder/quote');
    expect(missing(holder.transaction.data)).toMatchObject({ matches: null, missing: "transaction.data is Allowance Holder's exec, which carries no permit" });
    const call = decodeFunctionData({ abi: SETTLER_ABI, data: body.transaction.data });
    const [slippage, actions, zid] = call.args as readonly [{ recipient: Hex; buyToken: Hex; minAmountOut: bigint }, readonly Hex[], Hex];
    const withoutPull = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [slippage, actions.slice(1), zid] });
    expect(missing(withoutPull)).toMatchObject({ matches: null, missing: "the calldata's actions carry no permit (no TRANSFER_FROM)" });
  });
});
