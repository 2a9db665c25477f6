import { describe, expect, it } from 'vitest';
import { CompareRequestSchema } from '../../../src/ipc/channels/compare.ts';
import { formChanges, ranWith, tradeOfRun, type TradeFields } from './form-changes.ts';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const run: TradeFields = {
  profileId: 'local', sell: 'USDC', buy: 'WETH', sizes: ['1000'], chains: [1, 8453], models: ['allowance-holder', 'permit2'],
  taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', slippageBps: 50, overrides: [{ chainId: 8453, side: 'sell', address: USDC_BASE, decimals: 6 }],
};

describe('formChanges', () => {
  it('finds nothing while the form states the run in other words: letter case, order, thousands, a number typed as text', () => {
    const same: TradeFields = {
      ...run, sell: 'usdc', sizes: ['1,000'], chains: [8453, 1], models: ['permit2', 'allowance-holder'],
      taker: run.taker!.toLowerCase(), slippageBps: '50', overrides: [{ chainId: 8453, side: 'sell', address: USDC_BASE.toLowerCase(), decimals: 6 }],
    };
    expect(formChanges(run, same, 'amount')).toEqual([]);
    // The same number with zeros that change nothing: the same base units on every chain.
    for (const amount of ['1000.00', '01000', '1,000.0']) expect(formChanges(run, { ...run, sizes: [amount] }, 'amount'), amount).toEqual([]);
    expect(formChanges(run, { ...run, sizes: ['1000.01'] }, 'amount')).toEqual(['amount']);
    expect(formChanges(run, { ...run, sizes: ['100'] }, 'amount')).toEqual(['amount']);
  });

  it('names each part the form changed, in its own words', () => {
    const changed: TradeFields = {
      profileId: 'other', sell: 'USDC', buy: 'DAI', sizes: ['2000'], chains: [1], models: ['permit2'], taker: undefined, slippageBps: 100,
      swapFeeBps: 10, swapFeeRecipient: run.taker, overrides: [],
    };
    expect(formChanges(run, changed, 'amount')).toEqual(['profile', 'pair', 'amount', 'chains', 'models', 'taker', 'slippage', 'integrator fee', 'address overrides']);
    expect(formChanges(run, { ...run, sizes: ['1000', '10000'] }, 'amounts')).toEqual(['amounts']);
    expect(formChanges(run, { ...run, overrides: [{ ...run.overrides[0]!, decimals: 18 }] }, 'amount')).toEqual(['address overrides']);
  });

  it('leaves the profile out while the form has none chosen', () => {
    expect(formChanges(run, { ...run, profileId: '' }, 'amount')).toEqual([]);
  });
});

describe('tradeOfRun', () => {
  it('reads a request without chains as the chains of its rows', () => {
    const request = CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '5' });
    expect(tradeOfRun(request, 'local', ['5'], [{ chainId: 10 }, { chainId: 1 }, { chainId: 10 }]).chains).toEqual([10, 1]);
    expect(tradeOfRun({ ...request, chains: [8453] }, 'local', ['5'], [{ chainId: 10 }]).chains).toEqual([8453]);
  });
});

describe('ranWith', () => {
  const names = (id: string) => (id === 'local' ? 'Local service' : null);
  it('names what the run used of each setting the form changed, the service default where it sent none', () => {
    const fee: TradeFields = { ...run, swapFeeBps: 25, swapFeeRecipient: run.taker };
    expect(ranWith(fee, ['profile', 'taker', 'slippage', 'integrator fee'], names)).toEqual(['profile Local service', 'taker 0x7099…79C8', 'slippage 50 bps', 'integrator fee 25 bps to 0x7099…79C8']);
    const bare: TradeFields = { ...run, profileId: 'gone-1', taker: undefined, slippageBps: undefined };
    expect(ranWith(bare, ['profile', 'taker', 'slippage', 'integrator fee'], names)).toEqual(['profile gone-1', 'no taker', "the service's default slippage", 'no integrator fee']);
  });

  it('says nothing of the changes the caption already names (amount, pair, chains, models, overrides)', () => {
    expect(ranWith(run, ['pair', 'amount', 'chains', 'models', 'address overrides'], names)).toEqual([]);
  });
});
