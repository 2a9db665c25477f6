import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CompareTable from './CompareTable.svelte';
import { sortNote, sortRows } from './table-model.ts';
import { okSide, row, threeRows } from './test-rows.ts';
import type { ModelSideWire } from '../../../src/ipc/channels/compare.ts';
import { sourcesOf } from './route-colors.ts';

afterEach(cleanup);

function bodyRows(): HTMLElement[] {
  return within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
}

function chainOrder(): string[] {
  return bodyRows().map((line) => within(line).getByRole('rowheader').firstChild!.textContent!.trim());
}

/** A row's flags: each label, its hover title, and the text a screen reader reads for it. */
function flagsOf(line: HTMLElement): { label: string; title: string | null; read: string }[] {
  return [...line.querySelectorAll<HTMLElement>('.flag')].map((flag) => ({
    label: flag.querySelector('[aria-hidden="true"]')!.textContent!,
    title: flag.getAttribute('title'),
    read: flag.querySelector('.visually-hidden')!.textContent!,
  }));
}

/** The accessible description of a row's Details button: its aria-describedby's text, less what is aria-hidden. */
function detailsDescription(line: HTMLElement): string | null {
  const ids = within(line).getByRole('button', { name: /^Details for / }).getAttribute('aria-describedby');
  if (ids === null) return null;
  return ids.split(' ').map((id) => {
    const read = document.getElementById(id)!.cloneNode(true) as HTMLElement;
    for (const hidden of read.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return read.textContent;
  }).join(' ');
}

function props(overrides: Record<string, unknown> = {}) {
  return { rows: threeRows(), sortColumn: 'chain' as const, sortDirection: 'ascending' as const, sources: ['Uniswap_V3'], selectedChainId: null, onSort: vi.fn(), onOpenEntry: vi.fn(), onDetail: vi.fn(), ...overrides };
}

describe('sortRows', () => {
  it('sorts by diff both ways and keeps rows without a diff last', () => {
    expect(sortRows(threeRows(), 'diff', 'ascending').map((row) => row.chainId)).toEqual([8453, 1, 42161]);
    expect(sortRows(threeRows(), 'diff', 'descending').map((row) => row.chainId)).toEqual([1, 8453, 42161]);
  });

  it('sorts buy amounts in human units across tokens with different decimals', () => {
    const rows = threeRows();
    rows[1] = { ...rows[1]!, buyToken: { ...rows[1]!.buyToken, decimals: 6 }, allowanceHolder: { ...rows[1]!.allowanceHolder, buyAmount: '500000000' } };
    // 500 (6 decimals) is larger than 0.353 (18 decimals): compared as human amounts, not base units.
    expect(sortRows(rows, 'ahBuy', 'descending').map((row) => row.chainId)).toEqual([8453, 1, 42161]);
  });

  it('sorts network fees of different native tokens by their value in the buy token, never as plain numbers', () => {
    // Ethereum pays 0.0009 ETH (0.0009 WETH); Polygon 0.01 POL, which its rate makes 0.0000025 WETH:
    // the larger number is the smaller fee. Gnosis's 0.002 xDAI has no rate.
    const [ethereum, base] = threeRows();
    const fee = (side: ModelSideWire, total: bigint, inBuy: bigint | null): ModelSideWire => ({ ...side, totalNetworkFee: total.toString(), networkFeeInBuyToken: inBuy?.toString() ?? null });
    const polygon = { ...base!, chainId: 137, chainName: 'Polygon', nativeSymbol: 'POL', allowanceHolder: fee(base!.allowanceHolder, 10n ** 16n, 2_500_000_000_000n) };
    const gnosis = { ...base!, chainId: 100, chainName: 'Gnosis', nativeSymbol: 'xDAI', networkFeeRate: null, allowanceHolder: fee(base!.allowanceHolder, 2n * 10n ** 15n, null) };
    const rows = [{ ...ethereum!, allowanceHolder: fee(ethereum!.allowanceHolder, 9n * 10n ** 14n, 9n * 10n ** 14n) }, polygon, gnosis];
    expect(sortRows(rows, 'ahFee', 'ascending').map((item) => item.chainName)).toEqual(['Polygon', 'Ethereum', 'Gnosis']);
    expect(sortRows(rows, 'ahFee', 'descending').map((item) => item.chainName)).toEqual(['Ethereum', 'Polygon', 'Gnosis']);
    expect(sortNote(sortRows(rows, 'ahFee', 'ascending'), 'ahFee')).toBe('Network fees sort by their value in WETH (the ≈ line); fees no rate converted follow, each only against fees in the same native token (xDAI).');
  });

  it('writes a network fee on Tempo, which has no native token, as wei and says no token is named, never a bare number', () => {
    const [, base] = threeRows();
    const unpriced = (side: ModelSideWire): ModelSideWire => ({ ...side, totalNetworkFee: '412500000000', networkFeeInBuyToken: null, netBuyAmount: null });
    const tempo = { ...base!, chainId: 4217, chainName: 'Tempo', nativeSymbol: null, networkFeeRate: null, allowanceHolder: unpriced(base!.allowanceHolder), permit2: unpriced(base!.permit2) };
    render(CompareTable, props({ rows: [tempo], visibleColumns: ['ahFee', 'p2Fee'] }));
    const fees = [...bodyRows()[0]!.querySelectorAll<HTMLElement>('td.fee')];
    expect(fees).toHaveLength(2);
    for (const cell of fees) {
      expect(cell.firstChild!.textContent!.trim()).toBe('412,500,000,000 wei');
      expect(within(cell).getByTitle(/^no native token on this chain: the service gives the fee as gas × gas price in wei/).textContent).toBe('token not named by the service');
    }
    // Wei is no native token: the note says wei, not "the same native token (wei)".
    expect(sortNote(sortRows([tempo], 'ahFee', 'ascending'), 'ahFee')).toBe('Network fees sort by their amount in wei, each only against fees in the same unit (wei, where a chain has no native token).');
    const ethereum = { ...base!, chainId: 1, chainName: 'Ethereum', networkFeeRate: null, allowanceHolder: unpriced(base!.allowanceHolder), permit2: unpriced(base!.permit2) };
    expect(sortNote(sortRows([ethereum, tempo], 'ahFee', 'ascending'), 'ahFee')).toBe('Network fees sort by their native amount or wei, each only against fees in the same unit (ETH, then wei, where a chain has no native token).');
  });

  it('keeps rows buying different tokens apart when sorting by buy amount', () => {
    const [ethereum, base] = threeRows();
    // An override buys 81 TAXD on Base: more units, not more than Ethereum's 0.353 WETH.
    const taxd = { ...base!, buyToken: { ...base!.buyToken, symbol: 'TAXD', isOverride: true }, allowanceHolder: { ...base!.allowanceHolder, buyAmount: (81n * 10n ** 18n).toString() } };
    const rows = [ethereum!, taxd];
    expect(sortRows(rows, 'ahBuy', 'descending').map((item) => item.buyToken.symbol)).toEqual(['TAXD', 'WETH']);
    expect(sortRows(rows, 'ahBuy', 'ascending').map((item) => item.buyToken.symbol)).toEqual(['TAXD', 'WETH']);
    expect(sortNote(sortRows(rows, 'ahBuy', 'ascending'), 'ahBuy')).toBe('Rows buying different tokens are not ordered against each other: sorted within TAXD, then WETH.');
  });
});

describe('CompareTable', () => {
  it('shows the net difference a verdict stands on even below 0.005 bps, never 0.00 beside it', () => {
    const tiny = { ...row(10, 'Optimism', okSide('allowance-holder', 362_435_000_000_000_000n, 1), okSide('permit2', 362_435_000_000_000_000n, 2), 0, 'allowance-holder'), netDiffBps: -0.0021 };
    render(CompareTable, props({ rows: [tiny] }));
    const [line] = bodyRows();
    expect(line!.querySelector('td.diff')!.textContent).toBe('0.00');
    expect(line!.querySelector('td.net-diff')!.textContent).toBe('-0.0021');
    expect(within(line!).getByText('Allowance Holder')).toBeTruthy();
  });

  it('reads two buys or two nets of a row apart when they differ, both models\' columns to one precision', () => {
    // 0.3197804 vs 0.3197801 WETH: at the column's 6 significant digits both read 0.319780.
    const close = row(8453, 'Base', okSide('allowance-holder', 319_780_400_000_000_000n, 1), okSide('permit2', 319_780_100_000_000_000n, 2), -0.0094, 'allowance-holder');
    const other = row(1, 'Ethereum', okSide('allowance-holder', 353_000_000_000_000_000n, 3), okSide('permit2', 353_300_000_000_000_000n, 4), 8.5, 'permit2');
    render(CompareTable, props({ rows: [close, other], visibleColumns: ['ahNet', 'p2Net'] }));
    const [base, eth] = bodyRows();
    const cells = (line: HTMLElement) => [...line.querySelectorAll('td')].map((cell) => cell.textContent!.trim());
    expect(cells(base!)).toEqual(expect.arrayContaining([expect.stringMatching(/^0\.3197804/), expect.stringMatching(/^0\.3197801/), '0.3197794', '0.3197791']));
    // The other row takes the same precision, so each column stays aligned on the decimal point.
    expect(cells(eth!)).toEqual(expect.arrayContaining(['0.3529990', '0.3532990']));
  });

  it('flags a row whose answers reported issues, saying which side reported what, and no other row', () => {
    const [eth, base] = threeRows();
    const flagged = { ...eth!, allowanceHolder: { ...eth!.allowanceHolder, issues: ['allowance' as const] }, permit2: { ...eth!.permit2, issues: ['allowance' as const, 'balance' as const] } };
    const clean = { ...base!, allowanceHolder: { ...base!.allowanceHolder, issues: [] } };
    render(CompareTable, props({ rows: [flagged, clean] }));
    const [first, second] = bodyRows();
    const explanation = 'Issues the service reported for the taker: Allowance Holder: allowance needed; Permit2: allowance needed, balance too low (see the detail)';
    // The explanation is the hover title and, for a keyboard or a screen reader, read with the flag
    // and as the Details button's description.
    expect(flagsOf(first!)).toEqual([{ label: 'issues', title: explanation, read: `issues: ${explanation}` }]);
    expect(detailsDescription(first!)).toBe(`issues: ${explanation}`);
    expect(flagsOf(second!)).toEqual([]);
    expect(detailsDescription(second!)).toBeNull();
  });

  it('flags a row whose two answers priced at different blocks, naming both, and not one priced at the same block', () => {
    const [eth, base, arbitrum] = threeRows();
    const at = (row: typeof eth, ah: string | null, p2: string | null) => ({ ...row!, allowanceHolder: { ...row!.allowanceHolder, blockNumber: ah }, permit2: { ...row!.permit2, blockNumber: p2 } });
    render(CompareTable, props({ rows: [at(eth, '23234885', '23234886'), at(base, '34790000', '34790000'), at(arbitrum, '372400000', null)] }));
    const [first, second, third] = bodyRows();
    const [flag] = flagsOf(first!);
    expect(flag).toMatchObject({ label: '2 blocks', title: expect.stringMatching(/^The answers priced at different blocks \(Allowance Holder 23,234,885, Permit2 23,234,886\)/) });
    expect(detailsDescription(first!)).toBe(`2 blocks: ${flag!.title}`);
    expect(flagsOf(second!)).toEqual([]);
    // One side without an answer: nothing to compare blocks of.
    expect(flagsOf(third!)).toEqual([]);
    // The verdict says so where it is given: it compares the blocks as well as the models.
    expect(first!.querySelector('td.verdict')!.textContent).toMatch(/^\s*Permit2\s*net of network fee\s*at 2 blocks\s*$/);
    expect(second!.querySelector('td.verdict')!.textContent).not.toContain('2 blocks');
  });

  it('flags a taxed token and an address override, in that order, each read with its explanation', () => {
    const [eth] = threeRows();
    const taxd = { address: '0x00000000000000000000000000000000000074a1', symbol: 'TAXD', decimals: 18, isOverride: true };
    render(CompareTable, props({ rows: [{ ...eth!, hasTax: true, buyToken: taxd }] }));
    const [line] = bodyRows();
    const flags = flagsOf(line!);
    expect(flags.map((flag) => flag.label)).toEqual(['tax', 'USDC → TAXD']);
    expect(flags[1]!.title).toBe(`Address override: USDC ${eth!.sellToken.address} → TAXD ${taxd.address}`);
    // Read out one after the other, apart.
    expect(detailsDescription(line!)).toBe(flags.map((flag) => `${flag.label}: ${flag.title}`).join('; '));
    expect(flags.map((flag) => flag.read).join('')).toBe(detailsDescription(line!));
  });

  it('says why a net figure is missing, on hover and read out, where the net buys and net diff would be', () => {
    const [eth] = threeRows();
    const reason = 'the ETH to WETH rate request failed (RATE_LIMITED)';
    const unpriced = { ...eth!, netDiffBps: null, feeNotPriced: reason, allowanceHolder: { ...eth!.allowanceHolder, netBuyAmount: null }, permit2: { ...eth!.permit2, netBuyAmount: null } };
    render(CompareTable, props({ rows: [unpriced], visibleColumns: ['ahNet', 'p2Net'] }));
    const [line] = bodyRows();
    const explained = within(line!).getAllByTitle(reason);
    // The net diff, then (in the optional columns after the verdict) each model's net buy.
    expect(explained.map((mark) => mark.closest('td')!.className.includes('net-diff'))).toEqual([true, false, false]);
    for (const mark of explained) {
      expect(mark.querySelector('[aria-hidden="true"]')!.textContent).toBe('—');
      expect(mark.querySelector('.visually-hidden')!.textContent).toBe(`—: ${reason}`);
    }
  });

  it('marks the sorted column with aria-sort and asks to sort when a header is clicked', async () => {
    const onSort = vi.fn();
    const view = render(CompareTable, props({ onSort }));
    expect(screen.getByRole('columnheader', { name: /^Chain/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Diff \(bps\)/ }).getAttribute('aria-sort')).toBe('none');
    expect(chainOrder()).toEqual(['Ethereum', 'Base', 'Arbitrum']);
    await fireEvent.click(screen.getByRole('button', { name: /Diff \(bps\)/ }));
    expect(onSort).toHaveBeenCalledWith('diff');
    await view.rerender(props({ rows: sortRows(threeRows(), 'diff', 'descending'), sortColumn: 'diff', sortDirection: 'descending' }));
    expect(screen.getByRole('columnheader', { name: /Diff \(bps\)/ }).getAttribute('aria-sort')).toBe('descending');
    expect(chainOrder()).toEqual(['Ethereum', 'Base', 'Arbitrum']);
  });

  it('shows the signed diff, marks the better model and names errors and missing liquidity inline', () => {
    render(CompareTable, props());
    const [eth, base, arb] = bodyRows();
    expect(within(eth!).getByText('+8.50')).toBeTruthy();
    expect(within(base!).getByText('-2.82')).toBeTruthy();
    expect(within(eth!).getByText('Permit2')).toBeTruthy();
    expect(within(base!).getByText('Allowance Holder')).toBeTruthy();
    // The better side's buy cell carries the star, and only that one.
    const ethStars = within(eth!).getAllByLabelText('better');
    expect(ethStars).toHaveLength(1);
    expect(ethStars[0]!.closest('td')!.textContent).toContain('0.3533');
    expect(within(arb!).getByText('no liquidity')).toBeTruthy();
    // The error's message is the hover title, and read out with its name (no pointer needed).
    const refused = within(arb!).getByTitle('refused');
    expect(refused.querySelector('[aria-hidden="true"]')!.textContent).toBe('TOKEN_NOT_SUPPORTED');
    expect(refused.querySelector('.visually-hidden')!.textContent).toBe('TOKEN_NOT_SUPPORTED: refused');
    expect(within(arb!).queryByLabelText('better')).toBeNull();
  });

  it('opens the history entry of an amount cell and the detail of a row', async () => {
    const onOpenEntry = vi.fn();
    const onDetail = vi.fn();
    render(CompareTable, props({ onOpenEntry, onDetail }));
    await fireEvent.click(screen.getByRole('button', { name: /^Permit2 buy on Base: 0\.3539 WETH/ }));
    expect(onOpenEntry).toHaveBeenCalledWith(4);
    await fireEvent.click(screen.getByRole('button', { name: 'Details for Arbitrum' }));
    expect(onDetail).toHaveBeenCalledWith(42161);
  });
});

describe('source colours', () => {
  it('gives each of 13 sources in a run its own colour in the small bars, the same in every row', () => {
    const names = Array.from({ length: 13 }, (_, index) => `Source_${String.fromCharCode(65 + index)}`);
    // Each row's sides route through a few of the 13 sources.
    const rows = [0, 1, 2, 3].map((at) => {
      const side = (model: 'allowance-holder' | 'permit2', offset: number) => {
        const base = okSide(model, 353_000_000_000_000_000n, at * 2 + offset + 1);
        const picked = names.slice((at * 3 + offset * 2) % 13, ((at * 3 + offset * 2) % 13) + 3);
        return { ...base, fills: picked.map((source) => ({ ...base.fills[0]!, source, proportionBps: String(Math.floor(10_000 / picked.length)) })) };
      };
      return row([1, 10, 8453, 42161][at]!, ['Ethereum', 'Optimism', 'Base', 'Arbitrum'][at]!, side('allowance-holder', 0), side('permit2', 1), 0, 'tie');
    });
    const sources = sourcesOf(rows);
    expect(sources).toHaveLength(13);
    const view = render(CompareTable, props({ rows, sources }));
    const classOf = new Map<string, Set<string>>();
    for (const rect of view.container.querySelectorAll('svg.mini rect')) {
      // The title names the hop, the source and its share of the hop: "USDC → WETH (99.99% of the trade) · Source_A 33.3%".
      const source = /^USDC → WETH .*· (\S+) [0-9.]+%$/.exec(rect.querySelector('title')!.textContent!)![1]!;
      classOf.set(source, new Set([...(classOf.get(source) ?? []), rect.getAttribute('class')!.match(/series-[0-9]+/)![0]]));
    }
    expect(classOf.size).toBe(13);
    for (const [source, classes] of classOf) expect([...classes], source).toHaveLength(1);
    expect(new Set([...classOf.values()].map((classes) => [...classes][0])).size).toBe(13);
  });
});
