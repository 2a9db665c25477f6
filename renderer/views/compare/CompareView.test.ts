import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import type { CompareRowWire, ModelSideWire, RunStatus, SideDetail } from '../../../src/ipc/channels/compare.ts';
import CompareView from './CompareView.svelte';
import { okSide, row } from './test-rows.ts';

const RUN_ID = 'cmp-abcdef123';
const REQUEST = { sell: 'USDC', buy: 'WETH', amount: '1000', chains: [1], models: ['allowance-holder', 'permit2'], overrides: [] } as RunStatus['request'];

/** A side still waiting for its answer, as the runner reports it. */
function pendingSide(model: ModelSideWire['model']): ModelSideWire {
  return { ...okSide(model, 0n, 0), state: 'pending', zid: null, buyAmount: null, minBuyAmount: null, gas: null, totalNetworkFee: null, networkFeeInBuyToken: null, netBuyAmount: null, entryId: null, fills: [], routeTokens: [] };
}

function answer(side: ModelSideWire, blockNumber: string): SideDetail {
  return { entryId: side.entryId, zid: side.zid, body: { liquidityAvailable: true, zid: side.zid, blockNumber, gas: side.gas, gasPrice: '2500000000', totalNetworkFee: side.totalNetworkFee } };
}

/**
 * The engine as the screen sees it: the run's row moves on when `answerPermit2()` is called, and
 * compare.detail answers with the bodies of the sides answered by then, as the runner does.
 */
function fakeEngine() {
  const ah = okSide('allowance-holder', 353_000_000_000_000_000n, 1);
  const p2 = okSide('permit2', 353_300_000_000_000_000n, 2);
  let current: CompareRowWire = row(1, 'Ethereum', ah, pendingSide('permit2'), null, null);
  let state: RunStatus['state'] = 'running';
  const status = (): RunStatus => ({
    runId: RUN_ID, state, request: REQUEST, profileId: 'local', done: state === 'running' ? 1 : 2, total: 2, etaMs: null,
    startedAt: '2026-01-01T00:00:00.000Z', finishedAt: state === 'running' ? null : '2026-01-01T00:00:01.000Z', rows: [current], error: null,
  });
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = {
    profiles: { list: () => ok({ profiles: [] }) },
    ladder: { list: () => ok({ runs: [], unreadable: [] }) },
    compare: {
      start: () => ok({ runId: RUN_ID, total: 2 }),
      status: () => ok(status()),
      list: () => ok({ runs: [], unreadable: [] }),
      cancel: () => ok({ cancelled: false }),
      detail: () => ok({ chainId: 1, allowanceHolder: answer(ah, '20000000'), permit2: current.permit2.state === 'ok' ? answer(p2, '20000001') : null }),
    },
  };
  return {
    api: api as unknown as AppApi,
    answerPermit2() {
      current = row(1, 'Ethereum', ah, p2, 8.5, 'permit2');
      state = 'done';
    },
  };
}

let engine: ReturnType<typeof fakeEngine>;

beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
});

afterEach(cleanup);

describe('CompareView row detail', () => {
  it('follows its row: a side answered after the detail opened shows its gas price, block and body, the detail keeping focus', async () => {
    engine = fakeEngine();
    window.api = engine.api;
    render(CompareView);
    await fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const details = await screen.findByRole('button', { name: 'Details for Ethereum' });
    await fireEvent.click(details);
    const p2 = await screen.findByRole('article', { name: 'Permit2 detail' });
    expect(p2.textContent).toContain('pending');
    const section = screen.getByRole('region', { name: /^Ethereum:/ });
    await waitFor(() => expect(document.activeElement).toBe(section));

    engine.answerPermit2();
    await waitFor(() => expect(screen.getByLabelText('Permit2 figures').textContent).toMatch(/Gas180,000 at 2\.5 gwei/), { timeout: 3000 });
    expect(screen.getByLabelText('Permit2 figures').textContent).toContain('Block20,000,001');
    expect(screen.getByLabelText('Blocks priced at').textContent).toMatch(/different blocks \(Allowance Holder 20,000,000, Permit2 20,000,001\)/);
    expect(screen.getByLabelText('Permit2 raw JSON body').textContent).toContain('"blockNumber": "20000001"');
    // The same detail, not a new one: focus stayed where the user was.
    expect(screen.getByRole('region', { name: /^Ethereum:/ })).toBe(section);
    expect(document.activeElement).toBe(section);
  });
});
