import { z } from 'zod';
import { EndpointIdSchema, lazySchema, ownKeysRecord } from '../../spec/index.ts';
import { AppErrorSchema } from '../result.ts';
import { MAX_CLIENT_ERROR_CHARS } from '../../domain/har.ts';

/**
 * A kept request as the engine stores it and the renderer shows it. One schema for the history
 * store's rows, request.send's answer, history.get and the exports, so every view reads the same
 * fields. Request headers and URL are stored with the API key already redacted.
 */

const headerRecord = lazySchema(() => ownKeysRecord(z.string(), z.string()));

/** One schema-report finding (src/spec/schema-report.ts). */
export const SchemaFindingSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['missing', 'unexpected', 'wrong-type', 'invalid']),
    path: z.string(),
    detail: z.string(),
  }),
);

/** Where an entry came from: sent by this app, or imported read-only from a file. */
export const EntryOriginSchema = z.enum(['sent', 'imported']);

/** A history entry without its bodies: what lists and search results carry. */
export const HistorySummarySchema = lazySchema(() =>
  z.object({
    id: z.number().int().positive(),
    startedAt: z.iso.datetime({ offset: true }),
    origin: EntryOriginSchema,
    profileId: z.string(),
    profileName: z.string(),
    endpoint: EndpointIdSchema,
    chainId: z.number().int().nullable(),
    sellToken: z.string().nullable(),
    buyToken: z.string().nullable(),
    /** HTTP status; null when no response arrived (timeout, TLS, network). */
    status: z.number().int().nullable(),
    /** The service's error name (INPUT_INVALID...) or, with no service error, the app's code (TIMEOUT...). */
    errorName: z.string().nullable(),
    zid: z.string().nullable(),
    durationMs: z.number().min(0),
    /** The entry this one replays, if any. */
    replayOf: z.number().int().positive().nullable(),
  }),
);
/** A history list row. */
export type HistorySummary = z.infer<typeof HistorySummarySchema>;

/** A whole history entry. */
export const HistoryEntrySchema = lazySchema(() =>
  HistorySummarySchema.extend({
    method: z.literal('GET'),
    /** The URL as sent, key redacted. */
    url: z.string(),
    query: headerRecord,
    requestHeaders: headerRecord,
    statusText: z.string(),
    responseHeaders: headerRecord,
    /** The body exactly as received (possibly truncated at the size cap; see appError). */
    bodyText: z.string(),
    /** The body parsed as JSON, or null when it is not JSON. Unknown fields are kept. */
    body: z.unknown(),
    schemaReport: z.array(SchemaFindingSchema),
    /** How many attempts the client made (retries included). */
    attempts: z.number().int().min(0),
    /** The app-level failure, when the request did not end with a 2xx. */
    appError: AppErrorSchema.nullable(),
    /**
     * Why the customer's browser got no answer, as it wrote it in the HAR (`net::ERR_NAME_NOT_RESOLVED`):
     * imported entries only; null for every entry sent by this app, which has appError instead.
     */
    clientError: z.string().max(MAX_CLIENT_ERROR_CHARS).nullable(),
  }),
);
/** A whole history entry. */
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** What the client hands the store: everything but the id the store assigns. */
export type NewHistoryEntry = Omit<HistoryEntry, 'id'>;
