import { describe, expect, it } from 'vitest';
import { pathsToDepth, treeRows } from './json-tree.ts';
import { RAW_ROW_WIDTH, rawRows, rowWidthFor } from './raw-lines.ts';

describe('treeRows', () => {
  const body = { zid: '0xabc', route: { fills: [{ source: 'Uniswap_V3', proportionBps: '10000' }] }, 'odd key': null };

  it('lists only the children of expanded nodes, in document order, with JSON paths', () => {
    const rows = treeRows(body, new Set(['$', '$.route']));
    expect(rows.map((row) => [row.path, row.depth, row.kind, row.preview])).toEqual([
      ['$', 0, 'object', '3 keys'],
      ['$.zid', 1, 'value', '"0xabc"'],
      ['$.route', 1, 'object', '1 key'],
      ['$.route.fills', 2, 'array', '1 item'],
      ['$["odd key"]', 1, 'value', 'null'],
    ]);
    expect(treeRows(body, new Set()).map((row) => row.path)).toEqual(['$']);
  });

  it('marks an integer past 2^53 as rounded, since the parsed body no longer holds its digits', () => {
    const parsed = JSON.parse('{"big":123456789012345678901234567890,"safe":9007199254740991,"fee":1.5}') as unknown;
    const previews = treeRows(parsed, new Set(['$'])).slice(1).map((row) => row.preview);
    expect(previews).toEqual(['≈1.2345678901234568e+29 (rounded: see Raw text)', '9007199254740991', '1.5']);
  });

  it('opens containers to a depth but keeps wide nested arrays closed', () => {
    const wide = { fills: Array.from({ length: 101 }, (_, i) => ({ i })), small: [{ a: { b: 1 } }] };
    expect([...pathsToDepth(wide, 2)].sort()).toEqual(['$', '$.small', '$.small[0]']);
  });
});

describe('rawRows', () => {
  it('numbers lines and cuts long ones into continuation segments', () => {
    expect(rawRows('ab\r\ncdefg\n', 3)).toEqual([
      { line: 1, text: 'ab' },
      { line: 2, text: 'cde' },
      { line: null, text: 'fg' },
      { line: 3, text: '' },
    ]);
  });

  it('keeps every character of a long single-line body, in order', () => {
    const text = 'x'.repeat(1000) + 'y'.repeat(61);
    const rows = rawRows(text, 160);
    expect(rows).toHaveLength(7);
    expect(rows.map((row) => row.text).join('')).toBe(text);
  });
});

describe('rowWidthFor', () => {
  it('fits as many characters as the text column holds, whole ones only', () => {
    expect(rowWidthFor(455, 7.22)).toBe(63);
    expect(rowWidthFor(722, 7.22)).toBe(100);
  });

  it('keeps a floor in a very narrow view and the default until measured', () => {
    expect(rowWidthFor(50, 7.22)).toBe(20);
    expect(rowWidthFor(0, 7.22)).toBe(RAW_ROW_WIDTH);
    expect(rowWidthFor(455, 0)).toBe(RAW_ROW_WIDTH);
  });
});
