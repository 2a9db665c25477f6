import { describe, expect, it } from 'vitest';
import { calldataWords } from './calldata-words.ts';

describe('calldataWords', () => {
  it('splits after the selector into 32-byte words named by their byte offset', () => {
    const word = (digit: string) => digit.repeat(64);
    const laid = calldataWords(`0x1fff991f${word('a')}${word('b')}${word('c')}`);
    expect(laid.selector).toBe('0x1fff991f');
    expect(laid.words).toEqual([
      { offset: '0000', hex: word('a') },
      { offset: '0020', hex: word('b') },
      { offset: '0040', hex: word('c') },
    ]);
    // Joined back, the words are the data: nothing is dropped or added.
    expect(laid.selector + laid.words.map((w) => w.hex).join('')).toBe(`0x1fff991f${word('a')}${word('b')}${word('c')}`);
  });

  it('keeps a last word shorter than 32 bytes, and data shorter than a selector, as they are', () => {
    expect(calldataWords('0x1fff991fabcd').words).toEqual([{ offset: '0000', hex: 'abcd' }]);
    expect(calldataWords('0x1fff')).toEqual({ selector: '0x1fff', words: [] });
  });

  it('widens every offset alike past 0xffff', () => {
    const laid = calldataWords(`0x00000000${'0'.repeat(64 * 2049)}`);
    expect(laid.words.at(-1)!.offset).toBe('10000');
    expect(laid.words[0]!.offset).toBe('00000');
  });
});
