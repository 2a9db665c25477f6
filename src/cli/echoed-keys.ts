import { echoCandidates } from '../domain/redact-echo.ts';
import { redactEchoedCredentials } from '../domain/redact.ts';
import { LOCAL_PROFILE_ID } from '../ipc/channels/profiles.ts';
import { isAppError } from '../ipc/result.ts';
import type { HistoryEntry } from '../ipc/schemas/history-entry.ts';
import type { SecretStore } from '../core/secrets/index.ts';

/**
 * What `explain` and `history export` print of a kept entry, with the API key redacted wherever the
 * answer echoes it. An entry kept by a version before echoes were redacted on insert holds its key
 * only in that echo (an error message, a response header): its request header was redacted at once,
 * so the entry itself no longer names the key to look for. The app redacts such entries on read with
 * the keys its profiles hold (src/core/history/known-key-redaction.ts); the CLI does the same with
 * SVC_API_KEY when set and the keychain key of each entry's profile. A keychain that cannot be read
 * does not stop the command: one line on stderr says which keys could not be looked for.
 */

/** Replaces the known keys wherever an entry's answer echoes them. */
export type EntryRedactor = (entry: HistoryEntry) => HistoryEntry;

/** Options of knownKeyRedactor; `secrets` is the keychain (default: the OS's, loaded only when an entry needs it). */
export interface KnownKeyOptions {
  /** Says, in one line, that the keychain could not be read. */
  warn: (line: string) => void;
  secrets?: SecretStore;
}

async function keychainKeys(profileIds: readonly string[], options: KnownKeyOptions): Promise<string[]> {
  // The Local service's key is not in the keychain, and the local service never echoes it.
  const wanted = [...new Set(profileIds)].filter((id) => id !== LOCAL_PROFILE_ID);
  if (wanted.length === 0) return [];
  // Loaded only here: most explains read no entry of a saved profile (issue 14, start time).
  const secrets = options.secrets ?? (await import('../core/secrets/index.ts')).createSecretStore();
  const keys: string[] = [];
  for (const id of wanted) {
    try {
      const key = await secrets.getKey(id);
      if (key !== null) keys.push(key);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'KEYCHAIN_UNAVAILABLE') throw error;
      const reason = (error.details as { reason?: string } | undefined)?.reason ?? error.message;
      options.warn(`the keychain cannot be read (${reason}); a profile's key that an entry kept by an older version echoes in its answer is redacted from this output only if SVC_API_KEY holds it`);
      break;
    }
  }
  return keys;
}

/** The redactor for entries of these profiles: SVC_API_KEY and each profile's keychain key. */
export async function knownKeyRedactor(profileIds: readonly string[], options: KnownKeyOptions): Promise<EntryRedactor> {
  const keys = [...(process.env.SVC_API_KEY ? [process.env.SVC_API_KEY] : []), ...(await keychainKeys(profileIds, options))];
  const secrets = keys.flatMap(echoCandidates);
  if (secrets.length === 0) return (entry) => entry;
  return (entry) => redactEchoedCredentials(entry, secrets);
}
