import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LadderRowWire } from '../../../../src/ipc/channels/ladder.ts';
import LadderTable from './LadderTable.svelte';
import { okSide, row } from '../test-rows.ts';

afterEach(cleanup);

describe('LadderTable', () => {
  it('reads both models\' nets apart when they differ beyond 10 significant digits, with a signed bps', () => {
    // 1 WETH bought either way; network fees 50 wei apart: nets 0.99999900000000005 and 0.99999900000000000,
    // which read alike to 10 significant digits.
    const gross = 10n ** 18n;
    const side = (model: 'allowance-holder' | 'permit2', fee: bigint, entryId: number) => ({
      ...okSide(model, gross, entryId), totalNetworkFee: fee.toString(), networkFeeInBuyToken: fee.toString(), netBuyAmount: (gross - fee).toString(),
    });
    const base = row(8453, 'Base', side('allowance-holder', 999_999_999_950n, 1), side('permit2', 1_000_000_000_000n, 2), 0, 'allowance-holder');
    const rows: LadderRowWire[] = [{ ...base, amount: '1000', amountIndex: 0 }];
    render(LadderTable, { rows, onOpenEntry: vi.fn() });
    const cellsOf = () => [...screen.getByRole('row', { name: /^Base/ }).querySelectorAll('td')];
    const cells = cellsOf().map((cell) => cell.firstChild!.textContent!.trim());
    // The verdict first, beside the chain, names Allowance Holder; the net buy of each model (third
    // cell of each group of three after it) reads apart.
    expect(cells[0]).toBe('-<0.0001');
    expect(cells[1]).toBe('Allowance Holder');
    expect(cells[4]).toBe('0.99999900000000005');
    expect(cells[7]).toBe('0.99999900000000000');
    // Under each net, what the chart plots: that net per unit sold (1,000 USDC; 0.05 wei apart, below a base unit).
    expect([cellsOf()[4]!, cellsOf()[7]!].map((cell) => cell.querySelector('.per-unit')!.textContent)).toEqual(['0.0009999990000', '0.0009999990000']);
  });

  it('says under a side\'s buy which issues its answer reported, and nothing under a side that reported none', () => {
    const base = row(1, 'Ethereum', { ...okSide('allowance-holder', 10n ** 18n, 1), issues: ['balance', 'simulation-incomplete'] }, { ...okSide('permit2', 10n ** 18n, 2), issues: [] }, 0, 'tie');
    render(LadderTable, { rows: [{ ...base, amount: '1000', amountIndex: 0 }], onOpenEntry: vi.fn() });
    const [, , , , , , p2] = [...screen.getByRole('row', { name: /^Ethereum/ }).querySelectorAll('td')];
    expect(screen.getByRole('list', { name: 'Allowance Holder issues at 1,000 USDC on Ethereum' }).textContent).toMatch(/^\s*balance too low\s*simulation incomplete\s*$/);
    expect(p2!.querySelector('.issues')).toBeNull();
  });

  it('marks a size whose two answers priced at different blocks, naming both, and not one priced at the same block', () => {
    const at = (chainId: number, name: string, ah: string, p2: string, amountIndex: number): LadderRowWire => ({
      ...row(chainId, name, { ...okSide('allowance-holder', 10n ** 18n, 1), blockNumber: ah }, { ...okSide('permit2', 10n ** 18n, 2), blockNumber: p2 }, 0, 'tie'),
      amount: '1000', amountIndex,
    });
    render(LadderTable, { rows: [at(42161, 'Arbitrum', '530045684', '530045685', 0), at(1, 'Ethereum', '23234885', '23234885', 1)], onOpenEntry: vi.fn() });
    const marked = screen.getByRole('row', { name: /^Arbitrum/ }).querySelector('[title^="The answers priced at different blocks"]');
    // The explanation is the hover title and, without a pointer, read out with the mark.
    expect(marked?.querySelector('[aria-hidden="true"]')?.textContent).toBe('priced at 2 blocks');
    expect(marked?.querySelector('.visually-hidden')?.textContent).toBe(`priced at 2 blocks: ${marked?.getAttribute('title')}`);
    expect(marked?.getAttribute('title')).toContain('Allowance Holder 530,045,684, Permit2 530,045,685');
    expect(screen.getByRole('row', { name: /^Ethereum/ }).textContent).not.toContain('2 blocks');
    // Its verdict says so too, as Compare's does.
    const verdict = screen.getByRole('row', { name: /^Arbitrum/ }).querySelector('td.better-col')!;
    expect([verdict.firstChild!.textContent, verdict.querySelector('.sub')!.textContent]).toEqual(['Tie', 'at 2 blocks']);
    expect(screen.getByRole('row', { name: /^Ethereum/ }).querySelector('td.better-col')!.textContent!.trim()).toBe('Tie');
  });
});

