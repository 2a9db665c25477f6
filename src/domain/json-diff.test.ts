import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { setOwn } from './own-record.ts';
import { diffJson, diffJsonText, type DiffEntry } from './json-diff.ts';

// Applies a diff to `before` by walking the paths; a diff that applies back to `after` is complete.
// Keys are set with setOwn: a body may have a "__proto__" key (JSON.parse makes it an own key).
function setAt(root: unknown, path: string, value: unknown, remove: boolean): unknown {
  const keys = [...path.slice(1).matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)].map((m) => (m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3]!))) as string | number);
  if (keys.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = keys.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.length = Number(last);
    else delete node[last];
  } else if (Array.isArray(node)) node[last as number] = value;
  else setOwn(node, String(last), value);
  return root;
}

function apply(before: unknown, entries: DiffEntry[]): unknown {
  let root = structuredClone(before);
  // Removals from the end first so that array truncation does not shift earlier paths.
  for (const entry of [...entries].reverse()) root = setAt(root, entry.path, entry.after, entry.kind === 'removed');
  return root;
}

describe('diffJson', () => {
  it('reports changed, added and removed paths of two price bodies, amounts also in bps', () => {
    const before = permit2PriceBody();
    const after = permit2PriceBody();
    after.buyAmount = String((BigInt(before.buyAmount as string) * 10_050n) / 10_000n);
    (after.route as { fills: { source: string }[] }).fills[0]!.source = 'UniswapV3';
    after.extra = { 'odd-key': 1 };
    delete after.gas;
    const entries = diffJson(before, after);
    expect(entries).toContainEqual(expect.objectContaining({ path: '$.buyAmount', kind: 'changed', before: before.buyAmount, after: after.buyAmount, bps: 50 }));
    expect(entries).toContainEqual({ path: '$.route.fills[0].source', kind: 'changed', before: 'SolidlyV3', after: 'UniswapV3' });
    expect(entries).toContainEqual({ path: '$.extra', kind: 'added', after: { 'odd-key': 1 } });
    expect(entries).toContainEqual({ path: '$.gas', kind: 'removed', before: before.gas });
    expect(entries).toHaveLength(4);
  });

  it('gives no bps for decimal strings that are not amounts, nor for non-numeric strings', () => {
    const entries = diffJson({ blockNumber: '1', zid: '0x1', sellAmount: '0' }, { blockNumber: '2', zid: '0x2', sellAmount: '5' });
    expect(entries.every((entry) => !('bps' in entry) || entry.path === '$.sellAmount')).toBe(true);
    expect(entries.find((entry) => entry.path === '$.sellAmount')!.bps).toBeNull();
  });

  it('compares arrays by index, reporting extra items as added or removed', () => {
    expect(diffJson({ a: [1, 2, 3] }, { a: [1, 5] })).toEqual([
      { path: '$.a[1]', kind: 'changed', before: 2, after: 5 },
      { path: '$.a[2]', kind: 'removed', before: 3 },
    ]);
  });

  it('treats a type change as a change of the whole value, and null as a value', () => {
    expect(diffJson({ a: { b: 1 } }, { a: [1] })).toEqual([{ path: '$.a', kind: 'changed', before: { b: 1 }, after: [1] }]);
    expect(diffJson({ a: null }, { a: null })).toEqual([]);
    expect(diffJson({ a: null }, {})).toEqual([{ path: '$.a', kind: 'removed', before: null }]);
  });

  it('tells the same hex value in another letter case from a change, and counts only hex that way', () => {
    const checksummed = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const entries = diffJson({ buyToken: checksummed, data: '0xABCD', symbol: 'USDC', to: '0xabc1' }, { buyToken: checksummed.toLowerCase(), data: '0xabcd', symbol: 'usdc', to: '0xabc2' });
    expect(entries).toEqual([
      { path: '$.buyToken', kind: 'case', before: checksummed, after: checksummed.toLowerCase() },
      { path: '$.data', kind: 'case', before: '0xABCD', after: '0xabcd' },
      { path: '$.symbol', kind: 'changed', before: 'USDC', after: 'usdc' },
      { path: '$.to', kind: 'changed', before: '0xabc1', after: '0xabc2' },
    ]);
  });

  it('reports a "__proto__" key like any other, as an own key of the body', () => {
    const entries = diffJson(JSON.parse('{"a":{}}'), JSON.parse('{"a":{"__proto__":false}}'));
    expect(entries).toEqual([{ path: '$.a.__proto__', kind: 'added', after: false }]);
    expect(diffJson(JSON.parse('{"__proto__":{"x":1}}'), {})).toEqual([{ path: '$.__proto__', kind: 'removed', before: { x: 1 } }]);
  });

  it('is empty for equal bodies and applies back to the second body for any JSON pair', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(diffJson(a, structuredClone(a))).toEqual([]);
        expect(apply({ root: a }, diffJson({ root: a }, { root: b }))).toEqual({ root: b });
      }),
    );
  });
});

