import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ResultPanel from './ResultPanel.svelte';
import fixtures from './result-fixtures.json' with { type: 'json' };
import { formatTokenAmount } from '../../../../src/domain/number-format.ts';
import { localTime } from '../../local-time.ts';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { SETTLER_ABI } from '../../../../src/domain/settler-abi.ts';
import { PERMIT2_ADDRESS } from '../../../../src/domain/chains.ts';
import { checkTypedDataHash } from '../../../../src/domain/permit2-explainer.ts';
import type { Eip712 } from '../../../../src/spec/index.ts';
import { entry } from './result-test-entry.ts';

afterEach(cleanup);

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

  it("checks a quote's calldata against its answer: the settler's minimum and the zid are the answer's, or it says they are not", () => {
    const body = fixtures.permit2Quote as Record<string, unknown>;
    render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    const items = () => [...screen.getByRole('list', { name: 'Calldata against the answer' }).querySelectorAll('li')].map((item) => [item.className.split(' ')[0], item.textContent]);
    expect(items()).toEqual([['good', "Enforces the answer's minBuyAmount"], ['good', "Pays the buy token to the request's taker"], ['good', "Carries the answer's zid"]]);
    expect(screen.getByLabelText('Decoded recipient').textContent).toBe('0xde30000000000000000000000000000000000001');
    // What it tells the settler to do, in order, amounts in token units: pull the sell amount with the permit, then the fills.
    const steps = [...screen.getByRole('list', { name: 'What the calldata tells the settler to do' }).querySelectorAll('li')].map((item) => item.textContent);
    expect(steps[0]).toMatch(/^pull 1,000 USDC from the taker to 0x[0-9a-f]{40} \(permit nonce \d+\)$/);
    expect(steps.slice(1)).toEqual((body.route as { fills: { source: string; proportionBps: string }[] }).fills.map((fill) => expect.stringMatching(new RegExp(`^swap USDC for WETH on ${fill.source} \\(pool 0x[0-9a-f]{40}\\), ${(Number(fill.proportionBps) / 100).toFixed(2)}% of the trade$`))));
    cleanup();
    const other = { ...body, minBuyAmount: String(BigInt(String(body.minBuyAmount)) + 1n), zid: '0x000000000000000000000001' };
    render(ResultPanel, { result: { entry: entry(other, 200), stored: true, warning: null } });
    const [minimum, , zid] = items();
    expect(minimum![0]).toBe('bad');
    expect(minimum![1]).toMatch(/^Does NOT enforce the answer's minBuyAmount: the calldata's minimum is [\d.]+ WETH, the answer's [\d.]+ WETH$/);
    expect(zid).toEqual(['bad', "Carries another zid than the answer's (0x000000000000000000000001): the calldata is another answer's"]);
  });

  it('does not show a minimum of 0 as a green all-clear: it says the settler accepts any amount', () => {
    // slippageBps=10000 (the spec's upper limit) makes minBuyAmount 0; 'Enforces the answer's
    // minBuyAmount' in green read as protection the trade does not have.
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { data: string } };
    const { functionName, args } = decodeFunctionData({ abi: SETTLER_ABI, data: body.transaction.data as Hex });
    if (functionName !== 'execute') throw new Error(functionName);
    const data = encodeFunctionData({ abi: SETTLER_ABI, functionName, args: [{ ...args[0], minAmountOut: 0n }, args[1], args[2]] });
    render(ResultPanel, { result: { entry: entry({ ...body, minBuyAmount: '0', transaction: { ...body.transaction, data } }, 200), stored: true, warning: null } });
    const item = [...screen.getByRole('list', { name: 'Calldata against the answer' }).querySelectorAll('li')][0]!;
    expect([item.className.split(' ')[0], item.textContent]).toEqual(['warn', "Enforces the answer's minBuyAmount, which is 0: the settler accepts any amount bought, however little (a slippage tolerance of 100%)"]);
  });

  it("says when a quote's calldata pays the buy token to another address than the request's recipient", () => {
    // The recipient the settler pays was shown only checksummed in the argument table, and never set
    // against the request: "the tokens never arrived" had no answer on the screen.
    const body = fixtures.permit2Quote as Record<string, unknown>;
    const sent = entry(body, 200);
    render(ResultPanel, { result: { entry: { ...sent, query: { ...sent.query, recipient: '0x2222222222222222222222222222222222222222' } }, stored: true, warning: null } });
    const list = screen.getByRole('list', { name: 'Calldata against the answer' });
    const item = [...list.querySelectorAll('li')].find((li) => li.textContent!.startsWith('Pays'))!;
    expect([item.className.split(' ')[0], item.textContent]).toEqual(['bad', "Pays the buy token to another address than the request's recipient (0x2222222222222222222222222222222222222222)"]);
    expect(screen.getByLabelText('Decoded recipient').textContent).toBe('0xde30000000000000000000000000000000000001');
  });

  it("sets what the permit signs against the quote: green where equal, red naming both values where a matching hash hides another spender", () => {
    // "Hash matches" was the one verdict: typed data re-hashed after its spender was changed read
    // as safe to sign, though the signature let another contract pull the taker's USDC.
    const body = fixtures.permit2Quote as Record<string, unknown> & { transaction: { to: string }; permit2: { hash: string; eip712: Eip712 } };
    const sent = entry(body, 200);
    const withSellToken = (answer: unknown) => ({ ...entry(answer, 200), query: { ...sent.query, sellToken: '0xA0b86991c6218b36c1D19D4a2e9Eb0cE3606eB48' } });
    const items = () => [...screen.getByRole('list', { name: 'What the permit signs, against the quote' }).querySelectorAll('li')].map((item) => [item.className.split(' ')[0], item.textContent]);
    render(ResultPanel, { result: { entry: withSellToken(body), stored: true, warning: null } });
    expect(items()).toEqual([
      ['good', `Spender is the settler the transaction calls (transaction.to ${body.transaction.to})`],
      ['good', `Signed for the Permit2 contract (domain.verifyingContract ${PERMIT2_ADDRESS.toLowerCase()})`],
      ['good', "Signed for the request's chainId, Ethereum (1) (domain.chainId 1)"],
      ['good', "Permits the request's sellToken, USDC"],
      ['good', "Permits exactly the answer's sellAmount, 1,000 USDC"],
      ['good', "The calldata's permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message's"],
    ]);
    cleanup();
    const other = '0x1111111111111111111111111111111111111111';
    const eip712 = { ...body.permit2.eip712, message: { ...body.permit2.eip712.message, spender: other } };
    const respent = { ...body, permit2: { ...body.permit2, eip712, hash: checkTypedDataHash(eip712, null).computed } };
    render(ResultPanel, { result: { entry: withSellToken(respent), stored: true, warning: null } });
    expect(screen.getByLabelText('Hash check').textContent).toMatch(/^\s*Hash matches the typed data/);
    expect(items()[0]).toEqual(['bad', `Spender ${other} is NOT the settler the transaction calls (transaction.to ${body.transaction.to}): the signature would let another contract pull the tokens`]);
    expect(items().slice(1).map(([verdict]) => verdict)).toEqual(['good', 'good', 'good', 'good', 'good']);
    // And "What to do" no longer asks to sign it.
    const advice = screen.getByRole('list', { name: 'Allowance advice' }).textContent!;
    expect(advice).toContain("Do not sign permit2.eip712: its spender is not this quote's");
    expect(advice).not.toContain('Sign permit2.eip712, then append');
  });

  it("shows in red a permit signed for another chain than the request's, or for another nonce than the calldata carries, though its hash matches", () => {
    // Neither was compared: a signature for Base's domain on an Ethereum quote, or for a nonce the
    // settler never presents, read green throughout beside "Hash matches".
    const body = fixtures.permit2Quote as Record<string, unknown> & { permit2: { hash: string; eip712: Eip712 } };
    const { nonce } = body.permit2.eip712.message as { nonce: string };
    const rehashed = (eip712: Eip712) => ({ ...body, permit2: { ...body.permit2, eip712, hash: checkTypedDataHash(eip712, null).computed } });
    const moved = rehashed({ ...body.permit2.eip712, domain: { ...body.permit2.eip712.domain, chainId: 8453 }, message: { ...body.permit2.eip712.message, nonce: String(BigInt(nonce) + 1n) } });
    const sent = entry(moved, 200);
    render(ResultPanel, { result: { entry: { ...sent, query: { ...sent.query, sellToken: '0xA0b86991c6218b36c1D19D4a2e9Eb0cE3606eB48' } }, stored: true, warning: null } });
    expect(screen.getByLabelText('Hash check').textContent).toMatch(/^\s*Hash matches the typed data/);
    const items = [...screen.getByRole('list', { name: 'What the permit signs, against the quote' }).querySelectorAll('li')].map((item) => [item.className.split(' ')[0], item.textContent]);
    expect(items.filter(([verdict]) => verdict !== 'good')).toEqual([
      ['bad', "Signed for chain Base (8453), NOT the request's chainId Ethereum (1) (domain.chainId): the signature would be good on that chain, not for this trade"],
      ['bad', `The calldata's permit (transaction.data) is NOT the one signed: message.nonce ${BigInt(nonce) + 1n}, NOT the calldata's ${nonce}. Permit2 would reject the signature and the swap would revert`],
    ]);
    const advice = screen.getByRole('list', { name: 'Allowance advice' }).textContent!;
    expect(advice).toContain("Do not sign permit2.eip712: its domain.chainId is not this quote's and its nonce is not the permit transaction.data carries");
    expect(advice).not.toContain('Sign permit2.eip712, then append');
  });

  it('reads the EIP-712 deadline in local time against when the answer came, not against the clock', () => {
    const body = fixtures.permit2Quote as Record<string, unknown> & { permit2: { eip712: { message: { deadline: string } } } };
    const instant = new Date(Number(body.permit2.eip712.message.deadline) * 1000).toISOString().replace('.000Z', 'Z');
    // The reading, under the raw value in the row's last cell.
    const deadlineCell = () => within(screen.getByRole('table', { name: 'EIP-712 data' })).getByRole('row', { name: /message\.deadline/ }).lastElementChild!.querySelector('.gloss')!;
    // The fixture's answer came 5 min before its deadline (sent 12:00:00, deadline 12:05:00 UTC).
    render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    expect(deadlineCell().textContent).toBe(`${localTime(instant)} (5 min after the answer)`);
    expect(deadlineCell().querySelector('time')!.getAttribute('datetime')).toBe(instant);
    cleanup();
    // The same body kept from a request sent 10 min later: its deadline had passed when it came.
    render(ResultPanel, { result: { entry: { ...entry(body, 200), startedAt: '2026-01-15T12:10:00.000Z' }, stored: true, warning: null } });
    expect(deadlineCell().textContent).toBe(`${localTime(instant)} (expired: 5 min before the answer)`);
  });

  it('applies the allowance rules: Permit2 allowance sufficient, transaction.to is not the spender; an allowance issue asks for an approval', () => {
    const body = fixtures.permit2Quote as Record<string, unknown>;
    const { unmount } = render(ResultPanel, { result: { entry: entry(body, 200), stored: true, warning: null } });
    const advice = screen.getByRole('list', { name: 'Allowance advice' });
    expect(advice.textContent).toContain(`The service found the taker's allowance on ${String(body.allowanceTarget)} (Permit2) sufficient: the answer reports no allowance issue (issues.allowance is null)`);
    expect(advice.textContent).toContain('Sign');
    unmount();
    const issues = { ...(body.issues as object), allowance: { actual: '0', spender: body.allowanceTarget } };
    render(ResultPanel, { result: { entry: entry({ ...body, issues }, 200), stored: true, warning: null }, standalone: false });
    const action = within(screen.getByRole('list', { name: 'Allowance advice' })).getAllByRole('listitem')[0]!;
    expect(action.textContent).toContain(`Set the allowance on ${String(body.allowanceTarget)} (Permit2), never on the settler`);
    expect(screen.queryByRole('button', { name: 'Open in history' })).toBeNull();
  });

  it('shows an exact-out quote: buyAmount as asked, maxSellAmount, estimated net spend, both routes and calldata that guarantees the amount', () => {
    const body = fixtures.allowanceHolderExactOutQuote;
    render(ResultPanel, { result: { entry: entry(body, 200, null, 'allowance-holder.quote'), stored: true, warning: null } });
    const cell = (name: RegExp) => within(screen.getByRole('row', { name })).getByRole('cell').textContent;
    expect(cell(/^Buy amount \(as asked\)/)).toBe('1 USDC');
    // A bound is rounded up: 0.000321078693629582 cut to 6 significant digits would read 0.000321078, below it.
    expect(body.maxSellAmount).toBe('321078693629582');
    expect(cell(/^Max sell amount/)).toBe('0.000321079 WETH');
    expect(cell(/^Estimated net sell amount/)).toBe(`${formatTokenAmount(body.estimatedNetSellAmount, 18)} WETH`);
    expect(screen.queryByRole('row', { name: /^Min buy amount/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Forward route' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Refund route' })).toBeTruthy();
    const bounds = screen.getByRole('list', { name: 'Exact-out bounds' }).textContent;
    expect(bounds).toContain('Guarantees the buy amount');
    expect(bounds).toContain('Spends at most maxSellAmount');
    // Its minimum is a bound, checked above, not a copy of a minBuyAmount: the recipient and the zid are compared.
    expect([...screen.getByRole('list', { name: 'Calldata against the answer' }).querySelectorAll('li')].map((item) => item.textContent)).toEqual(["Pays the buy token to the request's taker", "Carries the answer's zid"]);
    expect(screen.getByRole('list', { name: 'Allowance advice' }).textContent).toContain('Set the allowance on 0x0000000000001ff3684f28c67538d4d072c22734 (the Allowance Holder)');
  });

  it("lists exec's own arguments before the settler call it forwards, each read in its token or as the request's", () => {
    // Only the forwarded execute's arguments were listed, raw: what exec lets be pulled appeared in
    // no row, and minAmountOut read 1000000 with no token.
    const body = fixtures.allowanceHolderExactOutQuote;
    render(ResultPanel, { result: { entry: entry(body, 200, null, 'allowance-holder.quote'), stored: true, warning: null } });
    const rows = [...within(screen.getByRole('table', { name: 'Calldata arguments' })).getAllByRole('row')].slice(1);
    const read = (path: string) => {
      const row = rows.find((candidate) => candidate.querySelector('td')!.firstChild!.textContent === path);
      expect(row, path).toBeTruthy();
      return row!.querySelector('td:last-child .gloss:last-child')?.textContent ?? null;
    };
    expect(rows.map((row) => row.querySelector('td')!.firstChild!.textContent)).toEqual(['exec.operator', 'exec.token', 'exec.amount', 'exec.target', 'slippage.recipient', 'slippage.buyToken', 'slippage.minAmountOut', 'actions', 'zidAndAffiliate']);
    expect(read('exec.token')).toBe('WETH');
    expect(rows[1]!.querySelector('td:last-child')!.firstChild!.textContent).toBe(body.sellToken);
    expect(read('exec.amount')).toBe('up to 0.000321079 WETH');
    expect(read('slippage.recipient')).toBe("the request's taker");
    expect(read('slippage.buyToken')).toBe('USDC');
    expect(read('slippage.minAmountOut')).toBe('at least 1 USDC');
    expect(read('zidAndAffiliate')).toBe(`zid ${body.zid} · affiliate none`);
  });

  it('does not call an exact-out minimum missing from the calldata a failed guarantee: it says there is none to compare', () => {
    const body = fixtures.allowanceHolderExactOutQuote;
    // exec forwarding data that is no settler call: the call has no minAmountOut to check.
    const { args } = decodeFunctionData({ abi: SETTLER_ABI, data: body.transaction.data as Hex });
    const [operator, tokenAddress, amount, target] = args as readonly [Hex, Hex, bigint, Hex, Hex];
    const data = encodeFunctionData({ abi: SETTLER_ABI, functionName: 'exec', args: [operator, tokenAddress, amount, target, '0xdeadbeef'] });
    render(ResultPanel, { result: { entry: entry({ ...body, transaction: { ...body.transaction, data } }, 200, null, 'allowance-holder.quote'), stored: true, warning: null } });
    const [minimum] = within(screen.getByRole('list', { name: 'Exact-out bounds' })).getAllByRole('listitem');
    expect(minimum!.textContent).toMatch(/^No minAmountOut to compare with buyAmount/);
    expect(minimum!.className).toContain('muted');
  });

  it('shows the service INPUT_INVALID with its field details', () => {
    render(ResultPanel, { result: { entry: entry(fixtures.inputInvalid, 400, { code: 'REMOTE_ERROR', message: 'HTTP 400' }), stored: true, warning: null } });
    expect(screen.getByRole('heading', { name: 'INPUT_INVALID' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Field details' })).getByText('slippageBps')).toBeTruthy();
  });
});

describe('ResultPanel, the raw response', () => {
  const GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n';

  it("names a gateway's HTML page as a raw body that is not JSON, copied as received", () => {
    const page = { ...entry(null, 502, { code: 'REMOTE_ERROR', message: 'HTTP 502 Bad Gateway' }), bodyText: GATEWAY_PAGE };
    render(ResultPanel, { result: { entry: page, stored: true, warning: null } });
    expect(screen.getByRole('region', { name: 'Raw body (not JSON)' }).textContent).toBe(GATEWAY_PAGE);
    expect(screen.queryByRole('region', { name: 'Raw JSON' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy as received Raw body (not JSON)' })).toBeTruthy();
    // Its REMOTE_ERROR is explained as the 502 it is: a gateway answered, and it was retried.
    const error = screen.getByRole('alert', { name: 'Error' }).textContent ?? '';
    expect(error).toContain('HTTP 502 with no error the app knows: a gateway');
    expect(error).toContain('Fix: It was already retried');
  });

  it('names a JSON answer raw JSON, copied formatted', () => {
    render(ResultPanel, { result: { entry: entry(fixtures.inputInvalid, 400, { code: 'REMOTE_ERROR', message: 'HTTP 400' }), stored: true, warning: null } });
    expect(screen.getByRole('region', { name: 'Raw JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy formatted Raw JSON' })).toBeTruthy();
  });
});

describe('ResultPanel, an answer not read', () => {
  it("says the browser's error of a 2xx its HAR holds no body for, as the error details would", () => {
    // Chrome keeps a status and writes _error when the answer was cut off after its headers.
    const cutOff = { ...entry(null, 200), origin: 'imported' as const, bodyText: '', clientError: 'net::ERR_CONTENT_LENGTH_MISMATCH' };
    render(ResultPanel, { result: { entry: cutOff, stored: true, warning: null } });
    const unread = screen.getByRole('status', { name: 'Answer not read' }).textContent ?? '';
    expect(unread).toContain('The browser reported net::ERR_CONTENT_LENGTH_MISMATCH');
    expect(unread).toContain('The record holds no body for this HTTP 200 answer');
  });
});
