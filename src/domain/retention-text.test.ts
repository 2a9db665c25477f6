import { describe, expect, it } from 'vitest';
import { entriesText, removalText, removedText, retentionText } from './retention-text.ts';

describe('removalText: what a setting removes as soon as it is applied', () => {
  it('names how many of how many, and asks nothing when it removes none', () => {
    expect(removalText(11_345, 12_345)).toBe('This removes 11,345 of the 12,345 entries now, with the comparison and size-ladder runs made only of them. They cannot be brought back.');
    expect(removalText(1, 1)).toMatch(/^This removes all 1 entry now,/);
    expect(removalText(3, 3)).toMatch(/^This removes all 3 entries now,/);
    expect(removalText(0, 500)).toBeNull();
  });
});

describe('entriesText', () => {
  it('says one entry and many entries', () => {
    expect([entriesText(1), entriesText(0), entriesText(2_500)]).toEqual(['1 entry', '0 entries', '2,500 entries']);
  });
});

describe('retentionText and removedText', () => {
  it('says each axis, limited or not', () => {
    expect(retentionText({ maxEntries: 100_000, maxAgeDays: null })).toBe('the newest 100,000 entries; sent requests of any age');
    expect(retentionText({ maxEntries: null, maxAgeDays: 1 })).toBe('any number of entries; sent requests from the last 1 day');
  });

  it('says what went, or that nothing did', () => {
    expect(removedText(0)).toBe('nothing was removed.');
    expect(removedText(1)).toBe('removed 1 entry, with the comparison and size-ladder runs made only of them.');
  });
});
