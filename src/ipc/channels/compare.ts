import { z } from 'zod';
import { AddressSchema, lazySchema } from '../../spec/index.ts';
import { LIMITS } from '../../spec/constants.ts';
import type { ComparisonRow, ModelSide } from '../../domain/compare.ts';
import type { ExportRow } from '../../domain/compare-export.ts';
import { channel } from '../channel.ts';
import { AppErrorSchema } from '../result.ts';
import { RunSettingsSchema } from './run-settings.ts';

/**
 * Channels of the `compare` area (issue 5). The contract is invoke-only, so a run is started, then
 * polled: compare.start -> {runId}; compare.status -> progress and the rows finished so far;
 * compare.cancel keeps finished rows. Runs are kept on disk and listed / reopened by id.
 *
 * Amounts cross IPC as decimal strings of base units (structured clone and JSON carry no bigint
 * reliably); rowFromWire turns a row back into the domain's bigint ComparisonRow for the exporter.
 */

const SYMBOL = z.string().trim().min(1, { message: 'must name a token symbol' }).max(40);
const CHAIN_ID = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A per-chain token address in place of the registry's (decimals needed when the registry does not know it). */
export const TokenOverrideSchema = lazySchema(() =>
  z.strictObject({
    chainId: CHAIN_ID,
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
      chains: z.array(CHAIN_ID).max(64).optional(),
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
 *   lower network fee where both buy the same ('network-fee'), else gross;
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

/** A run's state. */
export const RunStateSchema = z.enum(['running', 'done', 'cancelled', 'failed']);
/** Where a run is: running until it ends done, cancelled or failed. */
export type RunState = z.infer<typeof RunStateSchema>;

/** The status of a run of `request` answered row by row: what compare.status and ladder.status answer. */
export function runStatusSchema<Request extends z.ZodType, Row extends z.ZodType>(request: Request, row: Row) {
  return z.object({
    runId: z.string(),
    state: RunStateSchema,
    request,
    profileId: z.string(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    /** Estimated time left; null before the first answer and once the run has ended. */
    etaMs: z.number().min(0).nullable(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    rows: z.array(row),
    error: AppErrorSchema.nullable(),
  });
}

/** compare.status's answer. */
export const RunStatusSchema = lazySchema(() => runStatusSchema(CompareRequestSchema, CompareRowWireSchema));
/** A run's status. */
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** A past run in compare.list. */
/**
 * Why an ended run was not saved, or null: a run that did not fail carries an error only when its
 * save failed (core/compare/run-ending.ts, saveEnded); its figures are whole all the same.
 */
export function unsavedReason(status: Pick<RunStatus, 'state' | 'error'>): string | null {
  return status.state !== 'failed' && status.state !== 'running' && status.error ? status.error.message : null;
}

/** A pair a run's chains traded, with those chains' names; `isOverride` when an address override set it. */
export const RunPairSchema = lazySchema(() => z.object({ sell: z.string(), buy: z.string(), chains: z.array(z.string()), isOverride: z.boolean() }));
/** A pair a run traded. */
export type RunPair = z.infer<typeof RunPairSchema>;

/** A past run as the Past comparisons list shows it. */
export const RunSummarySchema = lazySchema(() =>
  z.object({
    runId: z.string(),
    state: RunStateSchema,
    sell: z.string(),
    buy: z.string(),
    /** The pairs the run's chains traded (run-pairs.ts); absent or one pair without an override: `sell` → `buy` on every chain. */
    pairs: z.array(RunPairSchema).optional(),
    amount: z.string(),
    chains: z.array(z.number().int()),
    /** The models the run asked for: a one-model run is told apart from a comparison of both. */
    models: z.array(CompareModelSchema),
    /** The slippage, fee and taker its request set: runs of one pair and amount are told apart by them. */
    settings: RunSettingsSchema,
    /** The profile it ran on (the service and key): a list of runs on several is told apart by it. */
    profileId: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    startedAt: z.iso.datetime(),
  }),
);
/** A past run. */
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** A past run whose file could not be read, and why (the file, the field and the reason): left out of the list, not hidden. */
export const UnreadableRunSchema = lazySchema(() => z.object({ runId: z.string(), reason: z.string() }));
/** An unreadable past run. */
export type UnreadableRun = z.infer<typeof UnreadableRunSchema>;

/** One side's full answer for the row detail. */
export const SideDetailSchema = lazySchema(() => z.object({ entryId: z.number().int().min(0).nullable(), zid: z.string().nullable(), body: z.unknown() }));
/** One side's detail. */
export type SideDetail = z.infer<typeof SideDetailSchema>;

/** A run id: generated by the runner, also a file name, so nothing else is accepted. */
export const RunIdSchema = z.string().regex(/^cmp-[0-9a-z]{6,40}$/, { message: 'must be a comparison run id' });
const RunRef = lazySchema(() => z.strictObject({ runId: RunIdSchema }));

/** The compare channels. */
export const compareChannels = {
  'compare.start': channel(CompareRequestSchema, () => z.object({ runId: z.string(), total: z.number().int() })),
  'compare.status': channel(RunRef, RunStatusSchema),
  'compare.cancel': channel(RunRef, () => z.object({ cancelled: z.boolean() })),
  'compare.list': channel(z.void(), () => z.object({ runs: z.array(RunSummarySchema), unreadable: z.array(UnreadableRunSchema) })),
  'compare.open': channel(RunRef, RunStatusSchema),
  'compare.detail': channel(
    () => z.strictObject({ runId: RunIdSchema, chainId: CHAIN_ID }),
    () => z.object({ chainId: z.number().int(), allowanceHolder: SideDetailSchema.nullable(), permit2: SideDetailSchema.nullable() }),
  ),
};

const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));
const text = (value: bigint | null): string | null => (value === null ? null : value.toString());

/** A domain side on the wire, with its entry id and route. */
export function sideToWire(side: ModelSide, extra: Pick<ModelSideWire, 'entryId' | 'fills' | 'routeTokens' | 'issues' | 'blockNumber' | 'tokenTaxes'>): ModelSideWire {
  return {
    ...side,
    buyAmount: text(side.buyAmount),
    minBuyAmount: text(side.minBuyAmount),
    integratorFees: side.integratorFees.map((fee) => ({ token: fee.token, amount: fee.amount.toString() })),
    serviceFee: side.serviceFee ? { token: side.serviceFee.token, amount: side.serviceFee.amount.toString() } : null,
    gas: text(side.gas),
    totalNetworkFee: text(side.totalNetworkFee),
    networkFeeInBuyToken: text(side.networkFeeInBuyToken),
    netBuyAmount: text(side.netBuyAmount),
    ...extra,
  };
}

/** A wire side back in bigint form. */
export function sideFromWire(side: ModelSideWire): ModelSide {
  return {
    model: side.model,
    state: side.state,
    zid: side.zid,
    errorName: side.errorName,
    errorMessage: side.errorMessage,
    buyAmount: big(side.buyAmount),
    minBuyAmount: big(side.minBuyAmount),
    integratorFees: side.integratorFees.map((fee) => ({ token: fee.token, amount: BigInt(fee.amount) })),
    serviceFee: side.serviceFee ? { token: side.serviceFee.token, amount: BigInt(side.serviceFee.amount) } : null,
    gas: big(side.gas),
    totalNetworkFee: big(side.totalNetworkFee),
    networkFeeInBuyToken: big(side.networkFeeInBuyToken),
    netBuyAmount: big(side.netBuyAmount),
  };
}

/** A wire row as the domain's ComparisonRow (for comparisonToCsv / comparisonToJson). */
export function rowFromWire(row: CompareRowWire): ComparisonRow {
  return {
    chainId: row.chainId,
    allowanceHolder: sideFromWire(row.allowanceHolder),
    permit2: sideFromWire(row.permit2),
    diffBps: row.diffBps,
    netDiffBps: row.netDiffBps ?? null,
    better: row.better,
    basis: row.basis,
  };
}

/**
 * Both models answered, at different blocks: part of the row's difference may be the blocks'
 * (the tables flag it, the ladder chart and the CLI list it).
 */
export function isPricedAtTwoBlocks(row: Pick<CompareRowWire, 'allowanceHolder' | 'permit2'>): boolean {
  const [ah, p2] = [row.allowanceHolder.blockNumber, row.permit2.blockNumber];
  return Boolean(ah && p2 && ah !== p2);
}

/** A wire row as the CSV/JSON exporter takes it: the app's Export buttons and the CLI's --format alike. */
export function exportRowOf(row: CompareRowWire): ExportRow {
  return {
    row: rowFromWire(row),
    chainName: row.chainName,
    buyDecimals: row.buyToken.decimals,
    nativeDecimals: row.nativeDecimals,
    nativeSymbol: row.nativeSymbol,
    sellSymbol: row.sellToken.symbol,
    buySymbol: row.buyToken.symbol,
    buyAddress: row.buyToken.address,
    sellAddress: row.sellToken.address,
    sellDecimals: row.sellToken.decimals,
    sellAmount: row.sellAmount,
    buyPerNative: row.networkFeeRate?.buyPerNative ?? null,
    rateSource: row.networkFeeRate?.source ?? null,
    // A quoted rate's zid; none for the other sources (they come from the row's own answers).
    rateZid: row.networkFeeRate?.zid ?? null,
    hasTax: row.hasTax,
    hasUnknownTax: row.hasUnknownTax,
    tokenTaxes: { allowanceHolder: row.allowanceHolder.tokenTaxes, permit2: row.permit2.tokenTaxes },
    feeNotPriced: row.feeNotPriced,
    issues: { allowanceHolder: row.allowanceHolder.issues, permit2: row.permit2.issues },
    blocks: { allowanceHolder: row.allowanceHolder.blockNumber, permit2: row.permit2.blockNumber },
  };
}
