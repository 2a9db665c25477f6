import { z } from 'zod';
import { lazySchema } from '../../spec/index.ts';
import { CompareModelSchema } from './compare-request.ts';

/**
 * One results-table row as it crosses IPC and is kept on disk: its two model sides, the tokens and
 * the network-fee rate. Amounts are decimal strings of base units (structured clone and JSON carry
 * no bigint reliably); compare-row-domain.ts turns them back into bigints for the exporter.
 */

const BASE = z.string().regex(/^-?[0-9]+$/);
const FeeTotalWireSchema = lazySchema(() => z.object({ token: z.string(), amount: BASE }));
const RouteFillWireSchema = lazySchema(() => z.object({ from: z.string(), to: z.string(), source: z.string(), proportionBps: z.string() }));

/**
 * An issue the service reported in a liquid answer (spec, "Issues object"): an allowance to set, a
 * balance too low, a simulation it could not complete, excluded sources it did not recognise.
 */
export const ReportedIssueSchema = z.enum(['allowance', 'balance', 'simulation-incomplete', 'invalid-sources']);
/** A reported issue's kind. */
export type ReportedIssue = z.infer<typeof ReportedIssueSchema>;

/** What each kind of reported issue means, in the words every screen and the CLI use. */
export const REPORTED_ISSUE_TEXT: Readonly<Record<ReportedIssue, string>> = {
  allowance: 'allowance needed',
  balance: 'balance too low',
  'simulation-incomplete': 'simulation incomplete',
  'invalid-sources': 'invalid excluded sources',
};

const TaxBpsWire = lazySchema(() => z.string().nullable());
/** A token's taxes as an answer reported them (spec, "Token tax object"): bps as decimal strings, null where the service could not determine one. */
export const TokenTaxWireSchema = lazySchema(() => z.object({ buyTaxBps: TaxBpsWire, sellTaxBps: TaxBpsWire, transferTaxBps: TaxBpsWire }));
/** A token's taxes on the wire. */
export type TokenTaxWire = z.infer<typeof TokenTaxWireSchema>;

/** One model's column group on the wire, with the history entry it came from and its route. */
export const ModelSideWireSchema = lazySchema(() =>
  z.object({
    model: CompareModelSchema,
    /**
     * 'cancelled': the user cancelled the run before this side was answered. 'run-failed': the run
     * failed before it was answered (nobody cancelled it); errorName/errorMessage are the run's error.
     * Runs saved before 'run-failed' existed say 'cancelled' for such sides too, and are read as saved
     * (not migrated): whether their user had also cancelled is not kept, so it cannot be told now.
     */
    state: z.enum(['ok', 'no-liquidity', 'error', 'not-requested', 'pending', 'cancelled', 'run-failed']),
    zid: z.string().nullable(),
    errorName: z.string().nullable(),
    errorMessage: z.string().nullable(),
    buyAmount: BASE.nullable(),
    minBuyAmount: BASE.nullable(),
    integratorFees: z.array(FeeTotalWireSchema),
    serviceFee: FeeTotalWireSchema.nullable(),
    gas: BASE.nullable(),
    totalNetworkFee: BASE.nullable(),
    networkFeeInBuyToken: BASE.nullable(),
    netBuyAmount: BASE.nullable(),
    /** History entry id of the request (null when not sent, 0 when history could not keep it). */
    entryId: z.number().int().min(0).nullable(),
    fills: z.array(RouteFillWireSchema),
    routeTokens: z.array(z.object({ address: z.string(), symbol: z.string() })),
    /** The issues its answer reported (the row flags them; the detail says what they are). Absent in runs saved before. */
    issues: z.array(ReportedIssueSchema).optional(),
    /**
     * The block its answer priced at (null without a liquid answer): the two models of a row may
     * price at different blocks, where gas price and liquidity can differ. Absent in runs saved before.
     */
    blockNumber: BASE.nullable().optional(),
    /** The sell and buy token's taxes its answer reported (null without a liquid answer). Absent in runs saved before. */
    tokenTaxes: z.object({ sellToken: TokenTaxWireSchema, buyToken: TokenTaxWireSchema }).nullable().optional(),
  }),
);
/** A model side on the wire. */
export type ModelSideWire = z.infer<typeof ModelSideWireSchema>;

