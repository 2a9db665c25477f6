import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, hashTypedData, type Hex } from 'viem';
import { PERMIT2_ADDRESS, chainById } from '../domain/chains.ts';
import { SETTLER_ABI, WRAPPED_NATIVE_ABI } from '../domain/settler-abi.ts';
import { AllowanceHolderQuoteResponseSchema, Permit2QuoteResponseSchema, schemaReport } from '../spec/index.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

type Tx = { to: string; data: Hex; gas: string; gasPrice: string; value: string };
type Execute = { slippage: { recipient: string; buyToken: string; minAmountOut: bigint }; actions: readonly Hex[]; zid: Hex };
const AH = '/swap/allowance-holder/quote';
const P2 = '/swap/permit2/quote';
const taker = DEMO_TAKERS.funded;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 3 });
});
afterAll(() => svc.stop());

function decodeExecute(data: Hex): Execute {
  const call = decodeFunctionData({ abi: SETTLER_ABI, data });
  expect(call.functionName).toBe('execute');
  const [slippage, actions, zid] = call.args as unknown as [Execute['slippage'], Hex[], Hex];
  return { slippage, actions, zid };
}

function actionNames(actions: readonly Hex[]): string[] {
  return actions.map((action) => decodeFunctionData({ abi: SETTLER_ABI, data: action }).functionName);
}

describe('Allowance Holder quote', () => {
  it('sends exec to the Allowance Holder, wrapping the settler call that carries minBuyAmount and the zid', async () => {
    const { body } = await svc.get(AH, wethToUsdc({ taker }));
    expect(schemaReport(AllowanceHolderQuoteResponseSchema, body)).toEqual([]);
    const tx = body.transaction as Tx;
    expect(tx.to).toBe(chainById(1)!.allowanceHolder.toLowerCase());
    expect(tx.to).toBe(body.allowanceTarget);
    expect(tx.value).toBe('0');
    const price = (await svc.get('/swap/allowance-holder/price', wethToUsdc({ taker }))).body;
    expect({ gas: tx.gas, gasPrice: tx.gasPrice }).toEqual({ gas: price.gas, gasPrice: price.gasPrice });
    const exec = decodeFunctionData({ abi: SETTLER_ABI, data: tx.data });
    expect(exec.functionName).toBe('exec');
    const [operator, sellToken, amount, target, inner] = exec.args as [string, string, bigint, string, Hex];
    expect(target).toBe(operator);
    expect(sellToken.toLowerCase()).toBe(token(1, 'WETH').toLowerCase());
    expect(amount.toString()).toBe(body.sellAmount);
    const execute = decodeExecute(inner);
    expect(execute.slippage.minAmountOut.toString()).toBe(body.minBuyAmount);
    expect(execute.slippage.recipient.toLowerCase()).toBe(taker);
    expect(execute.zid.slice(0, 26)).toBe(body.zid);
    expect(actionNames(execute.actions).filter((name) => name === 'FILL')).toHaveLength((body.route as { fills: unknown[] }).fills.length);
  });

  it('sends a native sell straight to the settler with the amount as value', async () => {
    const { body } = await svc.get(AH, wethToUsdc({ sellToken: token(1, 'NATIVE'), taker }));
    const tx = body.transaction as Tx;
    expect(body.allowanceTarget).toBeNull();
    expect(tx.to).not.toBe(chainById(1)!.allowanceHolder.toLowerCase());
    expect(tx.value).toBe(body.sellAmount);
    expect(actionNames(decodeExecute(tx.data).actions).slice(0, 2)).toEqual(['NATIVE_CHECK', 'WRAP']);
  });

  it('wraps directly on the wrapped-native contract by default, through the settler on request', async () => {
    const wrap = { chainId: '1', sellToken: token(1, 'NATIVE'), buyToken: token(1, 'WETH'), sellAmount: '5000', taker };
    const direct = (await svc.get(AH, wrap)).body;
    const tx = direct.transaction as Tx;
    expect(tx.to).toBe(chainById(1)!.wrappedNative!.toLowerCase());
    expect(decodeFunctionData({ abi: WRAPPED_NATIVE_ABI, data: tx.data }).functionName).toBe('deposit');
    expect({ value: tx.value, buy: direct.buyAmount }).toEqual({ value: '5000', buy: '5000' });
    const viaSettler = (await svc.get(AH, { ...wrap, wrapUnwrapMode: 'settler' })).body.transaction as Tx;
    expect(viaSettler.to).not.toBe(chainById(1)!.wrappedNative!.toLowerCase());
    expect(decodeExecute(viaSettler.data).slippage.minAmountOut).toBeGreaterThan(0n);
    const unwrap = (await svc.get(AH, { ...wrap, sellToken: token(1, 'WETH'), buyToken: token(1, 'NATIVE') })).body.transaction as Tx;
    expect(decodeFunctionData({ abi: WRAPPED_NATIVE_ABI, data: unwrap.data })).toEqual({ functionName: 'withdraw', args: [5000n] });
  });
  it('unwraps through the settler with exec on the Allowance Holder pulling the WETH, and asks for its allowance', async () => {
    const unwrap = { chainId: '1', sellToken: token(1, 'WETH'), buyToken: token(1, 'NATIVE'), sellAmount: '1000000000000000000', taker, wrapUnwrapMode: 'settler' };
    const { body } = await svc.get(AH, unwrap);
    expect(schemaReport(AllowanceHolderQuoteResponseSchema, body)).toEqual([]);
    const holder = chainById(1)!.allowanceHolder.toLowerCase();
    const tx = body.transaction as Tx;
    expect({ to: tx.to, value: tx.value, allowanceTarget: body.allowanceTarget }).toEqual({ to: holder, value: '0', allowanceTarget: holder });
    const exec = decodeFunctionData({ abi: SETTLER_ABI, data: tx.data });
    expect(exec.functionName).toBe('exec');
    const [operator, sellToken, amount, target, inner] = exec.args as [string, string, bigint, string, Hex];
    expect({ target, sellToken: sellToken.toLowerCase(), amount }).toEqual({ target: operator, sellToken: token(1, 'WETH').toLowerCase(), amount: 10n ** 18n });
    const execute = decodeExecute(inner);
    expect(actionNames(execute.actions)).toEqual(['TRANSFER_FROM', 'UNWRAP']);
    const [to, permit] = decodeFunctionData({ abi: SETTLER_ABI, data: execute.actions[0]! }).args as unknown as [string, { permitted: { token: string; amount: bigint } }];
    expect({ to, token: permit.permitted.token.toLowerCase(), amount: permit.permitted.amount }).toEqual({ to: operator, token: token(1, 'WETH').toLowerCase(), amount: 10n ** 18n });
    expect(execute.slippage.minAmountOut.toString()).toBe(body.minBuyAmount);
    const unapproved = (await svc.get(AH, { ...unwrap, taker: DEMO_TAKERS.fundedNoAllowance })).body.issues as { allowance: { spender: string } | null };
    expect(unapproved.allowance?.spender).toBe(holder);
    expect((await svc.get('/swap/allowance-holder/price', unwrap)).body.allowanceTarget).toBe(holder);
  });

  it('keeps a direct unwrap free of allowances, on Allowance Holder and on Permit2 (which takes no wrapUnwrapMode)', async () => {
    const unwrap = { chainId: '1', sellToken: token(1, 'WETH'), buyToken: token(1, 'NATIVE'), sellAmount: '5000', taker: DEMO_TAKERS.fundedNoAllowance };
    for (const path of [AH, P2]) {
      const { body } = await svc.get(path, unwrap);
      expect({ allowanceTarget: body.allowanceTarget, allowance: (body.issues as { allowance: unknown }).allowance, to: (body.transaction as Tx).to }).toEqual({ allowanceTarget: null, allowance: null, to: chainById(1)!.wrappedNative!.toLowerCase() });
      if (path === P2) expect(body.permit2).toBeNull();
    }
  });
});

