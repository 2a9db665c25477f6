import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorDetails from './ErrorDetails.svelte';
import FeesTable from './FeesTable.svelte';
import IssuesList from './IssuesList.svelte';
import RouteFills from './RouteFills.svelte';
import TokenTaxes from './TokenTaxes.svelte';
import { routeHops } from './route-bars.ts';

afterEach(cleanup);

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const tokens = [{ address: USDC, symbol: 'USDC' }, { address: WETH, symbol: 'WETH' }, { address: DAI, symbol: 'DAI' }];

describe('RouteFills', () => {
  it('shows each hop as from → to symbols with its sources as percentages of that hop', () => {
    render(RouteFills, {
      fills: [
        { from: USDC, to: WETH, source: 'Uniswap_V3', proportionBps: '3000' },
        { from: USDC, to: DAI, source: 'Curve', proportionBps: '7000' },
        { from: DAI, to: WETH, source: 'Uniswap_V2', proportionBps: '7000' },
      ],
      tokens,
    });
    expect(screen.getByRole('img', { name: 'USDC → WETH: Uniswap_V3 100%' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'USDC → DAI: Curve 100%' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'DAI → WETH sources' });
    expect(within(legend).getByText('Uniswap_V2')).toBeTruthy();
    // Two paths: each hop's 100% is of that hop, and the hop says how much of the trade it carries.
    expect(screen.getByText('USDC → WETH, 30.00% of the trade')).toBeTruthy();
    expect(screen.getByText('DAI → WETH, 70.00% of the trade')).toBeTruthy();
  });

  it('shows a two-hop route that carries the whole trade as two hops of one source each, with no trade share', () => {
    render(RouteFills, { fills: [{ from: USDC, to: WETH, source: 'RFQ', proportionBps: '10000' }, { from: WETH, to: DAI, source: 'Uniswap_V2', proportionBps: '10000' }], tokens });
    expect(screen.getByRole('img', { name: 'USDC → WETH: RFQ 100%' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'WETH → DAI: Uniswap_V2 100%' })).toBeTruthy();
    expect(screen.queryByText(/of the trade/)).toBeNull();
  });

  it('splits one hop between sources and keeps a colour per source', () => {
    const hops = routeHops([
      { from: USDC, to: WETH, source: 'A', proportionBps: '2500' },
      { from: USDC, to: WETH, source: 'B', proportionBps: '7500' },
    ]);
    expect(hops).toHaveLength(1);
    expect(hops[0]?.parts.map((part) => [part.source, part.percent, part.series])).toEqual([['A', 25, 1], ['B', 75, 2]]);
    render(RouteFills, { fills: [{ from: USDC, to: WETH, source: 'A', proportionBps: '2500' }, { from: USDC, to: WETH, source: 'B', proportionBps: '7500' }], tokens });
    expect(screen.getByRole('img', { name: 'USDC → WETH: A 25%, B 75%' })).toBeTruthy();
  });

  it('says so when there are no fills', () => {
    render(RouteFills, { fills: [], tokens });
    expect(screen.getByText('No route fills.')).toBeTruthy();
  });
});

describe('FeesTable', () => {
  const USDC = { symbol: 'USDC', decimals: 6 };
  const fee = (amount: string) => ({ amount, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', type: 'volume' });
  const names = () => within(screen.getByRole('table', { name: 'Fees' })).getAllByRole('rowheader').map((cell) => cell.textContent);

  it('lists a fee sent in both integratorFee and integratorFees once, as the comparison counts it', () => {
    render(FeesTable, { fees: { integratorFee: fee('2500000'), integratorFees: [fee('2500000')], serviceFee: null, gasFee: null }, tokenInfo: () => USDC });
    expect(names()).toEqual(['Integrator fee']);
  });

  it('numbers the fees of several recipients, and reads integratorFee alone when integratorFees is empty', () => {
    render(FeesTable, { fees: { integratorFee: fee('2500000'), integratorFees: [fee('2500000'), fee('1000000')], serviceFee: null, gasFee: null }, tokenInfo: () => USDC });
    expect(names()).toEqual(['Integrator fee 1', 'Integrator fee 2']);
    cleanup();
    render(FeesTable, { fees: { integratorFee: fee('2500000'), integratorFees: [], serviceFee: null, gasFee: null }, tokenInfo: () => USDC });
    expect(names()).toEqual(['Integrator fee']);
  });
});

describe('TokenTaxes', () => {
  it('shows "unknown" for null taxes and bps for known ones', () => {
    render(TokenTaxes, { taxes: { 'Sell WETH': { buyTaxBps: '0', sellTaxBps: null, transferTaxBps: '15' } } });
    const row = screen.getByRole('row', { name: /Sell WETH/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0 bps', 'unknown', '15 bps']);
  });
});

describe('IssuesList', () => {
  const issues = { allowance: { actual: '0', spender: DAI }, balance: { token: WETH.toLowerCase(), actual: '2500000000000000', expected: '498000000000000000' }, simulationIncomplete: false, invalidSourcesPassed: [] };

  it('reads the balance and allowance in token units, base units on hover', () => {
    render(IssuesList, { issues, tokenInfo: (address: string) => (address.toLowerCase() === WETH.toLowerCase() ? { symbol: 'WETH', decimals: 18 } : undefined), sellToken: WETH, takerSent: true });
    const list = screen.getByRole('list', { name: 'Issues' });
    expect(list.textContent).toContain('Balance too low: has 0.0025 WETH, needs 0.498 WETH');
    expect(within(list).getByText('0.498 WETH').getAttribute('title')).toBe('498000000000000000 base units');
    expect(list.textContent).toContain('current allowance 0 WETH');
  });

  it('reads what the trade needs rounded up (the exact-out spend bound it equals), what it has cut', () => {
    const exactOut = { ...issues, balance: { token: WETH.toLowerCase(), actual: '2531239999999999', expected: '491044133984021876' } };
    render(IssuesList, { issues: exactOut, tokenInfo: () => ({ symbol: 'WETH', decimals: 18 }), sellToken: WETH, takerSent: true });
    expect(screen.getByRole('list', { name: 'Issues' }).textContent).toContain('has 0.00253123 WETH, needs 0.491045 WETH');
  });

  it('names an unknown token by address, a space before what it has', () => {
    render(IssuesList, { issues, takerSent: true });
    expect(screen.getByRole('list', { name: 'Issues' }).textContent).toContain(`token ${WETH.toLowerCase()} has 2500000000000000 base units, needs 498000000000000000 base units`);
  });
});

describe('IssuesList without a taker', () => {
  const empty = { allowance: null, balance: null, simulationIncomplete: false, invalidSourcesPassed: [] };

  it('calls empty issues "not checked" when no taker was sent, and "No issues." only when one was', () => {
    render(IssuesList, { issues: empty, takerSent: false });
    const list = screen.getByRole('list', { name: 'Issues' });
    expect(list.textContent).toContain('Allowance and balance not checked: no taker was sent');
    expect(list.textContent).not.toContain('No issues');
    cleanup();
    render(IssuesList, { issues: empty, takerSent: true });
    expect(screen.getByRole('list', { name: 'Issues' }).textContent?.trim()).toBe('No issues.');
  });

  it('still lists what the service reported, beside the note', () => {
    render(IssuesList, { issues: { ...empty, simulationIncomplete: true }, takerSent: false });
    const text = screen.getByRole('list', { name: 'Issues' }).textContent;
    expect(text).toContain('Simulation incomplete');
    expect(text).toContain('not checked: no taker was sent');
  });
});

describe('ErrorDetails', () => {
  it('lists INPUT_INVALID details by field with the name, message and zid', () => {
    render(ErrorDetails, {
      serviceError: { name: 'INPUT_INVALID', message: 'Validation failed', data: { zid: '0x0123456789abcdef01234567', details: [{ field: 'slippageBps', reason: 'must be at most 10000' }, { field: 'taker', reason: 'is required' }] } },
      appError: { code: 'REMOTE_ERROR', message: 'HTTP 400' },
    });
    expect(screen.getByRole('heading', { name: 'INPUT_INVALID' })).toBeTruthy();
    expect(screen.getByText('0x0123456789abcdef01234567')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Field details' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([['slippageBps', 'must be at most 10000'], ['taker', 'is required']]);
  });

  it('says a zid the screen shows already once, and does not restate the service error as REMOTE_ERROR', () => {
    const zid = '0x0123456789abcdef01234567';
    const serviceError = { name: 'TOKEN_NOT_SUPPORTED', message: 'sellToken 0x11 is not supported on chain 1', data: { zid } };
    render(ErrorDetails, { serviceError, appError: { code: 'REMOTE_ERROR', message: `HTTP 400 Bad Request: TOKEN_NOT_SUPPORTED (${serviceError.message})` }, shownZid: zid });
    const error = screen.getByRole('alert', { name: 'Error' });
    expect(error.textContent).not.toContain(zid);
    expect(screen.queryByRole('button', { name: 'Copy error zid' })).toBeNull();
    expect(error.textContent).not.toContain('REMOTE_ERROR');
    expect(error.textContent!.split(serviceError.message).length - 1).toBe(1);
  });

  it('keeps an app code that reads the error its own way (a refused key)', () => {
    render(ErrorDetails, { serviceError: { name: 'UNAUTHORIZED', message: 'Invalid API key' }, appError: { code: 'AUTH_FAILED', message: 'The service refused the API key (HTTP 401)' } });
    expect(screen.getByRole('alert', { name: 'Error' }).textContent).toContain('App code AUTH_FAILED: The service refused the API key (HTTP 401)');
  });

  it("names the browser's own error of an imported request that got no answer, with its reading", () => {
    render(ErrorDetails, { status: null, bodyText: '', clientError: 'net::ERR_NAME_NOT_RESOLVED' });
    const error = screen.getByRole('alert', { name: 'Error' });
    expect(within(error).getByRole('heading').textContent).toBe('NO RESPONSE');
    expect(error.textContent).toContain('The browser reported net::ERR_NAME_NOT_RESOLVED');
    expect(error.textContent).toMatch(/host name/i);
  });

  it('shows an app error without a service body', () => {
    render(ErrorDetails, { appError: { code: 'TIMEOUT', message: 'No answer in 15 s' } });
    expect(screen.getByRole('heading', { name: 'TIMEOUT' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Field details' })).toBeNull();
  });
});