const TokenRefSchema = lazySchema(() =>
  z.object({
    address: z.string(),
    /** What the run used: the registry's symbol, the override's, or the route's (never the pair picker's for an override). */
    symbol: z.string(),
    decimals: z.number().int(),
    /** The token came from a per-chain address override (absent in runs saved before issue 11). */
    isOverride: z.boolean().optional(),
  }),
);

/**
 * One results-table row on the wire (issue 11: every figure traces to the request behind it).
 *
 * Net-of-fee fields, stable for other views (the size ladder) to read:
 * - `networkFeeRate`: the native -> buy-token rate the network fee was converted with, and where
 *   it came from: 'buy-is-native' (1:1), 'sell-is-native' (the trade's own price, before integrator fees) or 'quoted'
 *   (one extra indicative price per chain per run; `entryId`/`zid` name its history entry); the
 *   last two before the buy token's buy and transfer tax, which are the token's cut of a buy.
 *   null when it could not be had; `feeNotPriced` then says why, on that row only.
 * - each side's `networkFeeInBuyToken` and `netBuyAmount` (= buyAmount - networkFeeInBuyToken).
 * - `diffBps` (gross) and `netDiffBps` (net): Permit2 against Allowance Holder, in bps.
 * - `better` / `basis`: the verdict, on net amounts when both are known ('net'), else on the
 *   lower network fee where both buy the same ('network-fee': also where both nets are known but
 *   the two fees came to the same buy-token base units), else gross;
 *   null while a side or the rate is pending, or a side was cancelled, left by a failed run or not requested.
 */
export const CompareRowWireSchema = lazySchema(() =>
  z.object({
    chainId: z.number().int(),
    chainName: z.string(),
    sellToken: TokenRefSchema,
    buyToken: TokenRefSchema,
    sellAmount: BASE,
    nativeSymbol: z.string().nullable(),
    nativeDecimals: z.number().int(),
    /** How the network fee was priced in buy-token terms (null: it was not). */
    networkFeeRate: z
      .object({
        buyPerNative: BASE,
        source: z.enum(['buy-is-native', 'sell-is-native', 'quoted']),
        entryId: z.number().int().min(0).nullable().optional(),
        zid: z.string().nullable().optional(),
      })
      .nullable(),
    /** Why the network fee is not in buy-token terms on this row (null when it is, or while the rate is pending). */
    feeNotPriced: z.string().nullable().optional(),
    /** A side's answer reports a buy, sell or transfer tax on one of the tokens (the row shows a tax flag). */
    hasTax: z.boolean().optional(),
    /** A side's answer could not determine a tax of one of the tokens (null); absent in runs saved before. */
    hasUnknownTax: z.boolean().optional(),
    allowanceHolder: ModelSideWireSchema,
    permit2: ModelSideWireSchema,
    diffBps: z.number().nullable(),
    netDiffBps: z.number().nullable().optional(),
    better: z.enum(['allowance-holder', 'permit2', 'tie']).nullable(),
    basis: z.enum(['net', 'network-fee', 'gross', 'only-side']).nullable(),
  }),
);
/** A results-table row on the wire. */
export type CompareRowWire = z.infer<typeof CompareRowWireSchema>;

/**
 * Both models answered, at different blocks: part of the row's difference may be the blocks'
 * (the tables flag it, the ladder chart and the CLI list it).
 */
export function isPricedAtTwoBlocks(row: Pick<CompareRowWire, 'allowanceHolder' | 'permit2'>): boolean {
  const [ah, p2] = [row.allowanceHolder.blockNumber, row.permit2.blockNumber];
  return Boolean(ah && p2 && ah !== p2);
}
