import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { LadderRowWire } from '../../../../src/ipc/channels/ladder.ts';
import LadderChart from './LadderChart.svelte';
import { ladderChains } from './ladder-chains.ts';
import { okSide, row } from '../test-rows.ts';

afterEach(cleanup);

describe('LadderChart', () => {
  it('reads two nets per unit apart where they differ and the verdict names one, in its summary and its points\' titles', () => {
    // At 1,000 USDC: 0.0002968348 and 0.0002968340 WETH per USDC net, both 0.000296834 to 6 significant digits.
    const side = (model: 'allowance-holder' | 'permit2', net: bigint, entryId: number) => ({ ...okSide(model, net, entryId), networkFeeInBuyToken: '0', netBuyAmount: net.toString() });
    const at = (amount: string, sellAmount: bigint, ah: bigint, p2: bigint, amountIndex: number): LadderRowWire => ({
      ...row(1, 'Ethereum', side('allowance-holder', ah, 2 * amountIndex + 1), side('permit2', p2, 2 * amountIndex + 2), null, 'allowance-holder'), sellAmount: sellAmount.toString(), amount, amountIndex,
    });
    const [chain] = ladderChains([at('1000', 1_000_000_000n, 296_834_800_000_000_000n, 296_834_000_000_000_000n, 0), at('100', 100_000_000n, 29_690_000_000_000_000n, 29_680_000_000_000_000n, 1)]);
    render(LadderChart, { chain: chain!, selectedIndex: 0 });
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('1,000 USDC: Allowance Holder 0.0002968348 WETH per USDC net, Permit2 0.0002968340 WETH per USDC net');
    const titles = [...document.querySelectorAll('svg title')].map((title) => title.textContent);
    expect(titles).toContain('Allowance Holder, 1,000 USDC → WETH: 0.0002968348 WETH per USDC net · zid 0x000000000000000000000001');
    expect(titles).toContain('Permit2, 1,000 USDC → WETH: 0.0002968340 WETH per USDC net · zid 0x000000000000000000000002');
  });
});

describe('LadderChart at an exact tie', () => {
  it('labels a crossover at an exact tie with the size that tied, whole, as it is not marked ≈', () => {
    const side = (model: 'allowance-holder' | 'permit2', net: bigint, entryId: number) => ({ ...okSide(model, net, entryId), networkFeeInBuyToken: '0', netBuyAmount: net.toString() });
    const at = (amount: string, sellAmount: bigint, ah: bigint, p2: bigint, amountIndex: number): LadderRowWire => ({
      ...row(1, 'Ethereum', side('allowance-holder', ah, 2 * amountIndex + 1), side('permit2', p2, 2 * amountIndex + 2), null, null), sellAmount: sellAmount.toString(), amount, amountIndex,
    });
    // Allowance Holder more at 100 USDC, a tie at 1,234.5, Permit2 more at 10,000.
    const [chain] = ladderChains([at('100', 100_000_000n, 30n, 29n, 0), at('1234.5', 1_234_500_000n, 370n, 370n, 1), at('10000', 10_000_000_000n, 3000n, 3001n, 2)]);
    render(LadderChart, { chain: chain!, selectedIndex: 0 });
    expect(document.querySelector('text.crossover-label')!.textContent).toBe('1,234.5 USDC');
  });
});

describe('LadderChart size axis', () => {
  const side = (model: 'allowance-holder' | 'permit2', net: bigint, entryId: number) => ({ ...okSide(model, net, entryId), networkFeeInBuyToken: '0', netBuyAmount: net.toString() });
  const at = (amount: string, sellAmount: bigint, amountIndex: number, sellToken?: LadderRowWire['sellToken']): LadderRowWire => ({
    ...row(1, 'Ethereum', side('allowance-holder', 30n, 2 * amountIndex + 1), side('permit2', 29n, 2 * amountIndex + 2), null, 'allowance-holder'),
    ...(sellToken ? { sellToken } : {}), sellAmount: sellAmount.toString(), amount, amountIndex,
  });
  // The size axis's labels, left to right: the last tick text is the axis title ("USDC sold").
  const axisLabels = (count: number) => [...document.querySelectorAll('svg text.tick')].map((text) => text.textContent).filter((text) => !text.endsWith(' sold')).slice(-count);

  it('gives two sizes that differ past the 4th significant digit labels that differ', () => {
    const [chain] = ladderChains([at('1.00001', 1_000_010n, 0), at('1.00002', 1_000_020n, 1), at('100', 100_000_000n, 2)]);
    render(LadderChart, { chain: chain!, selectedIndex: 0 });
    expect(axisLabels(3)).toEqual(['1.00001', '1.00002', '100']);
  });

  it('labels two sizes one float cannot tell apart as sold, each its own tick', () => {
    const weth = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 };
    const million = 10n ** 24n;
    const [chain] = ladderChains([at('1', 10n ** 18n, 0, weth), at('1000000', million, 1, weth), at('1000000.000000000000000001', million + 1n, 2, weth)]);
    render(LadderChart, { chain: chain!, selectedIndex: 2 });
    expect(axisLabels(3)).toEqual(['1', '1,000,000', '1,000,000.000000000000000001']);
    expect(document.querySelector('svg text.tick.selected')!.textContent).toBe('1,000,000.000000000000000001');
  });
});
