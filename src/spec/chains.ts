import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** A chain entry: chainId (a number) and chainName. */
export const ChainEntrySchema = lazySchema(() => z.looseObject({ chainId: z.number(), chainName: z.string() }));
/** A chain entry. */
export type ChainEntry = z.infer<typeof ChainEntrySchema>;

/** 200 body of GET /swap/chains and GET /gasless/chains. */
export const ChainListResponseSchema = lazySchema(() => z.looseObject({ chains: z.array(ChainEntrySchema), zid: z.string() }));
/** A chain list. */
export type ChainListResponse = z.infer<typeof ChainListResponseSchema>;

/** Neither chain endpoint takes query parameters. */
export const NoQuerySchema = lazySchema(() => z.strictObject({}));
