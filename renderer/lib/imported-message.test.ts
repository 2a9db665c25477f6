import { describe, expect, it } from 'vitest';
import { importedMessage } from './imported-message.ts';

describe('importedMessage', () => {
  it('counts the entries in words and says they can be replayed, not that they are read-only', () => {
    expect(importedMessage(1)).toBe('Imported 1 entry, marked Imported; replay one on a profile you choose.');
    expect(importedMessage(30)).toMatch(/^Imported 30 entries, /);
    expect(importedMessage(2)).not.toContain('read-only');
  });

  it("says how many of a browser HAR's entries were set aside as not requests to the service", () => {
    expect(importedMessage(1, 3)).toBe("Imported 1 entry, marked Imported; replay one on a profile you choose. Set aside 3 entries of the file that are not requests to the service (a browser's CORS preflight, the page's own traffic).");
    expect(importedMessage(2, 1)).toContain('Set aside 1 entry of the file that is not a request to the service');
    expect(importedMessage(2, 0)).not.toContain('Set aside');
  });

  it('says how many of the oldest entries the entries limit removed to make room for the file', () => {
    expect(importedMessage(120, 0, 70)).toBe("Imported 120 entries, marked Imported; replay one on a profile you choose. To keep within the history's retention setting (Settings, History), the 70 oldest entries were removed.");
    expect(importedMessage(1, 0, 1)).toContain('the oldest entry was removed');
    expect(importedMessage(1, 0, 0)).not.toContain('removed');
  });

  it('says how many of the file\'s entries an earlier import already stored, and which, rather than list them twice', () => {
    expect(importedMessage(0, 0, 0, 2, [4, 5])).toBe('Imported no new entry. 2 entries of the file were already in History from an earlier import (#4, #5): skipped, not listed twice.');
    expect(importedMessage(1, 0, 0, 1, [9])).toBe('Imported 1 entry, marked Imported; replay one on a profile you choose. 1 entry of the file was already in History from an earlier import (#9): skipped, not listed twice.');
    expect(importedMessage(0, 0, 0, 7, [1, 2, 3, 4, 5, 6, 7])).toContain('(#1, #2, #3, #4, #5, …)');
    expect(importedMessage(3)).not.toContain('skipped');
  });
});
