import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import DiffChart from './DiffChart.svelte';
import { threeRows } from './test-rows.ts';
import type { CompareRowWire } from '../../../src/ipc/channels/compare.ts';

afterEach(cleanup);

const at = (row: CompareRowWire, ah: string, p2: string): CompareRowWire => ({ ...row, allowanceHolder: { ...row.allowanceHolder, blockNumber: ah }, permit2: { ...row.permit2, blockNumber: p2 } });

describe('DiffChart', () => {
  it('names under the chart the chains whose bar compares two blocks, and only those', () => {
    const [eth, base, arbitrum] = threeRows();
    render(DiffChart, { rows: [at(eth!, '23234885', '23234886'), at(base!, '34790000', '34790000'), arbitrum!] });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Difference in bps per chain: Ethereum +8.50, Base -2.82, Arbitrum —');
    expect(screen.getByText(/^Priced at two blocks/).textContent).toBe("Priced at two blocks on Ethereum: part of that difference may be the blocks', not the models'.");
  });

  it('adds no note when every bar compares answers at one block', () => {
    const [eth, base] = threeRows();
    render(DiffChart, { rows: [at(eth!, '23234885', '23234885'), base!] });
    expect(screen.queryByText(/two blocks/)).toBeNull();
  });
});
