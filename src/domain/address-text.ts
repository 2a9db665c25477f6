/**
 * An EVM address as the app reads and writes it in text: 0x and 40 hex digits, any letter case
 * (checksums are not enforced, as the service does not), and its short form for labels. One place
 * for the CLI's token flags, the engine's row labels, the lint and the screens.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether `text` (as given: trim first where a user typed it) is an address. */
export function isAddress(text: string): boolean {
  return ADDRESS.test(text);
}

/** "0x7a7a…0001": the first 4 and last 4 hex digits, for a label where no symbol is known. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
