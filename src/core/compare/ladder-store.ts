import { z } from 'zod';
import { createRunFiles, type RunFiles } from './run-files.ts';
import { ladderSummaryOf } from '../../ipc/channels/run-summary.ts';
import { LadderRunIdSchema, LadderStatusSchema, type LadderStatus, type LadderSummary } from '../../ipc/channels/ladder.ts';
import { lazySchema } from '../../spec/lazy-schema.ts';

/**
 * Finished size ladders, one JSON file per run under <dataDir>/ladders/<runId>.json, kept as
 * comparisons are (run-files.ts). A separate folder keeps the comparison store's files and readers
 * unchanged; the screen lists both kinds together.
 */

/** What is kept per ladder. */
export interface StoredLadder {
  version: 1;
  status: LadderStatus;
}

// Built on first use, as the comparison store's is (run-store.ts).
const StoredLadderSchema = lazySchema(() => z.object({ version: z.literal(1, 'must be 1, the only version of a run file this app reads'), status: LadderStatusSchema }));

/** The ladder store. */
export type LadderStore = RunFiles<StoredLadder, LadderSummary>;

/** A ladder's list entry (run-summary.ts). */
export { ladderSummaryOf };

/** Creates the store over `<dataDir>/ladders`. */
export function createLadderStore(dataDir: string): LadderStore {
  return createRunFiles(dataDir, { folder: 'ladders', parseRunId: (runId) => LadderRunIdSchema.parse(runId), noun: 'size ladder', nouns: 'size ladders', summaryOf: (run: StoredLadder) => ladderSummaryOf(run.status), schema: StoredLadderSchema });
}
