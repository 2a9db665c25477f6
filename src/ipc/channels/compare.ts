import { z } from 'zod';
import { lazySchema } from '../../spec/index.ts';
import { channel } from '../channel.ts';
import { ChainIdSchema, CompareRequestSchema } from './compare-request.ts';
import { RunIdSchema, RunStatusSchema, RunSummarySchema, SideDetailSchema, UnreadableRunSchema } from './compare-run.ts';

/**
 * Channels of the `compare` area (issue 5). The contract is invoke-only, so a run is started, then
 * polled: compare.start -> {runId}; compare.status -> progress and the rows finished so far;
 * compare.cancel keeps finished rows. Runs are kept on disk and listed / reopened by id.
 *
 * The schemas live beside this file, one concern each: the request (compare-request.ts), a row on
 * the wire (compare-row.ts) and its conversions to the domain (compare-row-domain.ts), and a run as
 * a whole (compare-run.ts). They are re-exported here, so that the area is imported from one place.
 */

export { ChainIdSchema, CompareModelSchema, CompareRequestSchema, singleModelText, TokenOverrideSchema } from './compare-request.ts';
export type { CompareRequest, CompareRequestInput, TokenOverride } from './compare-request.ts';
export { CompareRowWireSchema, isPricedAtTwoBlocks, ModelSideWireSchema, REPORTED_ISSUE_TEXT, ReportedIssueSchema, TokenTaxWireSchema } from './compare-row.ts';
export type { CompareRowWire, ModelSideWire, ReportedIssue, TokenTaxWire } from './compare-row.ts';
export { exportRowOf, rowFromWire, sideFromWire, sideToWire } from './compare-row-domain.ts';
export { RunIdSchema, RunPairSchema, RunStateSchema, RunStatusSchema, runStatusSchema, RunSummarySchema, runSummarySchema, SideDetailSchema, UnreadableRunSchema, unsavedReason } from './compare-run.ts';
export type { RunPair, RunState, RunStatus, RunSummary, SideDetail, UnreadableRun } from './compare-run.ts';

const RunRef = lazySchema(() => z.strictObject({ runId: RunIdSchema }));

/** The compare channels. */
export const compareChannels = {
  'compare.start': channel(CompareRequestSchema, () => z.object({ runId: z.string(), total: z.number().int() })),
  'compare.status': channel(RunRef, RunStatusSchema),
  'compare.cancel': channel(RunRef, () => z.object({ cancelled: z.boolean() })),
  'compare.list': channel(z.void(), () => z.object({ runs: z.array(RunSummarySchema), unreadable: z.array(UnreadableRunSchema) })),
  'compare.open': channel(RunRef, RunStatusSchema),
  'compare.detail': channel(
    () => z.strictObject({ runId: RunIdSchema, chainId: ChainIdSchema }),
    () => z.object({ chainId: z.number().int(), allowanceHolder: SideDetailSchema.nullable(), permit2: SideDetailSchema.nullable() }),
  ),
};
