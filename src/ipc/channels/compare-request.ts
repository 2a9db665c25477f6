import { z } from 'zod';
import { AddressSchema, lazySchema } from '../../spec/index.ts';
import { LIMITS } from '../../spec/constants.ts';

/**
 * What a comparison is asked to do: compare.start's input (one trade, many chains, one or both
 * models) and its parts. Apart from the rows and runs (compare-row.ts, compare-run.ts) because the
 * size ladder's request is built from this one's fields (ladder.ts) and the CLI's flags parse into it.
 */

const SYMBOL = z.string().trim().min(1, { message: 'must name a token symbol' }).max(40);
/** A chain id as a request names it (compare.detail's input reads it the same way). */
export const ChainIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A per-chain token address in place of the registry's (decimals needed when the registry does not know it). */
export const TokenOverrideSchema = lazySchema(() =>
  z.strictObject({
    chainId: ChainIdSchema,
    side: z.enum(['sell', 'buy']),
    address: AddressSchema,
    decimals: z.number().int().min(0).max(255).optional(),
    /** The token's symbol when the registry does not know the address (else read from the route). */
    symbol: z.string().trim().min(1).max(40).optional(),
  }),
);
/** A token override. */
export type TokenOverride = z.infer<typeof TokenOverrideSchema>;

/**
 * The run's models in words when it asked for one only ("Allowance Holder only"), else null: such
 * a run prices one model and compares nothing, which its caption and past-run entry must say.
 */
export function singleModelText(models: readonly z.infer<typeof CompareModelSchema>[]): string | null {
  if (models.length !== 1) return null;
  return `${models[0] === 'allowance-holder' ? 'Allowance Holder' : 'Permit2'} only`;
}

/** The two allowance models, as a run names them. */
export const CompareModelSchema = z.enum(['allowance-holder', 'permit2']);

/** compare.start's input: one trade, many chains, one or both models. */
export const CompareRequestSchema = lazySchema(() =>
  z
    .strictObject({
      /** The profile whose connection and rate budget are used; absent: the default profile. */
      profileId: z.string().min(1).max(200).optional(),
      sell: SYMBOL,
      buy: SYMBOL,
      /** In human units of the sell token ("1000", "0.5", "1,000"). */
      amount: z.string().trim().min(1, { message: 'enter an amount' }).max(100),
      /** Absent or empty: every chain where both tokens are known. */
      chains: z.array(ChainIdSchema).max(64).optional(),
      models: z.array(CompareModelSchema).min(1, { message: 'must name at least one model' }).max(2).default(['allowance-holder', 'permit2']),
      taker: AddressSchema.optional(),
      slippageBps: z.number().int().min(0).max(LIMITS.slippageBpsMax).optional(),
      swapFeeBps: z.number().int().min(0).max(LIMITS.swapFeeBpsMax).optional(),
      swapFeeRecipient: AddressSchema.optional(),
      overrides: z.array(TokenOverrideSchema).max(128).default([]),
    })
    .superRefine((value, ctx) => {
      if ((value.swapFeeBps === undefined) !== (value.swapFeeRecipient === undefined)) {
        const field = value.swapFeeBps === undefined ? 'swapFeeBps' : 'swapFeeRecipient';
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required together with the other swap fee field' });
      }
      if (new Set(value.models).size !== value.models.length) ctx.addIssue({ code: 'custom', path: ['models'], message: 'must not repeat a model' });
    }),
);
/** What compare.start is given (before defaults). */
export type CompareRequestInput = z.input<typeof CompareRequestSchema>;
/** A parsed comparison request. */
export type CompareRequest = z.output<typeof CompareRequestSchema>;
