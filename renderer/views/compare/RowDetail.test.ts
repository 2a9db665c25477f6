import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RowDetail from './RowDetail.svelte';
import { okSide, problemSide, row } from './test-rows.ts';
import type { ModelSideWire } from '../../../src/ipc/channels/compare.ts';

afterEach(cleanup);

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

const ALLOWANCE_NEEDED = { actual: '0', spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3' };

function body(zid: string, buyTaxBps: string | null, allowance: typeof ALLOWANCE_NEEDED | null = ALLOWANCE_NEEDED) {
  return {
    liquidityAvailable: true, zid,
    tokenMetadata: { sellToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' }, buyToken: { buyTaxBps, sellTaxBps: null, transferTaxBps: '0' } },
    issues: { allowance, balance: null, simulationIncomplete: false, invalidSourcesPassed: ['Nope'] },
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
      row: the, onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: true,
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

describe('RowDetail without a taker', () => {
  const the = row(8453, 'Base', okSide('allowance-holder', 354_000_000_000_000_000n, 3), okSide('permit2', 353_900_000_000_000_000n, 4), -2.82, 'allowance-holder');
  const props = (onClose = vi.fn()) => ({
    row: { ...the, netDiffBps: -2.82 }, onOpenEntry: vi.fn(), onClose, sources: ['Balancer', 'Uniswap_V3'], hasTaker: false,
    // Without a taker the service reports no allowance or balance issue (it checks them only for one).
    allowanceHolder: { entryId: 3, zid: the.allowanceHolder.zid, body: body(the.allowanceHolder.zid!, '0', null) },
    permit2: { entryId: 4, zid: the.permit2.zid, body: body(the.permit2.zid!, '0', null) },
  });

  it('says the issues were not checked instead of "No issues", and why the better model won, with its figures', () => {
    render(RowDetail, props());
    const ah = screen.getByRole('article', { name: 'Allowance Holder detail' });
    expect(within(ah).getByText(/^Allowance and balance not checked: no taker was sent/)).toBeTruthy();
    expect(within(ah).queryByText(/No issues/)).toBeNull();
    // What the service did report is still shown.
    expect(within(ah).getByText(/Invalid excluded sources: Nope/)).toBeTruthy();
    expect(screen.getByText(/Allowance Holder buys 0\.0001 WETH more .*so Allowance Holder gives more net of fees \(net diff -2\.82 bps\)/)).toBeTruthy();
    // Gas with thousands separators; the net figure in the buy token.
    expect(within(ah).getByText('180,000')).toBeTruthy();
    expect(within(ah).getByText('0.353999 WETH')).toBeTruthy();
  });

  it('heads the detail with the whole amount sold, not one cut to 6 significant digits', () => {
    render(RowDetail, { ...props(), row: { ...the, netDiffBps: -2.82, sellAmount: '1234567890000' } });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Base: 1,234,567.89 USDC → WETH');
  });

  it('gives both models\' buy figures one precision, enough that nets a few wei apart read differently', () => {
    // Same gross, network fees 0.000000289 WETH apart: at 6 significant digits both nets read "0.319810".
    const gross = 319_812_800_000_000_000n;
    const side = (model: 'allowance-holder' | 'permit2', fee: bigint, entryId: number) => ({
      ...okSide(model, gross, entryId), totalNetworkFee: fee.toString(), networkFeeInBuyToken: fee.toString(), netBuyAmount: (gross - fee).toString(),
    });
    const close = row(8453, 'Base', side('allowance-holder', 1_947_540_000_000n, 3), side('permit2', 2_236_560_000_000n, 4), 0, 'allowance-holder');
    render(RowDetail, { ...props(), row: { ...close, netDiffBps: -0.0090 } });
    const net = (name: string) => within(screen.getByRole('article', { name: `${name} detail` })).getByText(/^Net buy$/).nextElementSibling!.textContent;
    expect(net('Allowance Holder')).toBe('0.3198108 WETH');
    expect(net('Permit2')).toBe('0.3198105 WETH');
    expect(within(screen.getByRole('article', { name: 'Permit2 detail' })).getByText(/^Buy$/).nextElementSibling!.textContent).toBe('0.3198128 WETH');
    // The fee is not one of the compared figures: it keeps its own 6 significant digits.
    expect(within(screen.getByRole('article', { name: 'Permit2 detail' })).getByText(/^Network fee in WETH$/).nextElementSibling!.textContent).toBe('0.00000223656 WETH');
  });

  it('says what each side\'s network fee is made of on Base, from its own body: gas × gas price plus the L1 data cost', () => {
    // Both sides 180,000 gas at 4,000,000 wei (0.00000072 ETH); totals 0.000001 and 0.0000012 ETH: Permit2's longer calldata costs more L1 data.
    const p2Side = { ...okSide('permit2', 353_900_000_000_000_000n, 4), totalNetworkFee: '1200000000000' };
    // Each body carries its own figures, as the service's answers do (the sides are read from them).
    const priced = (zid: string, side: ModelSideWire) => ({ ...body(zid, '0', null), gas: side.gas, gasPrice: '4000000', totalNetworkFee: side.totalNetworkFee });
    render(RowDetail, {
      ...props(),
      row: { ...the, permit2: p2Side },
      allowanceHolder: { entryId: 3, zid: the.allowanceHolder.zid, body: priced(the.allowanceHolder.zid!, the.allowanceHolder) },
      permit2: { entryId: 4, zid: the.permit2.zid, body: priced(the.permit2.zid!, p2Side) },
    });
    const fee = (name: string) => within(screen.getByRole('article', { name: `${name} detail` })).getByText(/^Network fee$/).nextElementSibling!.textContent;
    expect(fee('Allowance Holder')).toBe('0.000001 ETH= gas × gas price 0.00000072 ETH + L1 data cost 0.00000028 ETH');
    expect(fee('Permit2')).toBe('0.0000012 ETH= gas × gas price 0.00000072 ETH + L1 data cost 0.00000048 ETH');
    // The gas price those figures rest on, from the body, so gas × gas price can be checked here.
    const gas = within(screen.getByRole('article', { name: 'Permit2 detail' })).getByText(/^Gas$/).nextElementSibling!;
    expect(gas.textContent!.replace(/\s+/g, ' ')).toBe('180,000 at 0.004 gwei');
    expect(within(gas as HTMLElement).getByTitle('4000000 wei')).toBeTruthy();
  });

  it('writes a Tempo network fee, and its makeup, in wei with why no token is named, never as a bare number', () => {
    // Tempo has no native token (service-facts.json): 180,000 gas at 2,291,666 wei is 412,499,880,000 wei.
    const tempoSide = (side: ModelSideWire): ModelSideWire => ({ ...side, totalNetworkFee: '412499880000', networkFeeInBuyToken: null, netBuyAmount: null });
    const tempo = { ...the, chainId: 4217, chainName: 'Tempo', nativeSymbol: null, networkFeeRate: null, basis: 'gross' as const, feeNotPriced: 'fee not priced: the chain has no native asset to price', allowanceHolder: tempoSide(the.allowanceHolder), permit2: tempoSide(the.permit2) };
    const priced = (zid: string, side: ModelSideWire) => ({ ...body(zid, '0', null), gas: side.gas, gasPrice: '2291666', totalNetworkFee: side.totalNetworkFee });
    render(RowDetail, {
      ...props(),
      row: tempo,
      allowanceHolder: { entryId: 3, zid: tempo.allowanceHolder.zid, body: priced(tempo.allowanceHolder.zid!, tempo.allowanceHolder) },
      permit2: { entryId: 4, zid: tempo.permit2.zid, body: priced(tempo.permit2.zid!, tempo.permit2) },
    });
    const fee = within(screen.getByRole('article', { name: 'Permit2 detail' })).getByText(/^Network fee$/).nextElementSibling!.textContent;
    expect(fee).toBe('412,499,880,000 wei= gas × gas priceno native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in');
  });

  it('shows each answer\'s block, and warns when the two models priced at different blocks', () => {
    const at = (zid: string, blockNumber: string) => ({ ...body(zid, '0', null), blockNumber });
    const { unmount } = render(RowDetail, {
      ...props(),
      allowanceHolder: { entryId: 3, zid: the.allowanceHolder.zid, body: at(the.allowanceHolder.zid!, '34790120') },
      permit2: { entryId: 4, zid: the.permit2.zid, body: at(the.permit2.zid!, '34790121') },
    });
    expect(screen.getByLabelText('Blocks priced at').textContent).toMatch(/^The answers priced at different blocks \(Allowance Holder 34,790,120, Permit2 34,790,121\)/);
    expect(screen.getByLabelText('Blocks priced at').className).toContain('warn');
    expect(within(screen.getByRole('article', { name: 'Permit2 detail' })).getByText(/^Block$/).nextElementSibling!.textContent).toBe('34,790,121');
    unmount();
    render(RowDetail, {
      ...props(),
      allowanceHolder: { entryId: 3, zid: the.allowanceHolder.zid, body: at(the.allowanceHolder.zid!, '34790120') },
      permit2: { entryId: 4, zid: the.permit2.zid, body: at(the.permit2.zid!, '34790120') },
    });
    expect(screen.getByLabelText('Blocks priced at').textContent).toBe('Both answers priced at block 34,790,120.');
  });

  it('reads a side answered since its detail was fetched as loading, not "No body." nor another answer\'s', () => {
    render(RowDetail, {
      ...props(),
      allowanceHolder: { entryId: 3, zid: the.allowanceHolder.zid, body: { ...body(the.allowanceHolder.zid!, '0', null), blockNumber: '34790120' } },
      permit2: null,
    });
    const p2 = screen.getByRole('article', { name: 'Permit2 detail' });
    expect(within(p2).getByText('Loading the answer…')).toBeTruthy();
    expect(within(p2).queryByText('No body.')).toBeNull();
    expect(screen.queryByLabelText('Blocks priced at')).toBeNull();
  });

  it('colours a source by the run-wide series (the table\'s), not by its position in the route', () => {
    render(RowDetail, props());
    const segment = within(screen.getByRole('article', { name: 'Permit2 detail' })).getByTitle(/^Uniswap_V3/);
    // Uniswap_V3 is the second source of the run: series 2, although it is the first in this route.
    expect(segment.getAttribute('style')).toContain('var(--series-2)');
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    render(RowDetail, props(onClose));
    await fireEvent.keyDown(screen.getByRole('region', { name: /^Base:/ }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('RowDetail of a side that failed', () => {
  it('says what to do under the error, as the Explorer does: the app\'s advice for its codes, the service\'s for its names', () => {
    const refused = { ...problemSide('allowance-holder', 'error', 1, 'NETWORK'), errorMessage: 'The service could not be reached: nothing accepted the connection at 127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1)' };
    const limited = { ...problemSide('permit2', 'error', 2, 'RATE_LIMITED'), errorMessage: 'Rate limit of 1 requests per second exceeded' };
    render(RowDetail, { row: row(10, 'Optimism', refused, limited, null, null), onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false, allowanceHolder: null, permit2: null });
    const ah = screen.getByRole('article', { name: 'Allowance Holder detail' });
    const p2 = screen.getByRole('article', { name: 'Permit2 detail' });
    expect(within(ah).getByText(/^What to do:/).parentElement?.textContent).toBe('What to do: Check the base URL and the network connection, proxy or firewall.');
    expect(within(p2).getByText(/^What to do:/).parentElement?.textContent).toMatch(/^What to do: Wait as the Retry-After header says, send fewer requests per second/);
  });

  it('gives no advice for an answered side or a name no one explains', () => {
    const odd = { ...problemSide('permit2', 'error', 2, 'SOMETHING_NEW'), errorMessage: 'new' };
    render(RowDetail, { row: row(10, 'Optimism', okSide('allowance-holder', 10n ** 17n, 1), odd, null, null), onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false, allowanceHolder: null, permit2: null });
    expect(screen.queryByText(/^What to do:/)).toBeNull();
  });
});

describe('RowDetail of sides without a price', () => {
  it('says nothing of the fees of a side that was not priced (rate-limited, no liquidity), rather than "none"', () => {
    const limited = { ...problemSide('allowance-holder', 'error', 5, 'RATE_LIMITED'), zid: null };
    const dry = problemSide('permit2', 'no-liquidity', 6);
    const the = row(42161, 'Arbitrum', limited, dry, null, null);
    render(RowDetail, { row: the, onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false, allowanceHolder: null, permit2: { entryId: 6, zid: dry.zid, body: { liquidityAvailable: false, zid: dry.zid } } });
    for (const name of ['Allowance Holder', 'Permit2']) {
      const figures = within(screen.getByLabelText(`${name} figures`));
      expect(figures.getByText('Fees').nextElementSibling?.textContent).toBe('—');
    }
    // A priced side that charged none still says none.
    cleanup();
    const priced = row(8453, 'Base', okSide('allowance-holder', 10n ** 17n, 1), okSide('permit2', 10n ** 17n, 2), 0, 'tie');
    render(RowDetail, { row: priced, onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false, allowanceHolder: null, permit2: null });
    expect(within(screen.getByLabelText('Allowance Holder figures')).getByText('Fees').nextElementSibling?.textContent).toBe('none');
  });
});

describe('RowDetail of a side that has no answer', () => {
  // As the runner leaves a side it has no answer for: no zid, no entry, no figures.
  const unanswered = (model: ModelSideWire['model'], state: 'cancelled' | 'run-failed' | 'not-requested', errorName: string | null = null): ModelSideWire => ({
    ...problemSide(model, 'error', 0, errorName), state, zid: null, entryId: null, errorMessage: errorName ? 'The API key stored for Local service cannot be sent: it was removed.' : null,
  });
  const detailOf = (ah: ModelSideWire, p2: ModelSideWire, answered: { allowanceHolder?: boolean; permit2?: boolean } = {}) => {
    const the = row(10, 'Optimism', ah, p2, null, null);
    const side = (wire: ModelSideWire) => ({ entryId: wire.entryId, zid: wire.zid, body: { liquidityAvailable: true, zid: wire.zid } });
    render(RowDetail, {
      row: the, onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false,
      allowanceHolder: answered.allowanceHolder ? side(ah) : null, permit2: answered.permit2 ? side(p2) : null,
    });
    return { ah: screen.getByRole('article', { name: 'Allowance Holder detail' }), p2: screen.getByRole('article', { name: 'Permit2 detail' }) };
  };

  it('offers no raw JSON body for a side a cancel or a failed run left unanswered, and says why there is none', () => {
    const { ah, p2 } = detailOf(unanswered('allowance-holder', 'cancelled'), unanswered('permit2', 'run-failed', 'NOT_CONFIGURED'));
    for (const article of [ah, p2]) expect(within(article).queryByText('Raw JSON body')).toBeNull();
    expect(within(ah).getByText('No JSON body: the run was cancelled before this side was answered.')).toBeTruthy();
    expect(within(p2).getByText('No JSON body: the run failed (NOT_CONFIGURED) before this side was answered.')).toBeTruthy();
  });

  it('offers none for a model the run did not ask for, and still offers the answered side\'s', () => {
    const answered = okSide('permit2', 10n ** 17n, 2);
    const { ah, p2 } = detailOf(unanswered('allowance-holder', 'not-requested'), answered, { permit2: true });
    expect(within(ah).queryByText('Raw JSON body')).toBeNull();
    expect(within(ah).getByText('No JSON body: this run did not ask for this model, so nothing was sent.')).toBeTruthy();
    expect(within(p2).getByText('Raw JSON body')).toBeTruthy();
    expect(within(p2).getByLabelText('Permit2 raw JSON body').textContent).toContain(`"zid": "${answered.zid}"`);
  });

  it("names a gateway's HTML 502 a raw body that is not JSON and shows it as received; says an empty 503 was empty", () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const gateway = { ...problemSide('allowance-holder', 'error', 3, 'REMOTE_ERROR'), zid: null };
    const empty = { ...problemSide('permit2', 'error', 4, 'REMOTE_ERROR'), zid: null };
    render(RowDetail, {
      row: row(1, 'Ethereum', gateway, empty, null, null), onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false,
      allowanceHolder: { entryId: 3, zid: null, body: page, status: 502 },
      permit2: { entryId: 4, zid: null, body: '', status: 503 },
    });
    const ah = screen.getByRole('article', { name: 'Allowance Holder detail' });
    const p2 = screen.getByRole('article', { name: 'Permit2 detail' });
    expect(within(ah).queryByText('Raw JSON body')).toBeNull();
    expect(within(ah).getByText('Raw body (not JSON, HTTP 502)')).toBeTruthy();
    expect(within(ah).getByLabelText('Allowance Holder raw body').textContent).toBe(page);
    expect(within(p2).queryByText(/^Raw/)).toBeNull();
    expect(within(p2).getByText('No body: the answer (HTTP 503) was empty, so there is nothing to show.')).toBeTruthy();
    // What to do is the retried gateway status's, read from each answer's status.
    for (const article of [ah, p2]) expect(article.querySelector('.fix')?.textContent).toMatch(/^What to do: It was already retried as far as the retry rule allows/);
  });

  it('offers no raw JSON body for a side no answer reached, and keeps the body of an error the service answered', () => {
    const unreachable = { ...problemSide('allowance-holder', 'error', 3, 'NETWORK'), zid: null };
    const refused = problemSide('permit2', 'error', 4, 'INPUT_INVALID');
    render(RowDetail, {
      row: row(1, 'Ethereum', unreachable, refused, null, null), onOpenEntry: vi.fn(), onClose: vi.fn(), hasTaker: false,
      allowanceHolder: { entryId: 3, zid: null, body: '', status: null },
      permit2: { entryId: 4, zid: refused.zid, body: { name: 'INPUT_INVALID', message: 'refused' }, status: 400 },
    });
    const ah = screen.getByRole('article', { name: 'Allowance Holder detail' });
    const p2 = screen.getByRole('article', { name: 'Permit2 detail' });
    expect(within(ah).queryByText('Raw JSON body')).toBeNull();
    expect(within(ah).getByText('No JSON body: no answer was received (NETWORK), so there is no response to show.')).toBeTruthy();
    expect(within(p2).getByLabelText('Permit2 raw JSON body').textContent).toContain('"name": "INPUT_INVALID"');
  });
});