describe('diffJson: amounts', () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

  it('gives bps only to the spec\'s amount fields: a nonce, a deadline, gas or a Bps field get none', () => {
    const body = (scale: bigint) => ({
      buyToken: WETH,
      sellToken: USDC,
      buyAmount: String(1_000_000_000_000_000_000n * scale),
      gas: String(200_000n * scale),
      permit2: { eip712: { message: { permitted: { token: USDC, amount: String(100_000_000n * scale) }, nonce: String(2_000_000n * scale), deadline: String(1_700_000_000n * scale) } } },
      route: { fills: [{ proportionBps: String(10_000n * scale) }] },
    });
    const entries = diffJson(body(1n), body(2n));
    const withBps = entries.filter((entry) => entry.bps !== undefined).map((entry) => entry.path);
    expect(withBps.sort()).toEqual(['$.buyAmount', '$.permit2.eip712.message.permitted.amount']);
    expect(entries.find((entry) => entry.path.endsWith('nonce'))).not.toHaveProperty('bps');
  });

  it('shows human units beside base units when the token is known', () => {
    const before = { buyToken: WETH, sellToken: USDC, sellAmount: '100000000', buyAmount: '25000000000000000', totalNetworkFee: '1000000000000000', fees: { serviceFee: { amount: '150000', token: USDC, type: 'volume' } } };
    const after = { ...before, sellAmount: '150000000', buyAmount: '37500000000000000', totalNetworkFee: '2000000000000000', fees: { serviceFee: { amount: '225000', token: USDC, type: 'volume' } } };
    const entries = diffJson(before, after, { chainId: 1 });
    expect(entries.find((entry) => entry.path === '$.sellAmount')!.unit).toEqual({ token: USDC, symbol: 'USDC', decimals: 6, beforeHuman: '100', afterHuman: '150' });
    expect(entries.find((entry) => entry.path === '$.buyAmount')!.unit).toMatchObject({ symbol: 'WETH', beforeHuman: '0.025', afterHuman: '0.0375' });
    expect(entries.find((entry) => entry.path === '$.totalNetworkFee')!.unit).toMatchObject({ symbol: 'ETH', decimals: 18, afterHuman: '0.002' });
    expect(entries.find((entry) => entry.path === '$.fees.serviceFee.amount')!).toMatchObject({ bps: 5000, unit: { symbol: 'USDC', beforeHuman: '0.15' } });
  });

  it('reads each side in its own body\'s token and gives no bps between two tokens', () => {
    const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
    const before = { sellToken: USDC, buyToken: WETH, sellAmount: '1000000000', fees: { integratorFee: { amount: '5000000', token: USDC, type: 'volume' } } };
    const after = { sellToken: DAI, buyToken: WETH, sellAmount: '1000000000000000000000', fees: { integratorFee: { amount: '5000000000000000000', token: DAI, type: 'volume' } } };
    const entries = diffJson(before, after, { chainId: 1 });
    const sell = entries.find((entry) => entry.path === '$.sellAmount')!;
    expect(sell.unit).toMatchObject({ symbol: 'DAI', beforeHuman: '1,000', afterHuman: '1,000', before: { token: USDC, symbol: 'USDC', decimals: 6 } });
    expect(sell).not.toHaveProperty('bps');
    expect(entries.find((entry) => entry.path === '$.fees.integratorFee.amount')!).toMatchObject({ unit: { symbol: 'DAI', beforeHuman: '5', before: { symbol: 'USDC' } } });
    expect(entries.find((entry) => entry.path === '$.fees.integratorFee.amount')).not.toHaveProperty('bps');
  });

  it('reads each side on its own chain: a network fee in POL against one in ETH has no bps', () => {
    const [entry] = diffJson({ totalNetworkFee: '3000000000000000000' }, { totalNetworkFee: '1000000000000000' }, { chainId: 1, beforeChainId: 137 });
    expect(entry!.unit).toMatchObject({ symbol: 'ETH', afterHuman: '0.001', beforeHuman: '3', before: { symbol: 'POL' } });
    expect(entry).not.toHaveProperty('bps');
  });

  it('reads a network fee and a call\'s value on Tempo, which has no native token, in whole wei, not by 18 decimals as a native amount', () => {
    const before = { totalNetworkFee: '412500000000', transaction: { value: '0' } };
    const after = { totalNetworkFee: '825000000000', transaction: { value: '1000' } };
    const entries = diffJson(before, after, { chainId: 4217 });
    expect(entries.find((entry) => entry.path === '$.totalNetworkFee')).toMatchObject({ bps: 10000, unit: { symbol: 'wei', decimals: 0, beforeHuman: '412,500,000,000', afterHuman: '825,000,000,000' } });
    expect(entries.find((entry) => entry.path === '$.transaction.value')!.unit).toMatchObject({ symbol: 'wei', beforeHuman: '0', afterHuman: '1,000' });
  });

  it("reads a local-service demo token's amounts in its units, as History's entry view does", () => {
    const TAXD = '0x7a7a000000000000000000000000000000000001';
    const [entry] = diffJson({ sellToken: TAXD, sellAmount: '1000000000000000000000' }, { sellToken: TAXD, sellAmount: '1500000000000000000000' }, { chainId: 1 });
    expect(entry!.unit).toMatchObject({ symbol: 'TAXD', decimals: 18, beforeHuman: '1,000', afterHuman: '1,500' });
  });

  it('reads a network fee and a call\'s value whose chain is not known in whole wei and says why no token is named, not by 18 decimals as an amount of no named token', () => {
    const before = { totalNetworkFee: '412500000000', transaction: { value: '0' } };
    const after = { totalNetworkFee: '825000000000', transaction: { value: '1000' } };
    // No chain recorded, and a chain id the facts do not know.
    for (const options of [{}, { chainId: 999_999 }]) {
      const entries = diffJson(before, after, options);
      expect(entries.find((entry) => entry.path === '$.totalNetworkFee')!.unit).toMatchObject({ symbol: 'wei', note: 'chain not known, so no token can be named', decimals: 0, beforeHuman: '412,500,000,000', afterHuman: '825,000,000,000' });
      expect(entries.find((entry) => entry.path === '$.transaction.value')!.unit).toMatchObject({ symbol: 'wei', note: 'chain not known, so no token can be named', beforeHuman: '0', afterHuman: '1,000' });
    }
  });

  it('keeps the token but no human units for an unknown token', () => {
    const unknown = '0x1111111111111111111111111111111111111111';
    const [entry] = diffJson({ buyToken: unknown, buyAmount: '1' }, { buyToken: unknown, buyAmount: '2' });
    expect(entry!.unit).toEqual({ token: unknown, symbol: null, decimals: null, beforeHuman: null, afterHuman: null });
  });

  it('diffs bodies nested 20,000 levels deep without overflowing the stack', () => {
    const deep = (leaf: number) => {
      let node: unknown = leaf;
      for (let i = 0; i < 20_000; i++) node = { a: node };
      return node;
    };
    const entries = diffJson(deep(1), deep(2));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.path.length).toBe(1 + 20_000 * 2);
  });
});

describe('diffJsonText', () => {
  it('names the body that is not JSON', () => {
    expect(diffJsonText('{}', 'oops')).toMatchObject({ ok: false, message: expect.stringContaining('second body') });
    expect(diffJsonText('{"a":1}', '{"a":2}')).toEqual({ ok: true, entries: [{ path: '$.a', kind: 'changed', before: 1, after: 2 }] });
  });
});
