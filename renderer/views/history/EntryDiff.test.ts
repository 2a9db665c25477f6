import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import EntryDiff from './EntryDiff.svelte';
import type { DiffSide } from '../../lib/diff-side.ts';

afterEach(cleanup);

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';

function side(id: number, sellToken: string, sellAmount: string): DiffSide {
  return { id, label: `#${id}`, zid: null, endpoint: 'allowance-holder.price', status: 200, startedAt: `2026-01-15T12:0${id}:00.000Z`, chainId: 1, query: {}, body: { sellToken, buyToken: WETH, sellAmount }, isCustomer: false };
}

describe('EntryDiff', () => {
  it('reads each side of an amount in its own body\'s token, with no bps between two tokens', () => {
    render(EntryDiff, { sides: [side(1, USDC, '1000000000'), side(2, DAI, '1000000000000000000000')], onclose: () => {} });
    const row = within(screen.getByRole('table', { name: 'Body differences' })).getByRole('row', { name: /\$\.sellAmount/ });
    const [, before, after, change] = within(row).getAllByRole('cell');
    expect(before!.textContent).toContain('1,000 USDC');
    expect(after!.textContent).toContain('1,000 DAI');
    expect(change!.textContent).toBe('');
  });
});
