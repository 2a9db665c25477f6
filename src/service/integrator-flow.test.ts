import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat, decodeFunctionData, numberToHex, recoverTypedDataAddress, size, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SETTLER_ABI } from '../domain/settler-abi.ts';
import { PERMIT2_ADDRESS, chainById } from '../domain/chains.ts';
import { ENDPOINTS, schemaReport, type Eip712 } from '../spec/index.ts';
import { FIXED_NOW, token } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

/**
 * The contract test of the integrator flow the real service documents, walked against the local
 * service over HTTPS: price -> issues.allowance -> quote -> sign permit2.eip712 with a local
 * account -> append the signature length (a 32-byte big-endian word) and the signature to
 * transaction.data -> decode the result against the Allowance Holder `exec` and the settler ABI.
 */

// A fixed, well-known test key: the account exists only in this test.
const account = privateKeyToAccount(`0x${'4c'.repeat(32)}`);
const taker = account.address.toLowerCase();
const RECIPIENT = '0x00000000000000000000000000000000000abc01';
type Execute = { slippage: { recipient: string; buyToken: string; minAmountOut: bigint }; actions: readonly Hex[] };

let svc: TestService;
beforeAll(async () => {
  // With seed 4 this account holds enough USDC and WETH but has approved neither spender, so the
  // flow meets an allowance issue on both models, as an integrator's first trade does.
  svc = await startTestService({ now: () => FIXED_NOW, seed: 4 });
});
afterAll(() => svc.stop());

function decodeExecute(data: Hex): Execute {
  const call = decodeFunctionData({ abi: SETTLER_ABI, data });
  expect(call.functionName).toBe('execute');
  const [slippage, actions] = call.args as unknown as [Execute['slippage'], Hex[]];
  return { slippage, actions };
}

// viem signs with bigint integers and without the EIP712Domain entry in types.
function forViem(eip712: Eip712) {
  const { EIP712Domain: _domain, ...types } = eip712.types;
  const message = eip712.message as { permitted: { token: Hex; amount: string }; spender: Hex; nonce: string; deadline: string };
  return {
    domain: { name: eip712.domain.name, chainId: eip712.domain.chainId, verifyingContract: eip712.domain.verifyingContract as Hex },
    types: types as Record<string, { name: string; type: string }[]>,
    primaryType: eip712.primaryType,
    message: { permitted: { token: message.permitted.token, amount: BigInt(message.permitted.amount) }, spender: message.spender, nonce: BigInt(message.nonce), deadline: BigInt(message.deadline) },
  };
}

