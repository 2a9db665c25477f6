/**
 * Calldata laid out as the ABI encodes it: the 4-byte selector, then one 32-byte word a line, each
 * named by its byte offset after the selector (the offset an ABI pointer in the data holds). A
 * line break falls only between two words, so no value is ever split at an arbitrary place.
 */
export interface CalldataWords {
  /** The first 4 bytes with their 0x ("0x1fff991f"), or the whole data when it is shorter. */
  selector: string;
  /** Each 32-byte word after the selector, in order; the last is shorter when the data ends mid-word. */
  words: { offset: string; hex: string }[];
}

const WORD_HEX = 64;

/** Splits calldata ("0x" and hex digits) into its selector and 32-byte words, offsets in hex. */
export function calldataWords(data: string): CalldataWords {
  const hex = data.startsWith('0x') || data.startsWith('0X') ? data.slice(2) : data;
  const body = hex.slice(8);
  const count = Math.ceil(body.length / WORD_HEX);
  const offsetDigits = Math.max(4, ((count - 1) * 32).toString(16).length);
  const words = Array.from({ length: count }, (_, index) => ({
    offset: (index * 32).toString(16).padStart(offsetDigits, '0'),
    hex: body.slice(index * WORD_HEX, (index + 1) * WORD_HEX),
  }));
  return { selector: `0x${hex.slice(0, 8)}`, words };
}
