import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, SERVICE_ERROR_NAMES, ServiceErrorSchema, ZID_PATTERN, type ServiceErrorName } from '../spec/index.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type Answer, type TestService } from './test-support.ts';

const BLOCKED_TAKER = '0xb10c000000000000000000000000000000000001';
const BLOCKED_RECIPIENT = '0xb10c000000000000000000000000000000000002';
const XSTOCK = token(1, 'WBTC');
const PATHS = ['/swap/allowance-holder/price', '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote'];

let svc: TestService;
const seen = new Set<string>();
beforeAll(async () => {
  svc = await startTestService({
    now: () => FIXED_NOW,
    apiKeys: [{ key: 'standard', team: 'std' }, { key: 'custom', team: 'vip', plan: 'custom' }, { key: 'barred', team: 'barred-team' }],
    blocked: { takers: [BLOCKED_TAKER], recipients: [BLOCKED_RECIPIENT], buyTokens: [token(1, 'DAI')], sellTokens: [token(1, 'USDT')], xStocks: [XSTOCK], teams: ['barred-team'] },
  });
});
afterAll(() => svc.stop());

function expectError(answer: Answer, name: ServiceErrorName): void {
  expect(answer.body.name).toBe(name);
  expect(answer.status).toBe(ERROR_STATUS[name]);
  expect(ServiceErrorSchema.safeParse(answer.body).success).toBe(true);
  expect(answer.body.data?.zid).toMatch(ZID_PATTERN);
  seen.add(name);
}

const taker = DEMO_TAKERS.funded;

describe('INPUT_INVALID names every bad field with a reason', () => {
  const cases: { name: string; path: string; query: Record<string, string>; fields: string[] }[] = [
    { name: 'missing required fields', path: PATHS[0]!, query: {}, fields: ['chainId', 'buyToken', 'sellToken', 'sellAmount'] },
    { name: 'bad address and amount', path: PATHS[0]!, query: wethToUsdc({ buyToken: '0x12', sellAmount: '1.5' }), fields: ['buyToken', 'sellAmount'] },
    { name: 'unsupported chain', path: PATHS[2]!, query: wethToUsdc({ chainId: '5' }), fields: ['chainId'] },
    { name: 'sellAmount with buyAmount', path: PATHS[0]!, query: wethToUsdc({ buyAmount: '5' }), fields: ['buyAmount'] },
    { name: 'slippageBps with slippagePpm', path: PATHS[0]!, query: wethToUsdc({ slippageBps: '10', slippagePpm: '1000' }), fields: ['slippagePpm'] },
    { name: 'Permit2 refuses buyAmount', path: PATHS[2]!, query: wethToUsdc({ sellAmount: '', buyAmount: '5' }), fields: ['sellAmount', 'buyAmount'] },
    { name: 'fee recipient without bps', path: PATHS[0]!, query: wethToUsdc({ swapFeeRecipient: taker }), fields: ['swapFeeBps'] },
    { name: 'fee above the cap', path: PATHS[0]!, query: wethToUsdc({ swapFeeRecipient: taker, swapFeeBps: '1001' }), fields: ['swapFeeBps'] },
    { name: 'fee token not in the pair', path: PATHS[0]!, query: wethToUsdc({ swapFeeRecipient: taker, swapFeeBps: '10', swapFeeToken: token(1, 'DAI') }), fields: ['swapFeeToken'] },
    { name: 'surplus bps without recipient', path: PATHS[0]!, query: wethToUsdc({ tradeSurplusMaxBps: '10' }), fields: ['tradeSurplusMaxBps'] },
    { name: 'same token both sides', path: PATHS[0]!, query: wethToUsdc({ buyToken: token(1, 'WETH') }), fields: ['buyToken'] },
    { name: 'v1 parameter name', path: PATHS[0]!, query: { ...wethToUsdc(), takerAddress: taker }, fields: ['takerAddress'] },
    { name: 'unknown parameter', path: PATHS[0]!, query: { ...wethToUsdc(), foo: '1' }, fields: ['foo'] },
    { name: 'quote without taker', path: PATHS[1]!, query: wethToUsdc(), fields: ['taker'] },
    { name: 'neither sellAmount nor buyAmount', path: PATHS[0]!, query: wethToUsdc({ sellAmount: '' }), fields: ['sellAmount'] },
    { name: 'zero and negative amounts', path: PATHS[0]!, query: wethToUsdc({ sellAmount: '0', gasPrice: '-1' }), fields: ['sellAmount', 'gasPrice'] },
    { name: 'amount beyond 256 bits', path: PATHS[2]!, query: wethToUsdc({ sellAmount: (2n ** 256n).toString() }), fields: ['sellAmount'] },
    { name: 'bad taker, txOrigin and recipient', path: PATHS[1]!, query: wethToUsdc({ taker: 'abc', txOrigin: '0x1', recipient: '0xZZ00000000000000000000000000000000000000' }), fields: ['taker', 'txOrigin', 'recipient'] },
    { name: 'slippage out of range', path: PATHS[0]!, query: wethToUsdc({ slippageBps: '10001' }), fields: ['slippageBps'] },
    { name: 'slippagePpm out of range', path: PATHS[0]!, query: wethToUsdc({ slippagePpm: '1000001' }), fields: ['slippagePpm'] },
    { name: 'Permit2 refuses slippagePpm and wrapUnwrapMode', path: PATHS[3]!, query: wethToUsdc({ taker, slippagePpm: '10', wrapUnwrapMode: 'direct' }), fields: ['slippagePpm', 'wrapUnwrapMode'] },
    { name: 'fee bps without recipient', path: PATHS[0]!, query: wethToUsdc({ swapFeeBps: '10' }), fields: ['swapFeeRecipient'] },
    { name: 'fee recipient and bps counts differ', path: PATHS[0]!, query: wethToUsdc({ swapFeeRecipient: `${taker},${taker}`, swapFeeBps: '10' }), fields: ['swapFeeRecipient'] },
    { name: 'fee token count differs', path: PATHS[0]!, query: wethToUsdc({ swapFeeRecipient: taker, swapFeeBps: '10', swapFeeToken: `${token(1, 'WETH')},${token(1, 'USDC')}` }), fields: ['swapFeeToken'] },
    { name: 'surplus bps out of range', path: PATHS[0]!, query: wethToUsdc({ tradeSurplusRecipient: taker, tradeSurplusMaxBps: '10001' }), fields: ['tradeSurplusMaxBps'] },
    { name: 'empty excludedSources', path: PATHS[0]!, query: wethToUsdc({ excludedSources: '' }), fields: ['excludedSources'] },
    { name: 'chainId not a number', path: PATHS[2]!, query: wethToUsdc({ chainId: 'mainnet' }), fields: ['chainId'] },
    { name: 'bad enums', path: PATHS[0]!, query: wethToUsdc({ sellEntireBalance: 'yes', wrapUnwrapMode: 'x' }), fields: ['sellEntireBalance', 'wrapUnwrapMode'] },
  ];
  for (const testCase of cases) {
    it(`reports ${testCase.name}`, async () => {
      const answer = await svc.get(testCase.path, testCase.query);
      expectError(answer, 'INPUT_INVALID');
      const fields = answer.body.data!.details!.map((detail) => detail.field);
      for (const field of testCase.fields) expect(fields).toContain(field);
      for (const detail of answer.body.data!.details!) expect(detail.reason.length).toBeGreaterThan(3);
    });
  }
});

