/**
 * Quotes one word for a POSIX shell: inside single quotes nothing is special, and a single quote
 * itself is closed, escaped and reopened ('\''). Plain safe words are left bare.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