describe('Permit2 quote', () => {
  it('sends execute to a settler and asks for a PermitTransferFrom whose hash viem reproduces', async () => {
    const { body } = await svc.get(P2, wethToUsdc({ taker }));
    expect(schemaReport(Permit2QuoteResponseSchema, body)).toEqual([]);
    const tx = body.transaction as Tx;
    expect(tx.to).not.toBe(PERMIT2_ADDRESS.toLowerCase());
    expect(body.allowanceTarget).toBe(PERMIT2_ADDRESS.toLowerCase());
    const permit2 = body.permit2 as { type: string; hash: Hex; eip712: { domain: Record<string, unknown>; types: Record<string, { name: string; type: string }[]>; message: Record<string, unknown>; primaryType: string } };
    expect(permit2.eip712.domain).toEqual({ name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS.toLowerCase() });
    expect(permit2.eip712.primaryType).toBe('PermitTransferFrom');
    const message = permit2.eip712.message as { permitted: { token: string; amount: string }; spender: string; nonce: string; deadline: string };
    expect(message.spender).toBe(tx.to);
    expect(message.permitted).toEqual({ token: token(1, 'WETH').toLowerCase(), amount: body.sellAmount });
    expect(Number(message.deadline) - Math.floor(FIXED_NOW / 1000)).toBeGreaterThan(0);
    const { EIP712Domain: _domain, ...types } = permit2.eip712.types;
    const hash = hashTypedData({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS as Hex },
      types,
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token: message.permitted.token, amount: BigInt(message.permitted.amount) }, spender: message.spender, nonce: BigInt(message.nonce), deadline: BigInt(message.deadline) },
    });
    expect(permit2.hash).toBe(hash);
    const execute = decodeExecute(tx.data);
    expect(execute.slippage.minAmountOut.toString()).toBe(body.minBuyAmount);
    expect(execute.zid.slice(0, 26)).toBe(body.zid);
    const transfer = decodeFunctionData({ abi: SETTLER_ABI, data: execute.actions[0]! });
    expect(transfer.functionName).toBe('TRANSFER_FROM');
    expect((transfer.args as unknown as [string, { nonce: bigint }])[1].nonce.toString()).toBe(message.nonce);
  });

  it('asks the same request at one block for the same nonce, and another trade of the taker for another', async () => {
    const nonceOf = async (query: Record<string, string>) => ((await svc.get(P2, query)).body as { permit2: { eip712: { message: { nonce: string } } } }).permit2.eip712.message.nonce;
    const first = await nonceOf(wethToUsdc({ taker }));
    expect(await nonceOf(wethToUsdc({ taker }))).toBe(first);
    const others = [await nonceOf(wethToUsdc({ taker, sellAmount: '2000000000000000000' })), await nonceOf(wethToUsdc({ taker, buyToken: token(1, 'DAI') }))];
    expect(new Set([first, ...others]).size).toBe(3);
  });

  it('needs no signature for a native sell: permit2 is null', async () => {
    const { body } = await svc.get(P2, wethToUsdc({ sellToken: token(1, 'NATIVE'), taker }));
    expect(body.permit2).toBeNull();
    expect((body.transaction as Tx).value).toBe(body.sellAmount);
  });

  it('counts the signature the taker appends in the L1 data cost on Base, as the transaction sent carries it', async () => {
    // Analysts compare the two models' totalNetworkFee: leaving the 97 bytes out made Permit2 look
    // about 7 % cheaper to send on Base than it is.
    const trade = { chainId: '8453', sellToken: token(8453, 'USDC'), buyToken: token(8453, 'WETH'), sellAmount: '100000000', taker };
    const bytes = (tx: Tx) => BigInt((tx.data.length - 2) / 2);
    const l1Cost = (body: Record<string, unknown>) => BigInt(body.totalNetworkFee as string) - BigInt((body.transaction as Tx).gas) * BigInt((body.transaction as Tx).gasPrice);
    // The same block (a fixed clock) has one L1 data price: read it off the Allowance Holder quote.
    const ah = (await svc.get(AH, trade)).body;
    const perByte = l1Cost(ah) / bytes(ah.transaction as Tx);
    expect(perByte).toBeGreaterThan(0n);
    expect(l1Cost(ah)).toBe(perByte * bytes(ah.transaction as Tx));
    const p2 = (await svc.get(P2, trade)).body;
    expect(p2.permit2).not.toBeNull();
    expect(l1Cost(p2)).toBe(perByte * (bytes(p2.transaction as Tx) + 32n + 65n));
    // The Permit2 price (what a comparison reads) counts it too; a native sell signs nothing.
    expect((await svc.get('/swap/permit2/price', trade)).body.totalNetworkFee).toBe(p2.totalNetworkFee);
    const native = (await svc.get(P2, { ...trade, sellToken: token(8453, 'NATIVE'), sellAmount: '100000000000000000' })).body;
    expect(native.permit2).toBeNull();
    expect(l1Cost(native)).toBe(perByte * bytes(native.transaction as Tx));
  });

  it('names the settler that Allowance Holder exec calls at the same block: one settler per chain serves both models', async () => {
    const permit2To = ((await svc.get(P2, wethToUsdc({ taker }))).body.transaction as Tx).to;
    const exec = decodeFunctionData({ abi: SETTLER_ABI, data: ((await svc.get(AH, wethToUsdc({ taker }))).body.transaction as Tx).data });
    const [operator, , , target] = exec.args as [string, string, bigint, string, Hex];
    expect([operator.toLowerCase(), target.toLowerCase()]).toEqual([permit2To, permit2To]);
  });

  it('moves to a new settler address with a new deployment', async () => {
    let now = FIXED_NOW;
    const later = await startTestService({ now: () => now, seed: 3 });
    try {
      const first = ((await later.get(P2, wethToUsdc({ taker }))).body.transaction as Tx).to;
      now += 15 * 24 * 3600 * 1000;
      expect(((await later.get(P2, wethToUsdc({ taker }))).body.transaction as Tx).to).not.toBe(first);
    } finally {
      await later.stop();
    }
  });

  it('leaves the surplus to the service when a team not on the custom plan names a tradeSurplusRecipient', async () => {
    // Spec, tradeSurplusRecipient: "available only to selected integrators on a custom plan;
    // otherwise the service collects the surplus". The request is answered; nothing pays the recipient.
    const named = (await svc.get(P2, wethToUsdc({ taker, tradeSurplusRecipient: DEMO_TAKERS.fundedNoAllowance }))).body;
    const plain = (await svc.get(P2, wethToUsdc({ taker }))).body;
    expect(actionNames(decodeExecute((named.transaction as Tx).data).actions)).not.toContain('POSITIVE_SLIPPAGE');
    expect((named.transaction as Tx).gas).toBe((plain.transaction as Tx).gas);
    expect(named.buyAmount).toBe(plain.buyAmount);
  });

  it('pays an integrator fee taken in the sell token before the fills, as the answer took it, and wraps only what is left of a native sell', async () => {
    // The answer takes a sell-side fee off the sell amount before routing (fees.ts); the calldata
    // paid it after every fill had swapped the whole balance ('swap 100% USDC for WETH', then 'pay
    // 50 bps of USDC'), an order in which there is no USDC left to pay it from.
    const recipient = '0x00000000000000000000000000000000000000f1';
    const decoded = (body: Record<string, unknown>) => decodeExecute((body.transaction as Tx).data).actions.map((action) => decodeFunctionData({ abi: SETTLER_ABI, data: action }));
    const usdc = (await svc.get(P2, { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker, swapFeeRecipient: recipient, swapFeeBps: '50', swapFeeToken: token(1, 'USDC') })).body;
    expect(decoded(usdc).map((call) => call.functionName)).toEqual(['TRANSFER_FROM', 'FEE', 'FILL']);
    // Selling 1 ETH with a 50 bps fee in ETH: the fee, 0.005 ETH, is paid from the ETH the call
    // carries, and 1 - 0.005 = 0.995 ETH is wrapped and routed.
    const eth = (await svc.get(AH, { chainId: '1', sellToken: token(1, 'NATIVE'), buyToken: token(1, 'USDC'), sellAmount: '1000000000000000000', taker, swapFeeRecipient: recipient, swapFeeBps: '50', swapFeeToken: token(1, 'NATIVE') })).body;
    expect((eth.fees as { integratorFee: { amount: string } }).integratorFee.amount).toBe('5000000000000000');
    const calls = decoded(eth);
    expect(calls.map((call) => call.functionName)).toEqual(['NATIVE_CHECK', 'FEE', 'WRAP', 'FILL']);
    expect(calls[2]!.args![1]).toBe(1_000_000_000_000_000_000n - 5_000_000_000_000_000n);
    // A fee in the buy token is taken from what the fills bought: after them, as before.
    const buySide = (await svc.get(P2, { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker, swapFeeRecipient: recipient, swapFeeBps: '50', swapFeeToken: token(1, 'WETH') })).body;
    expect(decoded(buySide).map((call) => call.functionName)).toEqual(['TRANSFER_FROM', 'FILL', 'FEE']);
  });

  it('carries integrator fees, surplus and sell-entire-balance as actions', async () => {
    const custom = await startTestService({ now: () => FIXED_NOW, seed: 3, apiKeys: [{ key: 'k', team: 't', plan: 'custom' }] });
    try {
      const query = wethToUsdc({ taker, swapFeeRecipient: '0x00000000000000000000000000000000000000f1', swapFeeBps: '10', tradeSurplusRecipient: taker, sellEntireBalance: 'true' });
      const tx = (await custom.get(P2, query)).body.transaction as Tx;
      const names = actionNames(decodeExecute(tx.data).actions);
      expect(names).toEqual(expect.arrayContaining(['TRANSFER_FROM', 'SELL_ENTIRE_BALANCE', 'FILL', 'FEE', 'POSITIVE_SLIPPAGE']));
      // tradeSurplusMaxBps=0 (no minimum in the spec) is answered, the settler told to keep no surplus.
      const none = await custom.get(P2, wethToUsdc({ taker, tradeSurplusRecipient: taker, tradeSurplusMaxBps: '0' }));
      expect(none.status).toBe(200);
      const surplus = decodeExecute((none.body.transaction as Tx).data).actions.map((action) => decodeFunctionData({ abi: SETTLER_ABI, data: action })).find((call) => call.functionName === 'POSITIVE_SLIPPAGE');
      expect(surplus?.args?.[2]).toBe(0n);
    } finally {
      await custom.stop();
    }
  });
});