describe('refusals of the spec\'s error table', () => {
  it('TOKEN_NOT_SUPPORTED for a token the chain does not trade', async () => {
    for (const path of PATHS) expectError(await svc.get(path, wethToUsdc({ buyToken: '0x1234567890123456789012345678901234567890', taker })), 'TOKEN_NOT_SUPPORTED');
  });

  it('TOKEN_NOT_SUPPORTED names the chain an address is from, and the same token on the chain asked', async () => {
    // Ethereum's WETH and WBTC sent with chainId=8453, as code written for one chain meets another.
    const weth = await svc.get(PATHS[0]!, wethToUsdc({ chainId: '8453', buyToken: token(8453, 'USDC') }));
    expectError(weth, 'TOKEN_NOT_SUPPORTED');
    expect(weth.body.message).toBe(
      `sellToken ${token(1, 'WETH').toLowerCase()} is not supported on chain 8453; it is WETH on Ethereum (chainId 1), and WETH on Base is ${token(8453, 'WETH').toLowerCase()}`,
    );
    const wbtc = await svc.get(PATHS[0]!, wethToUsdc({ chainId: '8453', sellToken: token(8453, 'WETH'), buyToken: token(1, 'WBTC') }));
    expect(wbtc.body.message).toBe(`buyToken ${token(1, 'WBTC').toLowerCase()} is not supported on chain 8453; it is WBTC on Ethereum (chainId 1)`);
  });

  it('TOKEN_NOT_SUPPORTED says what the local service trades on a chain whose facts list no tokens', async () => {
    // Unichain's real USDC address was refused with 'is not supported on chain 130' alone, as if
    // the address were wrong: the service trades only ETH and WETH there.
    const unichainUsdc = '0x078d782b760474a361dda0af3839290b0ef57ad6';
    const unichain = await svc.get(PATHS[2]!, { chainId: '130', sellToken: token(130, 'WETH'), buyToken: unichainUsdc, sellAmount: '1000000000000000000' });
    expectError(unichain, 'TOKEN_NOT_SUPPORTED');
    expect(unichain.body.message).toBe(`buyToken ${unichainUsdc} is not supported on chain 130; on Unichain the local service trades only ETH (0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee) and WETH (0x4200000000000000000000000000000000000006)`);
    const tempo = await svc.get(PATHS[0]!, { chainId: '4217', sellToken: unichainUsdc, buyToken: token(1, 'USDC'), sellAmount: '1000000' });
    expect(tempo.body.message).toBe(`sellToken ${unichainUsdc} is not supported on chain 4217; the local service trades no token on Tempo`);
    // A chain with a market of its own keeps the plain reason.
    const unknown = '0x1234567890123456789012345678901234567890';
    expect((await svc.get(PATHS[0]!, wethToUsdc({ buyToken: unknown }))).body.message).toBe(`buyToken ${unknown} is not supported on chain 1`);
  });

  it('RECIPIENT_NOT_SUPPORTED for a recipient on wrap and unwrap', async () => {
    const wrap = { chainId: '1', sellToken: token(1, 'NATIVE'), buyToken: token(1, 'WETH'), sellAmount: '1000', recipient: taker, taker };
    expectError(await svc.get(PATHS[0]!, wrap), 'RECIPIENT_NOT_SUPPORTED');
    expectError(await svc.get(PATHS[3]!, { ...wrap, sellToken: token(1, 'WETH'), buyToken: token(1, 'NATIVE') }), 'RECIPIENT_NOT_SUPPORTED');
  });

  it('SWAP_VALIDATION_FAILED for the reverting demo taker, and for a contract taker quoting without txOrigin', async () => {
    expectError(await svc.get(PATHS[0]!, wethToUsdc({ taker: DEMO_TAKERS.reverting })), 'SWAP_VALIDATION_FAILED');
    expectError(await svc.get(PATHS[3]!, wethToUsdc({ taker: DEMO_TAKERS.smartContract })), 'SWAP_VALIDATION_FAILED');
    expect((await svc.get(PATHS[3]!, wethToUsdc({ taker: DEMO_TAKERS.smartContract, txOrigin: taker }))).status).toBe(200);
  });

  it('USER_NOT_AUTHORIZED for a team refused with blocked.teams (serve --block-team), and for no other', async () => {
    for (const path of PATHS) expectError(await svc.get(path, wethToUsdc({ taker }), { 'svc-api-key': 'barred' }), 'USER_NOT_AUTHORIZED');
    expect((await svc.get(PATHS[0]!, wethToUsdc({ taker }), { 'svc-api-key': 'standard' })).status).toBe(200);
  });

  it('takes tradeSurplusRecipient from a team on any plan, as the real service does (its example apps send it on every key)', async () => {
    const query = wethToUsdc({ taker, tradeSurplusRecipient: taker });
    for (const path of PATHS) {
      for (const key of ['standard', 'custom']) expect({ path, key, status: (await svc.get(path, query, { 'svc-api-key': key })).status }).toEqual({ path, key, status: 200 });
    }
  });

  it('403 for blocked takers, recipients and xStocks', async () => {
    expectError(await svc.get(PATHS[0]!, wethToUsdc({ taker: BLOCKED_TAKER })), 'TAKER_NOT_AUTHORIZED_FOR_TRADE');
    expectError(await svc.get(PATHS[1]!, wethToUsdc({ taker, recipient: BLOCKED_RECIPIENT })), 'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE');
    expectError(await svc.get(PATHS[2]!, wethToUsdc({ buyToken: XSTOCK })), 'XSTOCKS_NOT_AUTHORIZED');
  });

  it('422 for blocked buy and sell tokens', async () => {
    expectError(await svc.get(PATHS[0]!, wethToUsdc({ buyToken: token(1, 'DAI') })), 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE');
    expectError(await svc.get(PATHS[2]!, wethToUsdc({ sellToken: token(1, 'USDT'), sellAmount: '1000000' })), 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE');
  });

  it('500 INTERNAL_SERVER_ERROR and UNCATEGORIZED through the fault knob, and dropped connections', async () => {
    const faulty = await startTestService({ faultRate: 1, seed: 5 });
    try {
      const outcomes = new Set<string>();
      // Faults are drawn from a seeded sequence, a third of each kind: a few dozen requests show all three.
      for (let i = 0; i < 60 && outcomes.size < 3; i++) {
        const outcome = await faulty.get('/swap/chains').then(
          (answer) => {
            expectError(answer, answer.body.name as ServiceErrorName);
            return String(answer.body.name);
          },
          () => 'dropped',
        );
        outcomes.add(outcome);
      }
      expect([...outcomes].sort()).toEqual(['INTERNAL_SERVER_ERROR', 'UNCATEGORIZED', 'dropped']);
    } finally {
      await faulty.stop();
    }
  });

  it('reached every name of the spec\'s error table', () => {
    expect([...seen].sort()).toEqual([...SERVICE_ERROR_NAMES].sort());
  });
});
