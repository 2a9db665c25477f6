import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PastRuns from './PastRuns.svelte';
import LadderPastRuns from './ladder/LadderPastRuns.svelte';
import { localTime } from '../../lib/local-time.ts';

afterEach(cleanup);

const startedAt = '2026-11-27T09:30:00.000Z';
const comparison = { runId: 'cmp-abc123', state: 'done' as const, sell: 'USDC', buy: 'WETH', amount: '2000', chains: [1, 8453], models: ['allowance-holder' as const, 'permit2' as const], settings: {}, profileId: 'local', done: 4, total: 4, startedAt };
const ladder = { runId: 'lad-abc123', state: 'cancelled' as const, sell: 'WETH', buy: 'USDC', amounts: ['1', '10', '100'], chains: [1], models: ['allowance-holder' as const, 'permit2' as const], settings: {}, profileId: 'local', done: 3, total: 6, startedAt };

describe('past runs', () => {
  it('lists a comparison by its amount and pair, with its chains, progress, state and time, and opens it', async () => {
    const onOpen = vi.fn();
    render(PastRuns, { runs: [comparison], currentRunId: null, onOpen });
    const list = screen.getByRole('region', { name: 'Past comparisons' });
    const button = screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH from ${localTime(startedAt)}` });
    expect(button.textContent!.trim()).toBe('2,000 USDC → WETH');
    expect(list.textContent).toContain(`Ethereum, Base · 4/4 · done · ${localTime(startedAt)}`);
    await fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith('cmp-abc123');
  });

  it('says when a comparison asked for one model only', () => {
    render(PastRuns, { runs: [{ ...comparison, models: ['permit2'] }], currentRunId: null, onOpen: vi.fn() });
    expect(screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH, Permit2 only from ${localTime(startedAt)}` }).textContent?.trim()).toBe('2,000 USDC → WETH, Permit2 only');
  });

  it('lists a run whose chains traded different pairs by each pair with its chains, never the form\'s pair for all', () => {
    const pairs = [{ sell: 'USDC', buy: 'TAXD', chains: ['Ethereum'], isOverride: true }, { sell: 'USDC', buy: 'WETH', chains: ['Base'], isOverride: false }];
    render(PastRuns, { runs: [{ ...comparison, amount: '1000', pairs }], currentRunId: null, onOpen: vi.fn() });
    const button = screen.getByRole('button', { name: `Open comparison 1,000 sold: USDC to TAXD on Ethereum, address override · USDC to WETH on Base from ${localTime(startedAt)}` });
    expect(button.textContent!.trim()).toBe('1,000 sold: USDC → TAXD on Ethereum, address override · USDC → WETH on Base');
  });

  it('marks a run every chain of which traded an override\'s pair, and a ladder whose chains differ', () => {
    render(PastRuns, { runs: [{ ...comparison, buy: 'TAXD', pairs: [{ sell: 'USDC', buy: 'TAXD', chains: ['Ethereum'], isOverride: true }] }], currentRunId: null, onOpen: vi.fn() });
    expect(screen.getByRole('button', { name: /^Open comparison 2,000 USDC to TAXD \(address override\) from / }).textContent!.trim()).toBe('2,000 USDC → TAXD (address override)');
    const pairs = [{ sell: 'WETH', buy: 'TAXD', chains: ['Ethereum'], isOverride: true }, { sell: 'WETH', buy: 'USDC', chains: ['Base'], isOverride: false }];
    render(LadderPastRuns, { runs: [{ ...ladder, pairs }], currentRunId: null, onOpen: () => {} });
    expect(screen.getByRole('button', { name: /^Open size ladder at 1, 10, 100: WETH to TAXD on Ethereum, address override · WETH to USDC on Base from / }).textContent!.trim()).toBe('At 1, 10, 100: WETH → TAXD on Ethereum, address override · WETH → USDC on Base');
  });

  it('lists a size ladder by its pair and amounts, and marks the one on screen', () => {
    render(LadderPastRuns, { runs: [ladder], currentRunId: 'lad-abc123', onOpen: () => {} });
    const button = screen.getByRole('button', { name: `Open size ladder WETH to USDC at 1, 10, 100 from ${localTime(startedAt)}` });
    expect(button.textContent!.trim()).toBe('WETH → USDC at 1, 10, 100');
    expect(button.closest('li')!.classList.contains('current')).toBe(true);
    expect(screen.getByRole('region', { name: 'Past size ladders' }).textContent).toContain('Ethereum · 3/6 · cancelled');
  });

  it('tells apart runs of one trade by the slippage each set, on screen and in its name', () => {
    const runs = [{ ...comparison, runId: 'cmp-abc124', settings: { slippageBps: 300 } }, { ...comparison, settings: { slippageBps: 50 } }];
    render(PastRuns, { runs, currentRunId: null, onOpen: vi.fn() });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.settings')?.textContent)).toEqual(['slippage 300 bps', 'slippage 50 bps']);
    screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH, slippage 300 bps from ${localTime(startedAt)}` });
    screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH, slippage 50 bps from ${localTime(startedAt)}` });
  });

  it('names a run\'s integrator fee with its recipient and its taker, shortened, and says nothing of settings left to the service', () => {
    const settings = { swapFeeBps: 25, swapFeeRecipient: '0x7a7a00000000000000000000000000000000aa01', taker: '0x1234000000000000000000000000000000000bcd' };
    render(PastRuns, { runs: [{ ...comparison, runId: 'cmp-abc124', models: ['permit2'], settings }, comparison], currentRunId: null, onOpen: vi.fn() });
    const [set, unset] = screen.getAllByRole('listitem');
    expect(set!.querySelector('.settings')!.textContent).toBe('integrator fee 25 bps to 0x7a7a…aa01 · taker 0x1234…0bcd');
    screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH, Permit2 only, integrator fee 25 bps to 0x7a7a…aa01, taker 0x1234…0bcd from ${localTime(startedAt)}` });
    expect(unset!.querySelector('.settings')).toBeNull();
    screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH from ${localTime(startedAt)}` });
  });

  it('names a size ladder\'s sizes grouped as its caption does ("1,000"), not as they were typed ("1000")', () => {
    render(LadderPastRuns, { runs: [{ ...ladder, amounts: ['100', '1000', '25000.5'] }], currentRunId: null, onOpen: () => {} });
    const button = screen.getByRole('button', { name: `Open size ladder WETH to USDC at 100, 1,000, 25,000.5 from ${localTime(startedAt)}` });
    expect(button.textContent!.trim()).toBe('WETH → USDC at 100, 1,000, 25,000.5');
  });

  it('says when a size ladder asked for one model only, as a comparison\'s entry does', () => {
    render(LadderPastRuns, { runs: [{ ...ladder, models: ['allowance-holder'] }], currentRunId: null, onOpen: () => {} });
    const button = screen.getByRole('button', { name: `Open size ladder WETH to USDC at 1, 10, 100, Allowance Holder only from ${localTime(startedAt)}` });
    expect(button.textContent!.trim()).toBe('WETH → USDC at 1, 10, 100, Allowance Holder only');
  });

  it('tells apart size ladders of one trade by the settings each set', () => {
    render(LadderPastRuns, { runs: [{ ...ladder, settings: { slippageBps: 10, taker: '0x1234000000000000000000000000000000000bcd' } }], currentRunId: null, onOpen: () => {} });
    const button = screen.getByRole('button', { name: `Open size ladder WETH to USDC at 1, 10, 100, slippage 10 bps, taker 0x1234…0bcd from ${localTime(startedAt)}` });
    expect(button.closest('li')!.querySelector('.settings')!.textContent).toBe('slippage 10 bps · taker 0x1234…0bcd');
  });

  it('names each run\'s profile while the list holds runs of more than one profile, and no profile while it holds one', () => {
    const profileName = (id: string) => ({ local: 'Local service', prod: 'Production' })[id] ?? null;
    const runs = [{ ...comparison, runId: 'cmp-abc124', profileId: 'prod', settings: { slippageBps: 50 } }, comparison, { ...comparison, runId: 'cmp-abc125', profileId: 'gone' }];
    const { unmount } = render(PastRuns, { runs, currentRunId: null, onOpen: vi.fn(), profileName });
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('.settings')?.textContent)).toEqual(['profile Production · slippage 50 bps', 'profile Local service', 'profile gone']);
    screen.getByRole('button', { name: `Open comparison 2,000 USDC to WETH, profile Production, slippage 50 bps from ${localTime(startedAt)}` });
    unmount();
    render(LadderPastRuns, { runs: [{ ...ladder, profileId: 'prod' }, { ...ladder, runId: 'lad-abc124', profileId: 'prod' }], currentRunId: null, onOpen: () => {}, profileName });
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('.settings'))).toEqual([null, null]);
  });

  it('names up to three chains of a run, so that runs of one trade on other chains are told apart, and counts more', () => {
    const runs = [{ ...comparison, runId: 'cmp-abc124', chains: [8453] }, { ...comparison, chains: [1] }, { ...comparison, runId: 'cmp-abc125', chains: [1, 10, 8453, 42161] }];
    render(PastRuns, { runs, currentRunId: null, onOpen: vi.fn() });
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('.progress')!.textContent)).toEqual([
      `Base · 4/4 · done · ${localTime(startedAt)}`,
      `Ethereum · 4/4 · done · ${localTime(startedAt)}`,
      `4 chains · 4/4 · done · ${localTime(startedAt)}`,
    ]);
  });

  it('says how runs come to be listed while there are none', () => {
    render(PastRuns, { runs: [], currentRunId: null, onOpen: () => {} });
    expect(screen.getByRole('region', { name: 'Past comparisons' }).textContent).toContain('None yet: each run is saved and listed here.');
  });
});