describe('integrator flow, Permit2 (exact in)', () => {
  it('prices, reads the allowance issue, quotes, signs the permit, appends length + signature and decodes what will be sent', async () => {
    const trade = { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '2500000000', taker, recipient: RECIPIENT };
    const price = (await svc.get('/swap/permit2/price', trade)).body;
    expect(schemaReport(ENDPOINTS['permit2.price'].response, price)).toEqual([]);
    // The allowance to set is on Permit2, never on the settler (allowance rules 1 and 3).
    const issues = price.issues as { allowance: { spender: string; actual: string } | null; balance: unknown };
    expect(issues.allowance).toEqual({ spender: PERMIT2_ADDRESS.toLowerCase(), actual: '0' });
    expect(issues.balance).toBeNull();
    expect(price.allowanceTarget).toBe(PERMIT2_ADDRESS.toLowerCase());

    const quote = (await svc.get('/swap/permit2/quote', trade)).body;
    expect(schemaReport(ENDPOINTS['permit2.quote'].response, quote)).toEqual([]);
    const tx = quote.transaction as { to: string; data: Hex };
    const permit2 = quote.permit2 as { eip712: Eip712 };
    const typed = forViem(permit2.eip712);
    expect(typed.message.spender).toBe(tx.to);
    const signature = await account.signTypedData(typed as Parameters<typeof account.signTypedData>[0]);
    expect((await recoverTypedDataAddress({ ...typed, signature } as Parameters<typeof recoverTypedDataAddress>[0])).toLowerCase()).toBe(taker);

    const signed = concat([tx.data, numberToHex(size(signature), { size: 32 }), signature]);
    expect(size(signed)).toBe(size(tx.data) + 32 + 65);
    const execute = decodeExecute(signed);
    expect(execute.slippage.recipient.toLowerCase()).toBe(RECIPIENT);
    expect(execute.slippage.buyToken.toLowerCase()).toBe(quote.buyToken);
    expect(execute.slippage.minAmountOut.toString()).toBe(quote.minBuyAmount);
    const transfer = decodeFunctionData({ abi: SETTLER_ABI, data: execute.actions[0]! });
    expect(transfer.functionName).toBe('TRANSFER_FROM');
    const [, permit] = transfer.args as unknown as [string, { permitted: { token: string; amount: bigint }; nonce: bigint; deadline: bigint }];
    expect({ token: permit.permitted.token.toLowerCase(), amount: permit.permitted.amount.toString() }).toEqual({ token: quote.sellToken, amount: quote.sellAmount });
    expect(permit.nonce).toBe(typed.message.nonce);
    expect(permit.deadline).toBe(typed.message.deadline);
    // The appended tail is what Permit2 will read: the signature length, then the signature.
    const tail = signed.slice(tx.data.length);
    expect(BigInt(`0x${tail.slice(0, 64)}`)).toBe(65n);
    expect(`0x${tail.slice(64)}`).toBe(signature);
  });
});

describe('integrator flow, Allowance Holder (exact out)', () => {
  it('prices an exact buy, approves the Allowance Holder, quotes and decodes exec: at most maxSellAmount in, at least buyAmount out', async () => {
    const trade = { chainId: '1', sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC'), buyAmount: '1500000000', taker, recipient: RECIPIENT };
    const price = (await svc.get('/swap/allowance-holder/price', trade)).body;
    expect(schemaReport(ENDPOINTS['allowance-holder.price'].response, price)).toEqual([]);
    expect(price.mode).toBe('exact-out');
    const issues = price.issues as { allowance: { spender: string; actual: string } | null; balance: unknown };
    const allowanceHolder = chainById(1)!.allowanceHolder.toLowerCase();
    expect(issues.allowance).toEqual({ spender: allowanceHolder, actual: '0' });
    expect(price.allowanceTarget).toBe(allowanceHolder);
    expect(issues.balance).toBeNull();

    const quote = (await svc.get('/swap/allowance-holder/quote', trade)).body;
    expect(schemaReport(ENDPOINTS['allowance-holder.quote'].response, quote)).toEqual([]);
    const tx = quote.transaction as { to: string; data: Hex };
    // Allowance Holder: the allowance contract and transaction.to are one contract (rule 2).
    expect(tx.to).toBe(allowanceHolder);
    expect(quote.allowanceTarget).toBe(allowanceHolder);
    const exec = decodeFunctionData({ abi: SETTLER_ABI, data: tx.data });
    expect(exec.functionName).toBe('exec');
    const [operator, sellToken, amount, target, inner] = exec.args as [string, string, bigint, string, Hex];
    expect(target).toBe(operator);
    expect(sellToken.toLowerCase()).toBe(quote.sellToken);
    expect(amount.toString()).toBe(quote.maxSellAmount);
    expect(amount).toBeGreaterThanOrEqual(BigInt(quote.estimatedNetSellAmount as string));
    const execute = decodeExecute(inner);
    expect(execute.slippage.recipient.toLowerCase()).toBe(RECIPIENT);
    expect(execute.slippage.buyToken.toLowerCase()).toBe(quote.buyToken);
    expect(execute.slippage.minAmountOut).toBeGreaterThanOrEqual(BigInt(trade.buyAmount));
    expect(quote.buyAmount).toBe(trade.buyAmount);
  });
});
