import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RowDetail from './RowDetail.svelte';
import { okSide, row } from './test-rows.ts';

afterEach(cleanup);

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

function body(zid: string, buyTaxBps: string | null) {
  return {
    liquidityAvailable: true, zid,
    tokenMetadata: { sellToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' }, buyToken: { buyTaxBps, sellTaxBps: null, transferTaxBps: '0' } },
    issues: { allowance: { actual: '0', spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3' }, balance: null, simulationIncomplete: false, invalidSourcesPassed: ['Nope'] },
  };
}

describe('RowDetail', () => {
  it('shows both routes with every hop, taxes with "unknown" for null, issues and both bodies with zids', () => {
    const multiHop = {
      ...okSide('permit2', 10n ** 17n, 2),
      fills: [
        { from: USDC, to: DAI, source: 'Curve', proportionBps: '6000' },
        { from: USDC, to: WETH, source: 'Uniswap_V3', proportionBps: '4000' },
        { from: DAI, to: WETH, source: 'Uniswap_V2', proportionBps: '6000' },
      ],
      routeTokens: [{ address: USDC, symbol: 'USDC' }, { address: DAI, symbol: 'DAI' }, { address: WETH, symbol: 'WETH' }],
    };
    const the = row(1, 'Ethereum', okSide('allowance-holder', 10n ** 17n, 1), multiHop, 0, 'tie');
    render(RowDetail, {
      row: the, onOpenEntry: vi.fn(), onClose: vi.fn(),
      allowanceHolder: { entryId: 1, zid: the.allowanceHolder.zid, body: body(the.allowanceHolder.zid!, '0') },
      permit2: { entryId: 2, zid: the.permit2.zid, body: body(the.permit2.zid!, null) },
    });
    const ah = screen.getByRole('article', { name: 'Allowance Holder detail' });
    const p2 = screen.getByRole('article', { name: 'Permit2 detail' });
    expect(within(ah).getAllByRole('img')).toHaveLength(1);
    expect(within(ah).getByRole('group', { name: 'Allowance Holder route' })).toBeTruthy();
    // Three hops -> three bars, one per edge, each named with its split.
    const bars = within(p2).getAllByRole('img').map((bar) => bar.getAttribute('aria-label'));
    expect(bars).toHaveLength(3);
    expect(bars[0]).toMatch(/^USDC → DAI: Curve/);
    expect(bars[1]).toMatch(/^USDC → WETH: Uniswap_V3/);
    expect(bars[2]).toMatch(/^DAI → WETH: Uniswap_V2/);
    const taxes = within(p2).getByRole('table', { name: 'Permit2 token taxes' });
    expect(within(taxes).getByRole('row', { name: /WETH/ }).textContent).toMatch(/unknown.*unknown/);
    expect(within(p2).getByText(/Invalid excluded sources: Nope/)).toBeTruthy();
    expect(within(p2).getByText(/Allowance needed: spender/)).toBeTruthy();
    expect(within(ah).getByText(the.allowanceHolder.zid!)).toBeTruthy();
    expect(within(p2).getByLabelText('Permit2 raw JSON body').textContent).toContain(`"zid": "${the.permit2.zid}"`);
  });
});
