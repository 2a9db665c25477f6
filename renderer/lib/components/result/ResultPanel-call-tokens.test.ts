import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import ResultPanel from './ResultPanel.svelte';
import fixtures from './result-fixtures.json' with { type: 'json' };
import { formatTokenAmount } from '../../../../src/domain/number-format.ts';
import { SETTLER_ABI } from '../../../../src/domain/settler-abi.ts';
import { entry } from './result-test-entry.ts';

afterEach(cleanup);

// The calldata with its settler minimum made of `buyToken` (its digits unchanged), as another
// answer's calldata would be; through Allowance Holder the forwarded execute is the one changed.
function withMinimumOf(data: string, buyToken: string): Hex {
  const call = decodeFunctionData({ abi: SETTLER_ABI, data: data as Hex });
  if (call.functionName === 'exec') return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [call.args[0], call.args[1], call.args[2], call.args[3], withMinimumOf(call.args[4], buyToken)] });
  if (call.functionName !== 'execute') throw new Error(call.functionName);
  return encodeFunctionData({ abi: SETTLER_ABI, functionName: 'execute', args: [{ ...call.args[0], buyToken: buyToken as Hex }, call.args[1], call.args[2]] });
}

// The settler's minimum was read in the answer's buyToken whatever token the calldata's slippage
// check names, and compared by its digits alone: another answer's minimum of USDC read as a figure
// of WETH, and "Enforces the answer's minBuyAmount" in green when the digits were the same.
describe("ResultPanel, a settler minimum of another token than the answer's buyToken", () => {
  it('reads it in its own token and does not say it enforces the minBuyAmount (exact in)', () => {
    const body = fixtures.permit2Quote;
    const data = withMinimumOf(body.transaction.data, body.sellToken);
    render(ResultPanel, { result: { entry: entry({ ...body, transaction: { ...body.transaction, data } }, 200), stored: true, warning: null } });
    const inUsdc = `${formatTokenAmount(body.minBuyAmount, 6)} USDC`;
    expect(screen.getByLabelText('Decoded minBuyAmount').textContent).toBe(inUsdc);
    const minimum = [...screen.getByRole('list', { name: 'Calldata against the answer' }).querySelectorAll('li')][0]!;
    expect(minimum.className).toContain('bad');
    expect(minimum.textContent).toBe(`Does NOT enforce the answer's minBuyAmount: the calldata's minimum is ${inUsdc}, of another token than the answer's buyToken; the answer's ${formatTokenAmount(body.minBuyAmount, 18)} WETH`);
  });

  it('reads it in its own token and does not call it a guarantee of the buyAmount (exact out)', () => {
    const body = fixtures.allowanceHolderExactOutQuote;
    const data = withMinimumOf(body.transaction.data, body.sellToken);
    render(ResultPanel, { result: { entry: entry({ ...body, transaction: { ...body.transaction, data } }, 200, null, 'allowance-holder.quote'), stored: true, warning: null } });
    const [minimum] = within(screen.getByRole('list', { name: 'Exact-out bounds' })).getAllByRole('listitem');
    expect(minimum!.className).toContain('bad');
    expect(minimum!.textContent).toBe(`Does NOT guarantee the buy amount: minAmountOut ${formatTokenAmount(body.buyAmount, 18)} WETH, of another token than the answer's buyToken, vs buyAmount 1 USDC`);
    const row = within(screen.getByRole('table', { name: 'Calldata arguments' })).getAllByRole('row').find((candidate) => candidate.querySelector('td')?.firstChild?.textContent === 'slippage.minAmountOut');
    expect(row!.querySelector('td:last-child .gloss:last-child')?.textContent).toBe(`at least ${formatTokenAmount(body.buyAmount, 18)} WETH`);
  });
});

// What exec lets be pulled was read in the answer's sellToken whatever token exec names, and
// checked against maxSellAmount by its digits: a grant of USDC read "Spends at most maxSellAmount"
// in green, its amount as WETH.
describe("ResultPanel, an Allowance Holder grant of another token than the answer's sellToken", () => {
  it('reads it in its own token and does not say it spends at most maxSellAmount', () => {
    const body = fixtures.allowanceHolderExactOutQuote;
    const call = decodeFunctionData({ abi: SETTLER_ABI, data: body.transaction.data as Hex });
    if (call.functionName !== 'exec') throw new Error(call.functionName);
    const data = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [call.args[0], body.buyToken as Hex, call.args[2], call.args[3], call.args[4]] });
    render(ResultPanel, { result: { entry: entry({ ...body, transaction: { ...body.transaction, data } }, 200, null, 'allowance-holder.quote'), stored: true, warning: null } });
    const [, spend] = within(screen.getByRole('list', { name: 'Exact-out bounds' })).getAllByRole('listitem');
    expect(spend!.className).toContain('bad');
    expect(spend!.textContent).toMatch(/^Does NOT spend within maxSellAmount: pulls [\d,.]+ USDC, of another token than the answer's sellToken, vs 0\.000321079 WETH$/);
    const row = within(screen.getByRole('table', { name: 'Calldata arguments' })).getAllByRole('row').find((candidate) => candidate.querySelector('td')?.firstChild?.textContent === 'exec.amount');
    expect(row!.querySelector('td:last-child .gloss:last-child')?.textContent).toMatch(/^up to [\d,.]+ USDC$/);
  });
});
