/**
 * Raw text as fixed-width rows for a virtualised view: lines split on newlines, and long lines
 * (a minified 10 MB body is one line) cut into segments, so no row is wider than the screen and
 * the list only ever renders what is visible.
 */

/** One row of raw text; `line` is the 1-based source line, null for a continuation segment. */
export interface RawRow {
  line: number | null;
  text: string;
}

/** Segment width in characters until the view has measured its own (rowWidthFor). */
export const RAW_ROW_WIDTH = 160;

/** The fewest characters a row holds, however narrow the view: below that a line reads as noise. */
const MIN_ROW_WIDTH = 20;

/**
 * How many characters fit a row `textPx` wide in a monospace font whose characters are `charPx`
 * wide: the segment width that shows each row whole (a wider one is cut at the row's edge, out of
 * sight). RAW_ROW_WIDTH while either is not measured yet (0).
 */
export function rowWidthFor(textPx: number, charPx: number): number {
  if (!(textPx > 0) || !(charPx > 0)) return RAW_ROW_WIDTH;
  return Math.max(MIN_ROW_WIDTH, Math.floor(textPx / charPx));
}

/** Splits text into rows of at most `width` characters. */
export function rawRows(text: string, width = RAW_ROW_WIDTH): RawRow[] {
  const rows: RawRow[] = [];
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const content = text.slice(start, end).replace(/\r$/, '');
    rows.push({ line, text: content.slice(0, width) });
    for (let offset = width; offset < content.length; offset += width) rows.push({ line: null, text: content.slice(offset, offset + width) });
    if (newline === -1) break;
    start = newline + 1;
    line += 1;
  }
  return rows;
}
