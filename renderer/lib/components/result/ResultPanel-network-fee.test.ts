import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ResultPanel from './ResultPanel.svelte';
import fixtures from './result-fixtures.json' with { type: 'json' };
import { formatGwei, formatInteger, formatTokenAmount } from '../../../../src/domain/number-format.ts';
import { entry } from './result-test-entry.ts';

afterEach(cleanup);

describe('ResultPanel, gas, network fee and value', () => {
  it('reads a quote\'s gas and gasPrice from transaction, where v2 quotes carry them', () => {
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { gas: string; gasPrice: string } };
    expect(body).not.toHaveProperty('gas');
    render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    const gas = within(screen.getByRole('row', { name: /^Gas/ })).getByRole('cell').textContent;
    // The app's one formatter: gas with thousands separators, the price in gwei.
    expect(gas).toBe(`${formatInteger(body.transaction.gas)} at ${formatGwei(body.transaction.gasPrice)}`);
  });

  it('says what the network fee is made of: gas × gas price on Ethereum, plus the L1 data cost on Base', () => {
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { gas: string; gasPrice: string }; totalNetworkFee: string };
    const gasCost = BigInt(body.transaction.gas) * BigInt(body.transaction.gasPrice);
    expect(BigInt(body.totalNetworkFee)).toBe(gasCost);
    const feeCell = () => within(screen.getByRole('row', { name: /^Network fee/ })).getByRole('cell').textContent;
    const { unmount } = render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    expect(feeCell()).toBe(`${formatTokenAmount(body.totalNetworkFee, 18)} ETH= gas × gas price`);
    unmount();
    // The same answer as a Base request would carry it: the total is larger by the L1 data cost.
    const l1 = 1_647_844_325_500n;
    const onBase = { ...entry({ ...body, totalNetworkFee: String(gasCost + l1) }, 200), chainId: 8453 };
    render(ResultPanel, { result: { entry: onBase, stored: true, warning: null } });
    expect(feeCell()).toBe(`${formatTokenAmount(String(gasCost + l1), 18)} ETH= gas × gas price ${formatTokenAmount(String(gasCost), 18)} ETH + L1 data cost ${formatTokenAmount(String(l1), 18)} ETH`);
  });

  it('writes a network fee on Tempo, which has no native token, in wei with why no token is named, not as "native"', () => {
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { gas: string; gasPrice: string }; totalNetworkFee: string };
    const onTempo = { ...entry(body, 200), chainId: 4217 };
    render(ResultPanel, { result: { entry: onTempo, stored: true, warning: null } });
    const cell = within(screen.getByRole('row', { name: /^Network fee/ })).getByRole('cell').textContent;
    expect(cell).toBe(`${formatInteger(body.totalNetworkFee)} wei= gas × gas priceno native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in`);
  });

  it('writes a Tempo quote\'s transaction value in wei with why no token is named, not as "native", a token Tempo has not', () => {
    // The local service trades no token on Tempo: its Ethereum quote's body, as a Tempo request would carry it.
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { value: string } };
    const value = () => within(screen.getByRole('table', { name: 'Transaction' })).getByRole('row', { name: /^value/ }).querySelector('td')!.textContent;
    const { unmount } = render(ResultPanel, { result: { entry: { ...entry(body, 200), chainId: 4217 }, stored: true, warning: null } });
    expect(value()).toBe(`${formatInteger(body.transaction.value)} weino native token on this chain: the service gives the value the call carries in wei and names no token it is in`);
    unmount();
    // On a chain with a native token the value reads in it, with nothing beside it.
    render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    expect(value()).toBe(`${formatTokenAmount(body.transaction.value, 18)} ETH`);
  });

  it('writes the network fee and transaction value of an entry whose chain is not known in wei, saying why no token is named, not as "native"', () => {
    const body = fixtures.permit2Quote as Record<string, unknown> & { totalNetworkFee: string; transaction: { value: string } };
    const fee = () => within(screen.getByRole('row', { name: /^Network fee/ })).getByRole('cell').textContent;
    const value = () => within(screen.getByRole('table', { name: 'Transaction' })).getByRole('row', { name: /^value/ }).querySelector('td')!.textContent;
    // No chain recorded (an imported entry, a request that failed before its chain was checked), and a chain the facts do not know.
    for (const chainId of [null, 999_999]) {
      const { unmount } = render(ResultPanel, { result: { entry: { ...entry(body, 200), chainId }, stored: true, warning: null } });
      expect(fee()).toBe(`${formatInteger(body.totalNetworkFee)} wei= gas × gas pricechain not known: the service gives the fee as gas × gas price in wei, and with no chain no token can be named for it`);
      expect(value()).toBe(`${formatInteger(body.transaction.value)} weichain not known: the service gives the value the call carries in wei, and with no chain no token can be named for it`);
      unmount();
    }
  });
});
