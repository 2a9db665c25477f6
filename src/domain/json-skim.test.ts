import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skimJsonShape } from './json-skim.ts';

const LIMITS = { maxEntries: 1_000, maxContainers: 10_000 };

describe('skimJsonShape', () => {
  it('counts the entries of a HAR and of the app\'s export, not nested arrays nor strings that look like JSON', () => {
    const har = JSON.stringify({ log: { version: '1.2', creator: { name: 'x' }, entries: [{ a: [1, 2, { b: '[{"x":1}]' }] }, 'tricky \\" [ {', 3, null, { entries: [1, 2] }] } });
    expect(skimJsonShape(har, LIMITS)).toMatchObject({ entries: 5, exceeded: null });
    const exported = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{}, {}] });
    expect(skimJsonShape(exported, LIMITS).entries).toBe(2);
    expect(skimJsonShape(JSON.stringify({ log: { other: [1, 2, 3] } }), LIMITS).entries).toBe(0);
  });

  it('stops at the entry limit without reading the rest', () => {
    const text = `{"log":{"entries":[${'{},'.repeat(1_600_000)}{}]}}`;
    expect(skimJsonShape(text, LIMITS)).toEqual({ entries: 1_001, containers: 1_004, exceeded: 'entries' });
  });

  it('stops at the container limit for a file of few entries but millions of objects', () => {
    const text = `{"log":{"entries":[{"x":[${'{},'.repeat(100_000)}{}]}]}}`;
    expect(skimJsonShape(text, LIMITS).exceeded).toBe('containers');
  });

  it('counts the same containers as the parsed value holds, for any JSON', () => {
    const count = (value: unknown): number => (typeof value === 'object' && value !== null ? 1 + Object.values(value).reduce<number>((sum, child) => sum + count(child), 0) : 0);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify({ log: { entries: [value] } });
        expect(skimJsonShape(text, { maxEntries: 10, maxContainers: 1e9 })).toMatchObject({ entries: 1, containers: 3 + count(value) });
      }),
    );
  });
});
