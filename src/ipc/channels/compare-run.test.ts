import { describe, expect, it } from 'vitest';
import { RunSummarySchema } from './compare-run.ts';
import { LadderSummarySchema } from './ladder.ts';

// compare.list and ladder.list answer one kind of entry: the Past comparisons and Past ladders
// lists (PastRunList.svelte) read the same fields off both. Only the size differs.
const shared = {
  runId: 'cmp-abc123',
  state: 'done',
  sell: 'USDC',
  buy: 'WETH',
  pairs: [{ sell: 'USDC', buy: 'WETH', chains: ['Ethereum'], isOverride: false }],
  chains: [1],
  models: ['allowance-holder', 'permit2'],
  settings: { slippageBps: 50 },
  profileId: 'local',
  done: 1,
  total: 1,
  startedAt: '2026-01-02T03:04:05.000Z',
};
const comparison = (fields: object) => RunSummarySchema.safeParse({ ...shared, amount: '100', ...fields });
const ladder = (fields: object) => LadderSummarySchema.safeParse({ ...shared, amounts: ['100', '1000'], ...fields });
const paths = (parsed: ReturnType<typeof comparison> | ReturnType<typeof ladder>) => (parsed.success ? [] : parsed.error.issues.map((issue) => issue.path));

describe('past-run list entries', () => {
  it('give a comparison and a ladder the same fields, in the same order, apart from the size', () => {
    const [run, lad] = [comparison({}), ladder({})];
    expect(run.success && lad.success).toBe(true);
    const { amount, ...runShared } = run.data!;
    const { amounts, ...ladderShared } = lad.data!;
    expect([amount, amounts]).toEqual(['100', ['100', '1000']]);
    expect(runShared).toEqual(ladderShared);
    expect(Object.keys(run.data!)).toEqual(Object.keys(lad.data!).map((key) => (key === 'amounts' ? 'amount' : key)));
  });

  it('refuse the same bad shared field at the same path in both', () => {
    for (const bad of [{ done: 1.5 }, { state: 'paused' }, { startedAt: 'yesterday' }, { models: ['0x'] }, { settings: { slippageBps: -1 } }]) {
      const expected = paths(comparison(bad));
      expect(expected, JSON.stringify(bad)).not.toEqual([]);
      expect(paths(ladder(bad)), JSON.stringify(bad)).toEqual(expected);
    }
  });
});