describe('LadderTable, a size the cheaper network fee decides', () => {
  it('says under the verdict that the lower network fee decided it, since both nets (and the 0.00 beside it) read the same', () => {
    // Equal buys; fees 0.35 and 0.455 satoshi of WBTC, both cut to 0: equal nets, Permit2's fee the lower.
    const gross = 10n ** 8n;
    const side = (model: 'allowance-holder' | 'permit2', fee: bigint, entryId: number) => ({
      ...okSide(model, gross, entryId), totalNetworkFee: fee.toString(), networkFeeInBuyToken: '0', netBuyAmount: gross.toString(),
    });
    const decided = row(42161, 'Arbitrum', side('allowance-holder', 130_000_000_000n, 1), side('permit2', 100_000_000_000n, 2), 0, 'permit2');
    const even = row(1, 'Ethereum', side('allowance-holder', 100_000_000_000n, 3), side('permit2', 100_000_000_000n, 4), 0, 'tie');
    render(LadderTable, { rows: [{ ...decided, amount: '1000', amountIndex: 0 }, { ...even, amount: '1000', amountIndex: 1 }], onOpenEntry: vi.fn() });
    const verdict = screen.getByRole('row', { name: /^Arbitrum/ }).querySelector('td.better-col')!;
    expect(verdict.firstChild!.textContent).toBe('Permit2');
    const note = verdict.querySelector('.sub')!;
    expect(note.querySelector('[aria-hidden="true"]')!.textContent).toBe('lower network fee');
    expect(note.querySelector('[title]')!.getAttribute('title')).toContain('under one base unit');
    // A tie of equal fees has no such note.
    expect(screen.getByRole('row', { name: /^Ethereum/ }).querySelector('td.better-col')!.textContent!.trim()).toBe('Tie');
  });
});

describe('LadderTable with an override on one chain', () => {
  it('names each chain\'s size in the sell token that chain sold, not the first chain\'s', () => {
    const dai = { address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', symbol: 'DAI', decimals: 18, isOverride: true };
    const ethereum = row(1, 'Ethereum', okSide('allowance-holder', 10n ** 18n, 1), okSide('permit2', 10n ** 18n, 2), 0, 'tie');
    const base = { ...row(8453, 'Base', okSide('allowance-holder', 10n ** 18n, 3), okSide('permit2', 10n ** 18n, 4), 0, 'tie'), sellToken: dai, sellAmount: (1000n * 10n ** 18n).toString() };
    render(LadderTable, { rows: [{ ...ethereum, amount: '1000', amountIndex: 0 }, { ...base, amount: '1000', amountIndex: 0 }], onOpenEntry: vi.fn() });
    const subOf = (name: RegExp) => screen.getByRole('row', { name }).querySelector('th .sub')!.textContent;
    expect(subOf(/^Ethereum/)).toBe('1,000 USDC → WETH');
    expect(subOf(/^Base/)).toBe('1,000 DAI → WETH');
    expect(screen.getByRole('button', { name: 'Open the Permit2 request for Base at 1,000 DAI in history' })).toBeTruthy();
  });
});

describe('LadderTable with a size of many decimals', () => {
  it('names the size as it was priced, every digit, not as a float reads it back', () => {
    const weth = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 };
    const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 };
    const base = row(1, 'Ethereum', okSide('allowance-holder', 10n ** 18n, 1), okSide('permit2', 10n ** 18n, 2), 0, 'tie');
    const sold = { ...base, sellToken: weth, buyToken: usdc, sellAmount: '1000000000000000000000001' };
    render(LadderTable, { rows: [{ ...sold, amount: '1000000.000000000000000001', amountIndex: 0 }], onOpenEntry: vi.fn() });
    // A float reads it back as 1,000,000: the size of another trade.
    expect(screen.getByRole('row', { name: /^Ethereum/ }).querySelector('th .sub')!.textContent).toBe('1,000,000.000000000000000001 WETH → USDC');
  });
});

describe('LadderTable while a chain\'s rate is still asked', () => {
  it('says the fee rate is pending under a net not yet priced, not that the fee could not be priced', () => {
    const waiting = (model: 'allowance-holder' | 'permit2', entryId: number) => ({ ...okSide(model, 10n ** 18n, entryId), networkFeeInBuyToken: null, netBuyAmount: null });
    const base = { ...row(1, 'Ethereum', waiting('allowance-holder', 1), waiting('permit2', 2), 0, null), networkFeeRate: null, feeNotPriced: null };
    render(LadderTable, { rows: [{ ...base, amount: '1000', amountIndex: 0 }], onOpenEntry: vi.fn() });
    const text = screen.getByRole('row', { name: /^Ethereum/ }).textContent!;
    expect(text).not.toContain('fee not priced');
    expect(text).toContain('fee rate pending');
  });
});
