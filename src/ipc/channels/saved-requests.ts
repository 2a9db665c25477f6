import { z } from 'zod';
import { EndpointIdSchema, lazySchema, ownKeysRecord } from '../../spec/index.ts';
import { channel } from '../channel.ts';

/**
 * Channels of the `savedRequests` area (issue 13): named Explorer requests kept per profile in the
 * data dir, listed, reopened, deleted, and exported/imported as JSON. A saved request holds the
 * query as sent (never a key: keys live in the keychain and are not query parameters).
 */

const ParamsSchema = lazySchema(() => ownKeysRecord(z.string().max(200), z.string().max(10_000)).refine((params) => Object.keys(params).length <= 100, 'must have at most 100 parameters'));

/** The longest name a saved request takes. */
export const MAX_NAME_LENGTH = 100;

/** What is saved: a name and the request as the Explorer would send it. */
export const SavedRequestFieldsSchema = lazySchema(() =>
  z.strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`),
    endpoint: EndpointIdSchema,
    params: ParamsSchema,
  }),
);

/** One saved request. */
export const SavedRequestSchema = lazySchema(() =>
  SavedRequestFieldsSchema.extend({
    id: z.string().min(1).max(100),
    profileId: z.string().min(1).max(200),
    savedAt: z.iso.datetime('must be an ISO date-time'),
  }),
);
/** A saved request. */
export type SavedRequest = z.output<typeof SavedRequestSchema>;

/** The export file: a format tag, and the requests without ids or profile (they belong to where they are imported). */
export const SavedRequestsFileSchema = lazySchema(() =>
  z.strictObject({
    format: z.literal('swap-explorer.saved-requests', 'must be "swap-explorer.saved-requests": the file is not a saved-requests export'),
    version: z.literal(1, 'must be 1, the only version of the file this app reads'),
    requests: z.array(z.unknown()).max(10_000, 'must hold at most 10,000 requests'),
  }),
);

/** One problem of an import: which request (index, name if readable), which field, why. */
export const ImportProblemSchema = lazySchema(() => z.object({ index: z.number().int().nullable(), field: z.string(), reason: z.string() }));
/** An import problem. */
export type ImportProblem = z.output<typeof ImportProblemSchema>;

/** A request of an imported file saved under another name, since the profile keeps a different request under its own. */
export const ImportRenameSchema = lazySchema(() => z.object({ from: z.string(), to: z.string() }));
/** An imported request saved under another name. */
export type ImportRename = z.output<typeof ImportRenameSchema>;

const ProfileRef = lazySchema(() => z.strictObject({ profileId: z.string().min(1).max(200) }));

/**
 * The savedRequests channels. Saving a name that exists in the profile replaces that request (the
 * user chose the name); an import never does: a file's request that differs from the one saved under
 * its name is saved as "<name> (imported)" (`renamed`), one that is the same is not saved twice.
 */
export const savedRequestsChannels = {
  /** `notice`: the saved-requests file could not be read at start (moved aside or left in place: where, and why; for one left in place, that it was taken once it read again); null otherwise. */
  'savedRequests.list': channel(ProfileRef, () => z.object({ requests: z.array(SavedRequestSchema), notice: z.string().nullable() })),
  'savedRequests.save': channel(() => ProfileRef.extend(SavedRequestFieldsSchema.shape), SavedRequestSchema),
  'savedRequests.delete': channel(() => z.strictObject({ id: z.string().min(1).max(100) }), () => z.object({ deleted: z.boolean() })),
  'savedRequests.export': channel(ProfileRef, () => z.object({ json: z.string() })),
  'savedRequests.import': channel(
    () => ProfileRef.extend({ json: z.string().max(20_000_000) }),
    () => z.object({ imported: z.number().int(), problems: z.array(ImportProblemSchema), renamed: z.array(ImportRenameSchema) }),
  ),
};
