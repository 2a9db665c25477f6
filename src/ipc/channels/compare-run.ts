import { z } from 'zod';
import { lazySchema } from '../../spec/index.ts';
import { AppErrorSchema } from '../result.ts';
import { RunSettingsSchema } from './run-settings.ts';
import { CompareModelSchema, CompareRequestSchema } from './compare-request.ts';
import { CompareRowWireSchema } from './compare-row.ts';

/**
 * A comparison run as a whole: its state and status (what compare.status and compare.open answer,
 * and what the size ladder's status is built from), its entry in the Past comparisons list, and
 * one row's detail. Apart from the row (compare-row.ts): a run's life cycle is shared with the
 * size ladder, a row's figures are not.
 */

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

/**
 * A past run's list entry, comparison or size ladder, with `size` (a comparison's one amount, a
 * ladder's amounts) in its place among the fields both share: the two lists read the same entry,
 * so its fields are said once, here.
 */
export function runSummarySchema<Size extends z.ZodRawShape>(size: Size) {
  return z.object({
    runId: z.string(),
    state: RunStateSchema,
    sell: z.string(),
    buy: z.string(),
    /** The pairs the run's chains traded (run-pairs.ts); absent or one pair without an override: `sell` → `buy` on every chain. */
    pairs: z.array(RunPairSchema).optional(),
    ...size,
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
  });
}

/** A past run as the Past comparisons list shows it. */
export const RunSummarySchema = lazySchema(() => runSummarySchema({ amount: z.string() }));
/** A past run. */
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** A past run whose file could not be read, and why (the file, the field and the reason): left out of the list, not hidden. */
export const UnreadableRunSchema = lazySchema(() => z.object({ runId: z.string(), reason: z.string() }));
/** An unreadable past run. */
export type UnreadableRun = z.infer<typeof UnreadableRunSchema>;

/** One side's full answer for the row detail. */
export const SideDetailSchema = lazySchema(() =>
  z.object({
    entryId: z.number().int().min(0).nullable(),
    zid: z.string().nullable(),
    body: z.unknown(),
    /**
     * The body's text as received, kept only when JSON.parse read a number of it as another figure
     * (past 2^53, 1.10, 1E3: src/domain/json-text.ts), so that what prints the body as received
     * prints the service's figures; absent otherwise (`body` writes back the same), and in runs
     * saved before.
     */
    bodyText: z.string().optional(),
    /**
     * The answer's HTTP status; null when no answer arrived (network, TLS, timeout), where the body is
     * empty and is no response of the service's. Absent in runs saved before.
     */
    status: z.number().int().nullable().optional(),
  }),
);
/** One side's detail. */
export type SideDetail = z.infer<typeof SideDetailSchema>;

/** A run id: generated by the runner, also a file name, so nothing else is accepted. */
export const RunIdSchema = z.string().regex(/^cmp-[0-9a-z]{6,40}$/, { message: 'must be a comparison run id' });
