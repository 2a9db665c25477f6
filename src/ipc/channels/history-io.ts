import { z } from 'zod';
import { MAX_HISTORY_FILE_CHARS, MAX_IMPORT_PROBLEMS } from '../../domain/history-file.ts';
import { channel } from '../channel.ts';

/**
 * Channels of history export and import: selected entries out as HAR 1.2 or the app's JSON (key
 * redacted), and a customer's file in, read-only and all or nothing (a HAR's entries that are not
 * requests to the service are set aside and counted). The renderer saves and reads
 * files itself (Blob download, file input), so only text crosses IPC.
 */

/** Largest file history.import accepts, in UTF-16 code units of its text (about 50 MB). */
export const HISTORY_IMPORT_MAX_CHARS = MAX_HISTORY_FILE_CHARS;
/** Most entries one export takes. */
export const HISTORY_EXPORT_MAX_IDS = 10_000;

/** The channels, to spread into src/ipc/contract.ts. */
export const historyIoChannels = {
  'history.export': channel(
    () =>
      z.strictObject({
        ids: z.array(z.number().int().positive()).min(1).max(HISTORY_EXPORT_MAX_IDS),
        format: z.enum(['har', 'json']),
      }),
    // removedIds: the ids asked for that are no longer kept (retention removed them after they were
    // checked); the file holds the others. When none is left the call fails NOT_FOUND, with them in details.
    () => z.object({ fileName: z.string(), content: z.string(), count: z.number().int(), removedIds: z.array(z.number().int().positive()) }),
  ),
  'history.import': channel(
    () =>
      z.strictObject({
        fileName: z.string().trim().min(1).max(500),
        content: z.string().max(HISTORY_IMPORT_MAX_CHARS, { message: 'the file is larger than 50 MB' }),
      }),
    // setAside: how many of the HAR's entries are not requests to the service (a browser's preflights,
    // the page's own traffic); setAsideExamples: the first of them (MAX_IMPORT_PROBLEMS), each with
    // where it is in the file and why it was set aside, for the user to read after the import.
    () =>
      z.object({
        importedIds: z.array(z.number().int().positive()),
        kind: z.enum(['har', 'json']),
        setAside: z.number().int().min(0),
        setAsideExamples: z.array(z.object({ path: z.string(), reason: z.string() })).max(MAX_IMPORT_PROBLEMS),
        // The oldest entries the "newest N entries" setting removed once the file's were in.
        removedByRetention: z.number().int().min(0),
        // The file's entries History already held as imported (the same file imported again): not
        // stored twice. alreadyImportedIds: the entries they match, the first MAX_IMPORT_PROBLEMS.
        alreadyImported: z.number().int().min(0),
        alreadyImportedIds: z.array(z.number().int().positive()).max(MAX_IMPORT_PROBLEMS),
      }),
  ),
};
