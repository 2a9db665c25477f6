import { describe, expect, it } from 'vitest';
import { importedMessage } from './imported-message.ts';

describe('importedMessage', () => {
  it('counts the entries in words and says they can be replayed, not that they are read-only', () => {
    expect(importedMessage(1)).toBe('Imported 1 entry, marked Imported; replay one on a profile you choose.');
    expect(importedMessage(30)).toMatch(/^Imported 30 entries, /);
    expect(importedMessage(2)).not.toContain('read-only');
  });
});
