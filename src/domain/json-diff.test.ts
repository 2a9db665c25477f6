import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { diffJson, diffJsonText, type DiffEntry } from './json-diff.ts';

// Applies a diff to `before` by walking the paths; a diff that applies back to `after` is complete.
function setAt(root: unknown, path: string, value: unknown, remove: boolean): unknown {
  const keys = [...path.slice(1).matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)].map((m) => (m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3]!))) as string | number);
  if (keys.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = keys.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.length = Number(last);
    else delete node[last];
  } else node[last] = value;
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
    expect(entries).toContainEqual({ path: '$.buyAmount', kind: 'changed', before: before.buyAmount, after: after.buyAmount, bps: 50 });
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

  it('is empty for equal bodies and applies back to the second body for any JSON pair', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(diffJson(a, structuredClone(a))).toEqual([]);
        expect(apply({ root: a }, diffJson({ root: a }, { root: b }))).toEqual({ root: b });
      }),
    );
  });
});

describe('diffJsonText', () => {
  it('names the body that is not JSON', () => {
    expect(diffJsonText('{}', 'oops')).toMatchObject({ ok: false, message: expect.stringContaining('second body') });
    expect(diffJsonText('{"a":1}', '{"a":2}')).toEqual({ ok: true, entries: [{ path: '$.a', kind: 'changed', before: 1, after: 2 }] });
  });
});
