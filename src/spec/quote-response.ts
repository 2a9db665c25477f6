import { z } from 'zod';
import { NoLiquiditySchema, exactOutPriceFields, priceFields } from './price-response.ts';
import { lazySchema } from './lazy-schema.ts';
import { AddressSchema, BaseUnitsSchema } from './primitives.ts';

/**
 * Firm quote additions (service-interface.md, "Quote additions"): `transaction` on both models and
 * `permit2` on Permit2. The permit2 object is "not shown beyond eip712"; `hash` (the EIP-712 hash
 * of the typed data) is accepted as an optional member because the real service sends it.
 *
 * A quote's top level has the price fields except `gas` and `gasPrice`: in v2 they live only under
 * `transaction` (spec, "Versioning" 3: "in quotes, `to`, `gas`, `data`, `value`, `gasPrice` moved
 * under `transaction`"; real-service-shapes.md, "Firm quotes"). A quote that still carries them at
 * the top level parses, and the schema report lists them as unexpected.
 */

/** The transaction to submit; `to` is read from every response, never hard-coded. */
export const TransactionSchema = lazySchema(() =>
  z.looseObject({
    to: AddressSchema,
    data: z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { message: 'must be hex calldata' }),
    gas: z.union([BaseUnitsSchema, z.number()]).nullable(),
    gasPrice: BaseUnitsSchema,
    value: BaseUnitsSchema,
  }),
);
/** A quote's transaction. */
export type Transaction = z.infer<typeof TransactionSchema>;

const TypedDataFieldSchema = lazySchema(() => z.looseObject({ name: z.string(), type: z.string() }));

/** EIP-712 typed data as the taker signs it. */
export const Eip712Schema = lazySchema(() =>
  z.looseObject({
    types: z.record(z.string(), z.array(TypedDataFieldSchema)),
    domain: z.looseObject({
      name: z.string().optional(),
      chainId: z.number().optional(),
      verifyingContract: AddressSchema.optional(),
    }),
    message: z.record(z.string(), z.unknown()),
    primaryType: z.string(),
  }),
);
/** EIP-712 typed data. */
export type Eip712 = z.infer<typeof Eip712Schema>;

/** The permit2 member of a Permit2 quote. */
export const Permit2DataSchema = lazySchema(() =>
  z.looseObject({
    type: z.string().optional(),
    hash: z.string().optional(),
    eip712: Eip712Schema,
  }),
);
/** The permit2 member. */
export type Permit2Data = z.infer<typeof Permit2DataSchema>;

const { gas: _gas, gasPrice: _gasPrice, ...quoteTopLevel } = priceFields;

/** Fields of a quote with liquidity shared by both models: the price fields but gas and gasPrice, plus transaction. */
export const quoteFields = { ...quoteTopLevel, transaction: TransactionSchema };

/** Allowance Holder quote with liquidity, exact-in: `mode: "exact-in"`. */
export const AllowanceHolderQuoteLiquidSchema = lazySchema(() => z.looseObject({ ...quoteFields, mode: z.literal('exact-in') }));
/** Permit2 quote with liquidity: no `mode`, plus `permit2` (null when nothing is signed). */
export const Permit2QuoteLiquidSchema = lazySchema(() => z.looseObject({ ...quoteFields, permit2: Permit2DataSchema.nullable() }));
/** A quote with liquidity of either model (exact-in), without the model's own members: what readers of both share. */
export const QuoteLiquidSchema = lazySchema(() => z.looseObject(quoteFields));
/** A quote with liquidity of either model (exact-in): `mode` on Allowance Holder, `permit2` on Permit2. */
export type LiquidQuote = z.infer<typeof QuoteLiquidSchema> & { mode?: 'exact-in'; permit2?: Permit2Data | null };

const { gas: _outGas, gasPrice: _outGasPrice, ...exactOutQuoteTopLevel } = exactOutPriceFields;

/** Allowance Holder quote with liquidity, exact-out: the exact-out fields but gas and gasPrice, plus transaction. */
export const AllowanceHolderQuoteExactOutSchema = lazySchema(() => z.looseObject({ ...exactOutQuoteTopLevel, transaction: TransactionSchema }));
/** An exact-out quote with liquidity. */
export type ExactOutQuote = z.infer<typeof AllowanceHolderQuoteExactOutSchema>;

/** 200 body of GET /swap/allowance-holder/quote: exact-in or exact-out (by `mode`), or no liquidity. */
export const AllowanceHolderQuoteResponseSchema = lazySchema(() =>
  z.discriminatedUnion('liquidityAvailable', [z.discriminatedUnion('mode', [AllowanceHolderQuoteLiquidSchema, AllowanceHolderQuoteExactOutSchema]), NoLiquiditySchema]),
);
/** An Allowance Holder quote. */
export type AllowanceHolderQuoteResponse = z.infer<typeof AllowanceHolderQuoteResponseSchema>;

/** 200 body of GET /swap/permit2/quote. */
export const Permit2QuoteResponseSchema = lazySchema(() => z.discriminatedUnion('liquidityAvailable', [Permit2QuoteLiquidSchema, NoLiquiditySchema]));
/** A Permit2 quote. */
export type Permit2QuoteResponse = z.infer<typeof Permit2QuoteResponseSchema>;
