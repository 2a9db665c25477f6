import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { lazySchema } from './lazy-schema.ts';
import { queryObject } from './query-object.ts';
import {
  AddressListSchema,
  AddressSchema,
  BooleanStringSchema,
  PositiveBaseUnitsSchema,
  WHOLE_BPS_REASON,
  WHOLE_PPM_REASON,
  bpsListSchema,
  integerParam,
  splitList,
} from './primitives.ts';
import { TokenAddressSchema, V1_PARAMETERS, chainIdParam } from './v2-hints.ts';

/**
 * Query parameters of the four swap endpoints (price and quote, Allowance Holder and Permit2),
 * with every rule of service-interface.md "Endpoints" enforced so that each failure names its field.
 *
 * sellAmount / buyAmount. The spec's note on GET /swap/allowance-holder/price gives two readings
 * (sellAmount required; or sellAmount optional with buyAmount added) and leaves open which must be
 * given. Rule chosen here: on Allowance Holder exactly one of the two is required (an exact-in or an
 * exact-out request; both or neither is INPUT_INVALID on both fields). On Permit2 sellAmount is
 * required and buyAmount is refused, as the spec states.
 *
 * Unknown parameters are refused rather than ignored, so a typo or a v1 name (takerAddress) is
 * reported instead of silently changing the trade.
 */

/** The two allowance models, as they appear in the path. */
export const AllowanceModelSchema = z.enum(['allowance-holder', 'permit2']);
/** An allowance model. */
export type AllowanceModel = z.infer<typeof AllowanceModelSchema>;

/** v1 parameter names and their v2 replacements (spec, "Versioning" 3; see v2-hints.ts). */
const RENAMED_IN_V2 = V1_PARAMETERS;

// The fields' schemas, built with the first query schema and shared by the four.
function buildShapes() {
  const common = {
    chainId: chainIdParam(),
    buyToken: TokenAddressSchema,
    sellToken: TokenAddressSchema,
    sellAmount: PositiveBaseUnitsSchema.optional(),
    taker: AddressSchema.optional(),
    txOrigin: AddressSchema.optional(),
    recipient: AddressSchema.optional(),
    swapFeeRecipient: AddressListSchema.optional(),
    swapFeeBps: bpsListSchema(LIMITS.swapFeeBpsMax).optional(),
    swapFeeToken: AddressListSchema.optional(),
    tradeSurplusRecipient: AddressSchema.optional(),
    tradeSurplusMaxBps: integerParam(LIMITS.tradeSurplusMaxBpsMin, LIMITS.tradeSurplusMaxBpsMax, WHOLE_BPS_REASON).optional(),
    gasPrice: PositiveBaseUnitsSchema.optional(),
    slippageBps: integerParam(0, LIMITS.slippageBpsMax, WHOLE_BPS_REASON).optional(),
    excludedSources: z.string().min(1, { message: 'must list at least one source label' }).optional(),
    sellEntireBalance: BooleanStringSchema.optional(),
  };
  return {
    allowanceHolder: {
      ...common,
      buyAmount: PositiveBaseUnitsSchema.optional(),
      slippagePpm: integerParam(0, LIMITS.slippagePpmMax, WHOLE_PPM_REASON).optional(),
      wrapUnwrapMode: z.enum(['direct', 'settler'], { message: 'must be "direct" or "settler"' }).optional(),
    },
    // Permit2 names the refused fields in the shape so they get the Permit2 reason, not "unknown".
    permit2: { ...common, buyAmount: z.unknown().optional(), slippagePpm: z.unknown().optional(), wrapUnwrapMode: z.unknown().optional() },
  };
}

let shapes: ReturnType<typeof buildShapes> | undefined;
const swapShapes = () => (shapes ??= buildShapes());

type Raw = Record<string, unknown>;
type Report = (field: string, reason: string) => void;

const has = (raw: Raw, field: string) => raw[field] !== undefined && raw[field] !== '';
const text = (raw: Raw, field: string) => String(raw[field] ?? '');
const count = (raw: Raw, field: string) => (has(raw, field) ? splitList(text(raw, field)).length : 0);

function checkFees(raw: Raw, issue: Report): void {
  const hasRecipient = has(raw, 'swapFeeRecipient');
  const hasBps = has(raw, 'swapFeeBps');
  if (hasRecipient && !hasBps) issue('swapFeeBps', 'is required with swapFeeRecipient');
  if (hasBps && !hasRecipient) issue('swapFeeRecipient', 'is required with swapFeeBps');
  const bpsCount = count(raw, 'swapFeeBps');
  if (hasRecipient && hasBps && count(raw, 'swapFeeRecipient') !== bpsCount) {
    issue('swapFeeRecipient', `lists ${count(raw, 'swapFeeRecipient')} recipient(s) but swapFeeBps lists ${bpsCount}; the counts must be equal`);
  }
  if (!has(raw, 'swapFeeToken')) return;
  if (!hasBps) {
    issue('swapFeeToken', 'requires swapFeeBps');
    return;
  }
  const tokens = splitList(text(raw, 'swapFeeToken'));
  if (tokens.length !== bpsCount) issue('swapFeeToken', `lists ${tokens.length} token(s) but swapFeeBps lists ${bpsCount}; the counts must be equal`);
  const allowed = [text(raw, 'buyToken').toLowerCase(), text(raw, 'sellToken').toLowerCase()];
  tokens.forEach((token, index) => {
    if (!allowed.includes(token.toLowerCase())) issue('swapFeeToken', `item ${index + 1} must equal buyToken or sellToken`);
  });
}

