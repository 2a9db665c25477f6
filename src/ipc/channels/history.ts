import { z } from 'zod';
import { EndpointIdSchema, lazySchema } from '../../spec/index.ts';
import { channel } from '../channel.ts';
import { EntryOriginSchema, HistoryEntrySchema, HistorySummarySchema } from '../schemas/history-entry.ts';

/**
 * Channels of the `history` area: search the kept requests (zid first), read one whole entry, count
 * them, and the retention setting. The store behind them is src/core/history.
 */

/** Largest page history.search returns; the list is virtualised and pages on with `before`. */
export const HISTORY_PAGE_MAX = 1_000;
/** Page size when the caller gives none. */
export const HISTORY_PAGE_DEFAULT = 200;

const IsoTimeSchema = z.iso.datetime({ offset: true });

/** What history.search filters on; every field is optional and they combine with AND. */
export const HistorySearchInputSchema = lazySchema(() =>
  z.strictObject({
    /**
     * A zid, whole or a prefix (`0x3fa`, case-insensitive; a bare 24-hex zid is accepted too). Longer
     * 0x text matches the start of the sell or buy token's address. Other text is a token symbol, any
     * case: the entries whose sell or buy token is that symbol's address on the entry's chain (token
     * registry and demo tokens), or the symbol itself as a request named it.
     */
    text: z.string().trim().max(200).optional(),
    /** Earliest request time, inclusive. */
    from: IsoTimeSchema.optional(),
    /** Latest request time, inclusive. */
    to: IsoTimeSchema.optional(),
    chainId: z.number().int().optional(),
    endpoint: EndpointIdSchema.optional(),
    /** 'ok' is any 2xx; 'error' is anything else, no response included; a number is that status. */
    status: z.union([z.literal('ok'), z.literal('error'), z.number().int().min(100).max(599)]).optional(),
    errorName: z.string().trim().min(1).max(100).optional(),
    /** Sell or buy token, whole, any case: an address, or a symbol read as `text` reads one. */
    token: z.string().trim().min(1).max(200).optional(),
    origin: EntryOriginSchema.optional(),
    /** Only the replays of this entry: how the detail view links an entry to its later replays. */
    replayOf: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
    /** Paging cursor: only entries after this one, newest first (by time, then id); pass the last page's `nextBefore`. */
    before: z.number().int().positive().optional(),
    /**
     * The `before` entry's time (its row's startedAt): the page still follows it when retention has
     * removed that entry since, whose time the store can no longer read (the list then ended there).
     */
    beforeStartedAt: IsoTimeSchema.optional(),
  }),
);
/** A parsed history.search filter. */
export type HistorySearchFilter = z.output<typeof HistorySearchInputSchema>;

/** history.search's answer: newest first, and the cursor of the next page (null on the last one). */
export const HistorySearchOutputSchema = lazySchema(() =>
  z.object({
    rows: z.array(HistorySummarySchema),
    nextBefore: z.number().int().positive().nullable(),
    /** Words of `text` or `token` read as token symbols that no chain's token list has (matched only literally). */
    unknownSymbols: z.array(z.string()),
  }),
);
/** A page of search results. */
export type HistorySearchPage = z.output<typeof HistorySearchOutputSchema>;

/** How much history is kept; null means no limit on that axis. */
export const HistoryRetentionSchema = lazySchema(() =>
  z.strictObject({
    /** Newest entries kept; older ones are removed. */
    maxEntries: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000_000, 'must be at most 100,000,000').nullable(),
    /** Sent entries older than this are removed (imported ones are kept: their time is the customer's). */
    maxAgeDays: z.number().min(1, 'must be at least 1 day').max(36_500, 'must be at most 36,500 days (100 years)').nullable(),
  }),
);
/** A retention setting. */
export type HistoryRetention = z.output<typeof HistoryRetentionSchema>;

/** Something the store did on its own that the user must hear about. */
export const HistoryNoticeSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['quarantined', 'retention-failed', 'data-worker-restarted', 'not-kept']),
    at: IsoTimeSchema,
    message: z.string(),
    /** For 'quarantined': where the unreadable database was moved. */
    path: z.string().nullable(),
  }),
);
/** A store notice. */
export type HistoryNotice = z.output<typeof HistoryNoticeSchema>;

/** Most ids history.kept checks in one call (as many as one export takes). */
export const HISTORY_KEPT_MAX_IDS = 10_000;

/** The history channels. */
export const historyChannels = {
  'history.search': channel(HistorySearchInputSchema, HistorySearchOutputSchema),
  /** NOT_FOUND when there is no entry with that id (removed by retention, or never existed). */
  'history.get': channel(() => z.strictObject({ id: z.number().int().positive() }), HistoryEntrySchema),
  'history.count': channel(z.void(), () => z.object({ count: z.number().int().min(0) })),
  /**
   * Which of these ids the history still holds: the window's checked entries and list outlive the
   * entries retention removes (a stricter setting, the newest N passed, a CLI command), and are
   * kept in step by asking (the contract is invoke-only). Ids in the order given.
   */
  'history.kept': channel(
    () => z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(HISTORY_KEPT_MAX_IDS) }),
    () => z.object({ keptIds: z.array(z.number().int().positive()) }),
  ),
  'history.getRetention': channel(z.void(), HistoryRetentionSchema),
  /** How many entries a setting would remove now (nothing is removed), and how many there are. */
  'history.previewRetention': channel(HistoryRetentionSchema, () => z.object({ removes: z.number().int().min(0), count: z.number().int().min(0) })),
  /** Saves the setting and applies it at once; answers how many entries that removed. */
  'history.setRetention': channel(HistoryRetentionSchema, () => z.object({ retention: HistoryRetentionSchema, removed: z.number().int().min(0) })),
  'history.notices': channel(z.void(), () => z.object({ notices: z.array(HistoryNoticeSchema) })),
};
