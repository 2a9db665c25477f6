import { describe, expect, it } from 'vitest';
import type { BenchRow } from './types.ts';
import { exitCodeOf, judge } from './verdict.ts';

const peerRow = (value: number, peer: number, target: number, comparison: '<=' | '>=' = '>='): BenchRow => ({ name: 'vs peer', value, unit: 'req/s', target, comparison, peer: { name: 'peer', value: peer } });
const exitOf = (...rows: BenchRow[]) => exitCodeOf(rows.map(judge));

describe('bench exit rule', () => {
  it('fails on a missed ratio target, in either direction, whatever the unit', () => {
    expect(exitOf(peerRow(500, 1000, 0.6))).toBe(1);
    expect(exitOf({ ...peerRow(300, 100, 2, '<='), unit: 'ms' })).toBe(1);
    expect(exitOf(peerRow(700, 1000, 0.6), { ...peerRow(150, 100, 2, '<='), unit: 'ms' })).toBe(0);
  });

  it('fails on a missed count, size or quality target', () => {
    expect(exitOf({ name: 'failures', value: 1, unit: 'count', target: 0, comparison: '<=' })).toBe(1);
    expect(exitOf({ name: 'memory', value: 300, unit: 'MB', target: 250, comparison: '<=' })).toBe(1);
    expect(exitOf({ name: 'quality', value: -3, unit: 'bp', target: 0, comparison: '>=' })).toBe(1);
    expect(exitOf({ name: 'failures', value: 0, unit: 'count', target: 0, comparison: '<=' })).toBe(0);
  });

  it('never fails on an absolute time or rate, however far off its target', () => {
    expect(exitOf({ name: 'engine overhead p99', value: 11, unit: 'ms', target: 5, comparison: '<=' })).toBe(0);
    expect(exitOf({ name: 'start', value: 9, unit: 's', target: 1, comparison: '<=' })).toBe(0);
    expect(exitOf({ name: 'rate', value: 10, unit: 'req/s', target: 5000, comparison: '>=' })).toBe(0);
    expect(exitOf({ name: 'import', value: 10, unit: 'entries/s', target: 1e6, comparison: '>=' })).toBe(0);
  });

  it('never fails on a row skipped because its peer is not installed', () => {
    expect(exitOf({ ...peerRow(0, 0, 3), skipped: 'Prism is not installed' })).toBe(0);
    expect(judge({ ...peerRow(0, 0, 3), skipped: 'Prism is not installed' }).pass).toBe(true);
  });

  it('computes the ratio against the peer, or against the target without one', () => {
    expect(judge(peerRow(600, 1000, 0.6))).toMatchObject({ ratio: 0.6, pass: true });
    expect(judge({ name: 'size', value: 50, unit: 'MB', target: 100, comparison: '<=' })).toMatchObject({ ratio: 0.5, pass: true });
  });
});
