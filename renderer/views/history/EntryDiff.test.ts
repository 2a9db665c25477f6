import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EntryDiff from './EntryDiff.svelte';
import type { DiffSide } from '../../lib/diff-side.ts';

afterEach(cleanup);

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';

function side(id: number, sellToken: string, sellAmount: string, chainId = 1, totalNetworkFee = '1000000000000000', replayOf: number | null = null): DiffSide {
  return { id, label: `#${id}`, zid: null, endpoint: 'allowance-holder.price', status: 200, startedAt: `2026-01-15T12:0${id}:00.000Z`, chainId, query: {}, body: { sellToken, buyToken: WETH, sellAmount, totalNetworkFee }, isCustomer: false, replayOf };
}

function bodyRow(name: RegExp): HTMLElement[] {
  const row = within(screen.getByRole('table', { name: 'Body differences' })).getByRole('row', { name });
  return within(row).getAllByRole('cell');
}

describe('EntryDiff', () => {
  it('reads each side of an amount in its own body\'s token, with no bps between two tokens', () => {
    render(EntryDiff, { sides: [side(1, USDC, '1000000000'), side(2, DAI, '1000000000000000000000')], onclose: () => {} });
    const [, before, after] = bodyRow(/\$\.sellAmount/);
    expect(before!.textContent).toContain('1,000 USDC');
    expect(after!.textContent).toContain('1,000 DAI');
    expect(after!.textContent).not.toContain('bps');
  });

  it('hands Export report the sides as it names them, a replay only when one replays the other', async () => {
    const onexport = vi.fn();
    const view = render(EntryDiff, { sides: [side(7, USDC, '2'), side(3, USDC, '1')], onclose: () => {}, onexport });
    await fireEvent.click(screen.getByRole('button', { name: 'Export report' }));
    expect(onexport).toHaveBeenLastCalledWith(expect.any(Array), { before: '#3', after: '#7', isReplay: false });
    await view.rerender({ sides: [side(3, USDC, '1'), side(7, USDC, '2', 1, '1000000000000000', 3)], onclose: () => {}, onexport });
    await fireEvent.click(screen.getByRole('button', { name: 'Export report' }));
    expect(onexport).toHaveBeenLastCalledWith(expect.any(Array), { before: '#3', after: '#7', isReplay: true });
  });

  it('reads each side\'s network fee in its own chain\'s native token', () => {
    render(EntryDiff, { sides: [side(1, USDC, '1000000000', 137, '3000000000000000000'), side(2, USDC, '1000000000', 1)], onclose: () => {} });
    const [, before, after] = bodyRow(/\$\.totalNetworkFee/);
    expect(before!.textContent).toContain('3 POL');
    expect(after!.textContent).toContain('0.001 ETH');
    expect(after!.textContent).not.toContain('bps');
  });

  it('breaks a path only after a key\'s dot: never after "$.", between a key and its index, or inside a quoted key', () => {
    const before = { totalNetworkFee: '1', route: { fills: [{ source: 'RFQ' }] }, 'x.y[0]': 'a' };
    const after = { totalNetworkFee: '2', route: { fills: [{ source: 'Curve' }] }, 'x.y[0]': 'b' };
    render(EntryDiff, { sides: [{ ...side(1, USDC, '1'), body: before }, { ...side(2, USDC, '1'), body: after }], onclose: () => {} });
    // The lines a path may take: its text between the <wbr> break opportunities.
    const lines = (name: RegExp) => {
      const path = within(screen.getByRole('table', { name: 'Body differences' })).getByRole('row', { name }).querySelector('.path')!;
      const parts: string[] = [''];
      for (const node of path.childNodes) {
        if (node.nodeName === 'WBR') parts.push('');
        else if (node.nodeType === Node.TEXT_NODE) parts.push(`${parts.pop()!}${node.textContent ?? ''}`);
      }
      return parts.map((part) => part.trim());
    };
    expect(lines(/^\$\.totalNetworkFee/)).toEqual(['$.totalNetworkFee']);
    expect(lines(/^\$\.route/)).toEqual(['$.route.', 'fills[0].', 'source']);
    expect(lines(/^\$\["x\.y/)).toEqual(['$["x.y[0]"]']);
  });
});
