import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { AddressSchema, BaseUnitsSchema } from './primitives.ts';

/**
 * Price results (service-interface.md, "Resources and their fields"). Objects are loose: a field
 * the spec does not name is kept, and the schema report lists it as unexpected.
 */

/** A fee entry: amount, token charged, and `volume` or `gas`. */
export const FeeEntrySchema = lazySchema(() =>
  z.looseObject({
    amount: BaseUnitsSchema,
    token: AddressSchema,
    type: z.string(),
  }),
);
/** A fee entry. */
export type FeeEntry = z.infer<typeof FeeEntrySchema>;

/** The Fees object: all four members required, each nullable. */
export const FeesSchema = lazySchema(() =>
  z.looseObject({
    integratorFee: FeeEntrySchema.nullable(),
    integratorFees: z.array(FeeEntrySchema).nullable(),
    serviceFee: FeeEntrySchema.nullable(),
    gasFee: FeeEntrySchema.nullable(),
  }),
);
/** The Fees object. */
export type Fees = z.infer<typeof FeesSchema>;

/** The Issues object: allowance, balance, simulationIncomplete, invalidSourcesPassed. */
export const IssuesSchema = lazySchema(() =>
  z.looseObject({
    allowance: z.looseObject({ actual: BaseUnitsSchema, spender: AddressSchema }).nullable(),
    balance: z.looseObject({ token: AddressSchema, actual: BaseUnitsSchema, expected: BaseUnitsSchema }).nullable(),
    simulationIncomplete: z.boolean(),
    invalidSourcesPassed: z.array(z.string()),
  }),
);
/** The Issues object. */
export type Issues = z.infer<typeof IssuesSchema>;

/** One route fill: the edge from -> to through a source, with its share in basis points. */
export const RouteFillSchema = lazySchema(() =>
  z.looseObject({
    from: AddressSchema,
    to: AddressSchema,
    source: z.string(),
    proportionBps: z.string().regex(/^[0-9]+$/, { message: 'must be a whole number of basis points as a string' }),
  }),
);
/** A route fill. */
export type RouteFill = z.infer<typeof RouteFillSchema>;

/** The Route object: fills and the tokens they touch. */
export const RouteSchema = lazySchema(() =>
  z.looseObject({
    fills: z.array(RouteFillSchema),
    tokens: z.array(z.looseObject({ address: AddressSchema, symbol: z.string() })),
  }),
);
/** The Route object. */
export type Route = z.infer<typeof RouteSchema>;

const taxBps = lazySchema(() => z.union([z.string().regex(/^[0-9]+$/), z.number().int().nonnegative()]).nullable());

/** Token tax object: buy, sell and transfer tax in Bps, null where unknown (best effort). */
export const TokenTaxSchema = lazySchema(() =>
  z.looseObject({
    buyTaxBps: taxBps,
    sellTaxBps: taxBps,
    transferTaxBps: taxBps,
  }),
);
/** A token tax object. */
export type TokenTax = z.infer<typeof TokenTaxSchema>;

// gas and totalNetworkFee are "nullable, untyped" in the spec; examples use decimal strings.
const untypedAmount = lazySchema(() => z.union([BaseUnitsSchema, z.number()]).nullable());

const TokenMetadataSchema = lazySchema(() => z.looseObject({ buyToken: TokenTaxSchema, sellToken: TokenTaxSchema }));

/**
 * Fields of the with-liquidity variant shared by both allowance models. Its members are lazy or a
 * single scalar each, so the object costs next to nothing until a schema made from it is used.
 */
export const priceFields = {
  allowanceTarget: AddressSchema.nullable(),
  blockNumber: BaseUnitsSchema,
  buyAmount: BaseUnitsSchema,
  buyToken: AddressSchema,
  fees: FeesSchema,
  gas: untypedAmount,
  gasPrice: BaseUnitsSchema,
  issues: IssuesSchema,
  liquidityAvailable: z.literal(true),
  minBuyAmount: BaseUnitsSchema,
  route: RouteSchema,
  sellAmount: BaseUnitsSchema,
  sellToken: AddressSchema,
  tokenMetadata: TokenMetadataSchema,
  totalNetworkFee: untypedAmount,
  zid: z.string(),
};

/** The without-liquidity variant: only liquidityAvailable false and zid. */
export const NoLiquiditySchema = lazySchema(() => z.looseObject({ liquidityAvailable: z.literal(false), zid: z.string() }));
/** A price result without liquidity. */
export type NoLiquidity = z.infer<typeof NoLiquiditySchema>;

/** Allowance Holder price with liquidity: carries `mode: "exact-in"`. */
export const AllowanceHolderPriceLiquidSchema = lazySchema(() => z.looseObject({ ...priceFields, mode: z.literal('exact-in') }));
/** Permit2 price with liquidity: no `mode` member. */
export const Permit2PriceLiquidSchema = lazySchema(() => z.looseObject(priceFields));

/** The exact-out variant's two routes: forward acquires at least buyAmount, refund turns surplus buy token back into sell token. */
export const ExactOutRoutesSchema = lazySchema(() => z.looseObject({ forward: RouteSchema, refund: RouteSchema }));

const { minBuyAmount: _minBuyAmount, route: _route, sellAmount: _sellAmount, ...sharedWithExactOut } = priceFields;

/**
 * Fields of the exact-out variant (Allowance Holder with `buyAmount`; real-service-shapes.md, "Buying
 * an exact amount"; the spec shows no shape for it): `buyAmount` is the amount asked for, slippage
 * bounds `maxSellAmount`, and there is no `sellAmount`, `minBuyAmount` or `route`.
 */
export const exactOutPriceFields = {
  ...sharedWithExactOut,
  estimatedNetSellAmount: BaseUnitsSchema,
  maxSellAmount: BaseUnitsSchema,
  mode: z.literal('exact-out'),
  routes: ExactOutRoutesSchema,
};

/** Allowance Holder price with liquidity, exact-out (`mode: "exact-out"`). */
export const AllowanceHolderPriceExactOutSchema = lazySchema(() => z.looseObject(exactOutPriceFields));
/** An exact-out price with liquidity. */
export type ExactOutPrice = z.infer<typeof AllowanceHolderPriceExactOutSchema>;

/** 200 body of GET /swap/allowance-holder/price: exact-in or exact-out (by `mode`), or no liquidity. */
export const AllowanceHolderPriceResponseSchema = lazySchema(() =>
  z.discriminatedUnion('liquidityAvailable', [z.discriminatedUnion('mode', [AllowanceHolderPriceLiquidSchema, AllowanceHolderPriceExactOutSchema]), NoLiquiditySchema]),
);
/** An Allowance Holder price result. */
export type AllowanceHolderPriceResponse = z.infer<typeof AllowanceHolderPriceResponseSchema>;

/** 200 body of GET /swap/permit2/price. */
export const Permit2PriceResponseSchema = lazySchema(() => z.discriminatedUnion('liquidityAvailable', [Permit2PriceLiquidSchema, NoLiquiditySchema]));
/** A Permit2 price result. */
export type Permit2PriceResponse = z.infer<typeof Permit2PriceResponseSchema>;

/** A price result with liquidity, of either model. */
export type LiquidPrice = z.infer<typeof Permit2PriceLiquidSchema> & { mode?: 'exact-in' };
