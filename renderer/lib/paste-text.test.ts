import { describe, expect, it } from 'vitest';
import { insertText, isPasteBoxShortcut } from './paste-text.ts';

describe('insertText', () => {
  it('replaces the selection and puts the caret after the inserted text', () => {
    expect(insertText('curl XX end', 5, 7, 'https://h')).toEqual({ value: 'curl https://h end', caret: 14 });
  });

  it('appends when the field has no selection information', () => {
    expect(insertText('ab', null, null, 'c')).toEqual({ value: 'abc', caret: 3 });
  });

  it('clamps a selection past the end of the value', () => {
    expect(insertText('ab', 9, 12, 'c')).toEqual({ value: 'abc', caret: 3 });
  });
});

describe('isPasteBoxShortcut', () => {
  const key = (over: Partial<KeyboardEvent>) => ({ ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, key: 'k', ...over });

  it('is Ctrl+K and Cmd+K, either case', () => {
    expect(isPasteBoxShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPasteBoxShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
  });

  it('is not K alone nor Ctrl+Shift+K', () => {
    expect(isPasteBoxShortcut(key({}))).toBe(false);
    expect(isPasteBoxShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
