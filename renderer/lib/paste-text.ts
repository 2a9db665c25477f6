/**
 * Putting pasted text into a field by hand: the paste box cancels the browser's own paste so the
 * raw text (which may hold a customer's API key) never reaches the DOM, and inserts the redacted
 * text where the browser would have put it.
 */

/** The field's new value and caret after replacing the selection [start, end) with `inserted`. */
export function insertText(value: string, start: number | null, end: number | null, inserted: string): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start ?? value.length, value.length));
  const to = Math.max(from, Math.min(end ?? from, value.length));
  return { value: value.slice(0, from) + inserted + value.slice(to), caret: from + inserted.length };
}

/** Whether a keydown is the app-wide Ctrl/Cmd+K that opens the paste box. */
export function isPasteBoxShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