function checkCommon(raw: Raw, issue: Report): void {
  if (has(raw, 'buyToken') && text(raw, 'buyToken').toLowerCase() === text(raw, 'sellToken').toLowerCase()) {
    issue('buyToken', 'must differ from sellToken');
  }
  if (has(raw, 'tradeSurplusMaxBps') && !has(raw, 'tradeSurplusRecipient')) {
    issue('tradeSurplusMaxBps', 'must be used with tradeSurplusRecipient');
  }
  checkFees(raw, issue);
}

function checkAllowanceHolder(raw: Raw, issue: Report): void {
  if (!has(raw, 'sellAmount') && !has(raw, 'buyAmount')) {
    issue('sellAmount', 'is required unless buyAmount is given (give exactly one of sellAmount and buyAmount)');
  }
  if (has(raw, 'sellAmount') && has(raw, 'buyAmount')) issue('buyAmount', 'cannot be used together with sellAmount; give exactly one of them');
  if (has(raw, 'slippageBps') && has(raw, 'slippagePpm')) issue('slippagePpm', 'cannot be used together with slippageBps; give one of them');
}

const REFUSED_ON_PERMIT2 = ['buyAmount', 'slippagePpm', 'wrapUnwrapMode'];

function checkPermit2(raw: Raw, issue: Report): void {
  if (!has(raw, 'sellAmount')) issue('sellAmount', 'is required on Permit2');
  for (const field of REFUSED_ON_PERMIT2) if (raw[field] !== undefined) issue(field, 'is not accepted by the Permit2 endpoints');
}

function requireTaker(raw: Raw, issue: Report): void {
  if (!has(raw, 'taker')) issue('taker', 'is required for a firm quote');
}

// The parameters Permit2 takes, which a misspelt name may be told it meant (not those it refuses).
const permit2Names = () => Object.keys(swapShapes().permit2).filter((name) => !REFUSED_ON_PERMIT2.includes(name));

// A Permit2 query, valid, without the Allowance Holder fields its shape names only to refuse them.
function withoutRefusedFields<T extends { buyAmount?: unknown; slippagePpm?: unknown; wrapUnwrapMode?: unknown }>({ buyAmount: _b, slippagePpm: _s, wrapUnwrapMode: _w, ...rest }: T) {
  return rest;
}

/** Query of GET /swap/allowance-holder/price: exactly one of sellAmount and buyAmount. */
export const AllowanceHolderPriceQuerySchema = lazySchema(() => queryObject(swapShapes().allowanceHolder, [checkAllowanceHolder, checkCommon], RENAMED_IN_V2));
/** A parsed Allowance Holder price query. */
export type AllowanceHolderPriceQuery = z.infer<typeof AllowanceHolderPriceQuerySchema>;

/** Query of GET /swap/permit2/price: sellAmount required; buyAmount, slippagePpm, wrapUnwrapMode refused. */
export const Permit2PriceQuerySchema = lazySchema(() =>
  queryObject(swapShapes().permit2, [checkPermit2, checkCommon], RENAMED_IN_V2, permit2Names()).transform(withoutRefusedFields),
);
/** A parsed Permit2 price query. */
export type Permit2PriceQuery = z.infer<typeof Permit2PriceQuerySchema>;

/** Query of GET /swap/allowance-holder/quote: the price query with taker required. */
export const AllowanceHolderQuoteQuerySchema = lazySchema(() => queryObject(swapShapes().allowanceHolder, [checkAllowanceHolder, checkCommon, requireTaker], RENAMED_IN_V2));
/** A parsed Allowance Holder quote query. */
export type AllowanceHolderQuoteQuery = z.infer<typeof AllowanceHolderQuoteQuerySchema>;

/** Query of GET /swap/permit2/quote: the price query with taker required. */
export const Permit2QuoteQuerySchema = lazySchema(() =>
  queryObject(swapShapes().permit2, [checkPermit2, checkCommon, requireTaker], RENAMED_IN_V2, permit2Names()).transform(withoutRefusedFields),
);
/** A parsed Permit2 quote query. */
export type Permit2QuoteQuery = z.infer<typeof Permit2QuoteQuerySchema>;

/** Any parsed swap query, as the market model and router consume it. */
export type SwapQuery = AllowanceHolderPriceQuery | Permit2PriceQuery;
