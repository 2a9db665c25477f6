import { describe, expect, it } from 'vitest';
import { entriesText, removalText, removedText, retentionText } from './retention-text.ts';

const DEFAULT = { maxEntries: 100_000, maxAgeDays: null };

describe('removalText: what a new retention setting removes as soon as it is applied', () => {
  it('names the count when fewer entries are kept than the history holds', () => {
    expect(removalText(DEFAULT, { maxEntries: 1_000, maxAgeDays: null }, 12_345)).toBe(
      'This removes the oldest 11,345 of the 12,345 entries now, with the comparison and size-ladder runs made only of them. They cannot be brought back.',
    );
  });

  it('asks nothing when the history already fits, or the setting keeps as much or more', () => {
    expect(removalText(DEFAULT, { maxEntries: 1_000, maxAgeDays: null }, 1_000)).toBeNull();
    expect(removalText({ maxEntries: 10, maxAgeDays: 7 }, { maxEntries: 20, maxAgeDays: 30 }, 500)).toBeNull();
    expect(removalText({ maxEntries: 10, maxAgeDays: 7 }, { maxEntries: null, maxAgeDays: null }, 500)).toBeNull();
  });

  it('says an age as a rule (what it removes is not known here), and both rules together', () => {
    expect(removalText(DEFAULT, { maxEntries: 100_000, maxAgeDays: 1 }, 50)).toMatch(/^This removes every sent request older than 1 day now,/);
    expect(removalText({ maxEntries: null, maxAgeDays: 30 }, { maxEntries: 10, maxAgeDays: 7.5 }, 50)).toMatch(
      /^This removes the oldest 40 of the 50 entries, and every sent request older than 7\.5 days now,/,
    );
  });

  it('without a count, names the limit instead of a number it does not know', () => {
    expect(removalText(DEFAULT, { maxEntries: 10, maxAgeDays: null }, null)).toMatch(/^This removes the entries beyond the newest 10 now,/);
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
