import { shellQuote } from './shell-quote.ts';

// Apart from snippets.ts so that `serve` can say the same line without loading the spec's schemas
// (snippets.ts reaches them through redact.ts).

/** The environment variable every snippet reads the key from. */
export const API_KEY_ENV = 'SVC_API_KEY';

/**
 * The shell line that sets SVC_API_KEY to the local service's key, read from the file the app keeps
 * it in: the snippets of a Local service request read the key from that variable, and the app
 * never copies the key itself.
 */
export function localKeyExport(keyPath: string): string {
  return `export ${API_KEY_ENV}="$(cat ${shellQuote(keyPath)})"`;
}
