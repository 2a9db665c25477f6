import { echoCandidates, redactEchoes } from '../../domain/redact-echo.ts';
import { REDACTED, redactEchoedCredentials } from '../../domain/redact.ts';
import type { HistoryIoHandlers } from '../history-io/history-io-handlers.ts';
import type { HistoryHandlers } from './history-handlers.ts';

/**
 * The keys the user's profiles hold, redacted wherever an entry read or exported echoes one. An
 * entry the app sent before echoes were redacted when kept holds its key only in that echo (its
 * request header was redacted at once), and the history's worker never sees a key: so the thread
 * that holds them (main, in the app) looks for them in what leaves the history for the window or
 * a file.
 */

/** The API keys the profiles hold now; never passed to IPC or logs. */
export type KnownKeys = () => Promise<readonly string[]>;

type Redacted = Pick<HistoryHandlers & HistoryIoHandlers, 'history.get' | 'history.export'>;

/** history.get and history.export over `handlers`, with every known key replaced where it is echoed. */
export function redactKnownKeys(handlers: Redacted, knownKeys: KnownKeys): Redacted {
  const secrets = async () => (await knownKeys()).flatMap(echoCandidates);
  return {
    'history.get': async (input) => {
      const [entry, found] = await Promise.all([handlers['history.get'](input), secrets()]);
      return found.length === 0 ? entry : redactEchoedCredentials(entry, found);
    },
    'history.export': async (input) => {
      const [file, found] = await Promise.all([handlers['history.export'](input), secrets()]);
      return found.length === 0 ? file : { ...file, content: redactEchoes(file.content, found, REDACTED) };
    },
  };
}
