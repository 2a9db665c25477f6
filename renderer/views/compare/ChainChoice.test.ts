import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ChainChoice from './ChainChoice.svelte';
import ModelChoice from './ModelChoice.svelte';
import { CompareState } from '../../lib/state/compare.svelte.ts';

afterEach(cleanup);

describe('the chain and model choices both Compare forms share', () => {
  it('offers the chains that know both tokens, refuses the others, and resets a hand-picked set', async () => {
    const compare = new CompareState();
    compare.sell = 'USDC';
    compare.buy = 'WETH';
    render(ChainChoice, { compare, note: 'default: every chain where both tokens are known' });
    const known = compare.availableChains.length;
    expect(known).toBeGreaterThan(1);
    expect(screen.getByRole('group', { name: `Chains (${known} selected; default: every chain where both tokens are known)` })).toBeTruthy();
    const ethereum = screen.getByRole('checkbox', { name: 'Ethereum' }) as HTMLInputElement;
    expect(ethereum.checked).toBe(true);
    const unknown = screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).disabled);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();

    await fireEvent.click(ethereum);
    expect(compare.chains).not.toContain(1);
    expect(screen.getByRole('group', { name: new RegExp(`^Chains \\(${known - 1} selected`) })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(compare.chains).toContain(1);
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
  });

  it('turns each model on and off in the shared state', async () => {
    const compare = new CompareState();
    render(ModelChoice, { compare });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Permit2' }));
    expect(compare.models).toEqual({ 'allowance-holder': true, permit2: false });
  });
});
