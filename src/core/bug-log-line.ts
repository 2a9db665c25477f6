import { inspect } from 'node:util';
import { redactPaste } from '../domain/support/redact-paste.ts';

/**
 * The line main's log gets for a bug: where it happened and its stack, with every credential the
 * text holds replaced (a key header, an Authorization value, a URL's password such as a proxy's
 * http://user:password@host), by the paste box's rule. A bug's message quotes whatever it was
 * handed (a URL, an answer's text), and the log is what a user attaches to a report.
 */
export function bugLogLine(where: string, error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : typeof error === 'string' ? error : inspect(error, { depth: 4 });
  return `[${where}] ${redactPaste(text)}`;
}
