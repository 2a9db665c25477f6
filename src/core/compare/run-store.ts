import { z } from 'zod';
import { createRunFiles, type RunFiles } from './run-files.ts';
import { summaryOf } from '../../ipc/channels/run-summary.ts';
import { RunIdSchema, RunStatusSchema, SideDetailSchema, type RunStatus, type RunSummary, type SideDetail } from '../../ipc/channels/compare.ts';
import { lazySchema } from '../../spec/lazy-schema.ts';

/**
 * Finished comparison runs, one JSON file per run under <dataDir>/comparisons/<runId>.json
 * (run-files.ts says why files, and how they are written).
 */

/** What is kept per run: the status as last seen, plus each side's full body for the row detail. */
export interface StoredRun {
  version: 1;
  status: RunStatus;
  details: Record<string, { allowanceHolder: SideDetail | null; permit2: SideDetail | null }>;
}

// A file saved before the runner cleared the estimate at the end keeps the one its last answer left
// (a cancelled run's was never 0): it is read as none, since the run has ended.
function withoutEstimate(status: RunStatus): RunStatus {
  return status.state === 'running' ? status : { ...status, etaMs: null };
}

// Built when a run file is first read or written, not as the module loads: `.transform` and
// `.nullable()` build the status and detail schemas they derive from (lazy-schema.ts says why).
const StoredRunSchema = lazySchema(() =>
  z.object({
    version: z.literal(1, 'must be 1, the only version of a run file this app reads'),
    status: RunStatusSchema.transform(withoutEstimate),
    details: z.record(z.string(), z.object({ allowanceHolder: SideDetailSchema.nullable(), permit2: SideDetailSchema.nullable() })),
  }),
);

/** The run store. */
export type RunStore = RunFiles<StoredRun, RunSummary>;

/** A run's list entry (run-summary.ts). */
export { summaryOf };

/** Creates the store over `<dataDir>/comparisons`. */
export function createRunStore(dataDir: string): RunStore {
  return createRunFiles(dataDir, { folder: 'comparisons', parseRunId: (runId) => RunIdSchema.parse(runId), noun: 'comparison', nouns: 'comparisons', summaryOf: (run: StoredRun) => summaryOf(run.status), schema: StoredRunSchema });
}
