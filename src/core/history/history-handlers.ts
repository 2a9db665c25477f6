import type { z } from 'zod';
import { isCredentialName, redactEntryCredentials, type KeyHeaderNames } from '../../domain/redact.ts';
import { keyHeadersFor } from '../profiles/profile-key-headers.ts';
import type { historyChannels } from '../../ipc/channels/history.ts';
import { AppError } from '../../ipc/result.ts';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { HistoryStore } from './history-store.ts';

type Channels = typeof historyChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The history area's handlers, typed on its own channels, to spread into the handler map (src/core/engine.ts). */
export type HistoryHandlers = { [C in keyof Channels]: Handler<C> };

/**
 * A stored entry as it leaves the store for the window: entries imported before imports were
 * redacted may hold credentials, so each read is redacted as an export is, and a credential is left
 * out of `query`, the params that replay and "Edit in Explorer" send again (the profile's key goes in
 * its header, from the keychain; the app sends no other credential, nor the word REDACTED).
 */
export function redactStoredEntry(entry: HistoryEntry, keyHeaders?: KeyHeaderNames): HistoryEntry {
  return { ...redactEntryCredentials(entry, keyHeaders), query: Object.fromEntries(Object.entries(entry.query).filter(([name]) => !isCredentialName(name, keyHeaders))) };
}

/** What the handlers read besides the store. */
export interface HistoryHandlerOptions {
  /** Each user profile's key header name by profile id, as the profiles are now (profile-key-headers.ts); none when not given. */
  profileKeyHeaders?: () => ReadonlyMap<string, string>;
}

/** Builds the history handlers over a store. Store failures arrive as AppError STORAGE. */
export function createHistoryHandlers(store: HistoryStore, options: HistoryHandlerOptions = {}): HistoryHandlers {
  const profileKeyHeaders = options.profileKeyHeaders ?? (() => new Map<string, string>());
  return {
    'history.search': async (filter) => store.search(filter),
    'history.get': async ({ id }) => {
      const entry = store.get(id);
      if (!entry) throw new AppError('NOT_FOUND', `There is no history entry ${id}: it was removed by retention or never existed.`);
      return redactStoredEntry(entry, keyHeadersFor(entry, profileKeyHeaders()));
    },
    'history.count': async () => ({ count: store.count() }),
    'history.kept': async ({ ids }) => ({ keptIds: store.keptIds(ids) }),
    'history.getRetention': async () => store.retention(),
    'history.previewRetention': async (retention) => store.previewRetention(retention),
    'history.setRetention': async (retention) => ({ removed: store.setRetention(retention), retention: store.retention() }),
    'history.notices': async () => ({ notices: [...store.notices] }),
  };
}
