import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { chainIdParam } from './v2-hints.ts';

/** 200 body of GET /solana/enabled-sources: the calling team's DEX labels. */
export const EnabledSourcesResponseSchema = lazySchema(() => z.looseObject({ sources: z.array(z.string()) }));
/** Enabled Solana sources. */
export type EnabledSourcesResponse = z.infer<typeof EnabledSourcesResponseSchema>;

/** Query of GET /sources: chainId only (the spec names the parameter and nothing else). */
export const SourcesQuerySchema = lazySchema(() => z.strictObject({ chainId: chainIdParam() }));
/** A parsed sources query. */
export type SourcesQuery = z.infer<typeof SourcesQuerySchema>;

/**
 * 200 body of GET /sources. The spec says the response is "not shown"; chosen shape: the chain's
 * source labels plus a zid, like the chain lists.
 */
export const SourcesResponseSchema = lazySchema(() => z.looseObject({ sources: z.array(z.string()), zid: z.string() }));
/** A sources listing. */
export type SourcesResponse = z.infer<typeof SourcesResponseSchema>;
