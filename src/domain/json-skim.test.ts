import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skimJsonShape, type JsonShape } from './json-skim.ts';

const LIMITS = { maxEntries: 1_000, maxContainers: 10_000, maxEntryContainers: 5_000, maxEnvelopeContainers: 100 };

const entryTexts = (text: string, shape: JsonShape) => Array.from({ length: shape.entrySpans.length / 2 }, (_, i) => text.slice(shape.entrySpans[2 * i], shape.entrySpans[2 * i + 1]));

describe('skimJsonShape', () => {
  it('finds each entry of a HAR, not nested arrays nor strings that look like JSON', () => {
    const entries = [{ a: [1, 2, { b: '[{"x":1}]' }] }, 'tricky \\" [ {', 3, null, { entries: [1, 2] }, -1.5e3, true];
    const har = JSON.stringify({ log: { version: '1.2', creator: { name: 'x' }, entries } }, null, 1);
    const shape = skimJsonShape(har, LIMITS);
    expect(shape).toMatchObject({ entries: 7, exceeded: null });
    expect(entryTexts(har, shape).map((text) => JSON.parse(text))).toEqual(entries);
    expect(JSON.parse(har.slice(...(shape.entriesArray as [number, number])))).toEqual(entries);
  });

  it('finds the entries of the app\'s export, and none where there is no entries array', () => {
    const exported = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{}, {}] });
    expect(skimJsonShape(exported, LIMITS).entries).toBe(2);
    expect(skimJsonShape(JSON.stringify({ log: { other: [1, 2, 3] } }), LIMITS)).toMatchObject({ entries: 0, entriesArray: null });
  });

  it('stops at the entry limit without reading the rest', () => {
    const text = `{"log":{"entries":[${'{},'.repeat(1_600_000)}{}]}}`;
    expect(skimJsonShape(text, LIMITS)).toMatchObject({ entries: 1_001, exceeded: 'entries' });
  });

  it('stops at the limit of objects in one entry, naming the entry', () => {
    const text = `{"log":{"entries":[{},{"x":[${'{},'.repeat(100_000)}{}]}]}}`;
    expect(skimJsonShape(text, LIMITS)).toMatchObject({ exceeded: 'entry-containers', exceededAt: 1 });
  });

  it('stops at the limits of objects in all and outside the entries', () => {
    expect(skimJsonShape(`{"log":{"entries":[${`{"a":[${'[],'.repeat(18)}[]]},`.repeat(600)}{}]}}`, LIMITS).exceeded).toBe('containers');
    expect(skimJsonShape(`{"log":{"pages":[${'[],'.repeat(200)}[]],"entries":[]}}`, LIMITS).exceeded).toBe('envelope-containers');
  });

  it('finds every entry of any JSON array exactly as JSON.parse reads it', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }), fc.boolean(), (entries, pretty) => {
        const text = JSON.stringify({ log: { entries } }, null, pretty ? 2 : undefined);
        const shape = skimJsonShape(text, { ...LIMITS, maxEnvelopeContainers: 10, maxEntryContainers: 1e9, maxContainers: 1e9 });
        expect(entryTexts(text, shape).map((item) => JSON.parse(item))).toEqual(JSON.parse(text).log.entries);
      }),
    );
  });
});
