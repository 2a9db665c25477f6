import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ResultPanel from './ResultPanel.svelte';
import fixtures from './result-fixtures.json' with { type: 'json' };

afterEach(cleanup);

// Bodies answered by the real local service (Permit2 quote USDC -> WETH on chain 1; slippageBps 20000).
function entry(body: unknown, status: number, appError: { code: 'REMOTE_ERROR'; message: string } | null = null) {
  return {
    id: 7, startedAt: '2026-01-15T12:00:00.000Z', origin: 'sent' as const, profileId: 'local', profileName: 'Local service',
    endpoint: 'permit2.quote' as const, chainId: 1, sellToken: null, buyToken: null, status, errorName: null, zid: null, durationMs: 12.4, replayOf: null,
    method: 'GET' as const, url: 'https://127.0.0.1:5555/swap/permit2/quote?chainId=1', query: { taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, requestHeaders: { 'svc-api-key': 'secret-key-1', 'svc-version': 'v2' },
    statusText: status === 200 ? 'OK' : 'Bad Request', responseHeaders: {}, bodyText: JSON.stringify(body), body, schemaReport: [], attempts: 1, appError,
  };
}

describe('ResultPanel', () => {
  it('shows a Permit2 quote: zid, summary, route, transaction, decoded calldata and the EIP-712 hash match', () => {
    const body = fixtures.permit2Quote as Record<string, unknown>;
    render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    expect(screen.getByLabelText('zid').textContent).toBe(body.zid);
    expect(within(screen.getByRole('row', { name: /^Buy amount/ })).getByRole('cell').textContent).toBe('0.302183 WETH');
    expect(screen.getByRole('group', { name: 'Route' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Transaction' })).toBeTruthy();
    expect(screen.getByLabelText('Decoded function').textContent).toBe('execute');
    expect(screen.getByLabelText('Hash check').textContent).toMatch(/^\s*Hash matches/);
    expect(screen.getByRole('table', { name: 'EIP-712 data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open in history' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('secret-key-1');
  });

  it('applies the allowance rules: Permit2 allowance sufficient, transaction.to is not the spender; an allowance issue asks for an approval', () => {
    const body = fixtures.permit2Quote as Record<string, unknown>;
    const { unmount } = render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    const advice = screen.getByRole('list', { name: 'Allowance advice' });
    expect(advice.textContent).toContain(`The allowance on ${String(body.allowanceTarget)} (Permit2) is sufficient`);
    expect(advice.textContent).toContain('Sign');
    unmount();
    const issues = { ...(body.issues as object), allowance: { actual: '0', spender: body.allowanceTarget } };
    render(ResultPanel, { result: { entry: entry({ ...body, issues }, 200), stored: true, warning: null }, standalone: false });
    const action = within(screen.getByRole('list', { name: 'Allowance advice' })).getAllByRole('listitem')[0]!;
    expect(action.textContent).toContain(`Set the allowance on ${String(body.allowanceTarget)} (Permit2), never on the settler`);
    expect(screen.queryByRole('button', { name: 'Open in history' })).toBeNull();
  });

  it('shows the service INPUT_INVALID with its field details', () => {
    render(ResultPanel, { result: { entry: entry(fixtures.inputInvalid, 400, { code: 'REMOTE_ERROR', message: 'HTTP 400' }), stored: true, warning: null } });
    expect(screen.getByRole('heading', { name: 'INPUT_INVALID' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Field details' })).getByText('slippageBps')).toBeTruthy();
  });
});
