import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../ipc/result.ts';
import { makeDirectory } from '../make-directory.ts';
import { newestRuns } from './newest-runs.ts';
import { RunIdSchema, type RunStatus, type RunSummary, type SideDetail } from '../../ipc/channels/compare.ts';

/**
 * Finished comparison runs, one JSON file per run under <dataDir>/comparisons/<runId>.json.
 *
 * Why files and not a table in the history database: a run is written once when it ends and read
 * whole when reopened, never queried by field; the rows already point into history by entry id and
 * zid. Files keep the runner independent of the store's schema and migrations, and a run can be
 * copied or deleted by hand. Writes go to a temp name and are renamed, so a crash leaves no half file.
 */

/** What is kept per run: the status as last seen, plus each side's full body for the row detail. */
export interface StoredRun {
  version: 1;
  status: RunStatus;
  details: Record<string, { allowanceHolder: SideDetail | null; permit2: SideDetail | null }>;
}

/** The run store. */
export interface RunStore {
  save(run: StoredRun): Promise<void>;
  load(runId: string): Promise<StoredRun | null>;
  list(limit?: number): Promise<RunSummary[]>;
}

/** A run's list entry. */
export function summaryOf(status: RunStatus): RunSummary {
  return {
    runId: status.runId,
    state: status.state,
    sell: status.request.sell,
    buy: status.request.buy,
    amount: status.request.amount,
    chains: status.rows.map((row) => row.chainId),
    done: status.done,
    total: status.total,
    startedAt: status.startedAt,
  };
}

/** Creates the store over `<dataDir>/comparisons`. */
export function createRunStore(dataDir: string): RunStore {
  const dir = join(dataDir, 'comparisons');
  const fileOf = (runId: string) => join(dir, `${RunIdSchema.parse(runId)}.json`);
  return {
    async save(run) {
      const file = fileOf(run.status.runId);
      try {
        makeDirectory(dir);
        await writeFile(`${file}.tmp`, JSON.stringify(run));
        await rename(`${file}.tmp`, file);
      } catch (error) {
        throw new AppError('STORAGE', `The comparison could not be saved: ${(error as Error).message}`);
      }
    },
    async load(runId) {
      try {
        return JSON.parse(await readFile(fileOf(runId), 'utf8')) as StoredRun;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new AppError('STORAGE', `The comparison ${runId} could not be read: ${(error as Error).message}`);
      }
    },
    async list(limit = 100) {
      return newestRuns(dir, limit, async (runId) => {
        const run = await this.load(runId);
        return run?.version === 1 ? summaryOf(run.status) : null;
      }, 'comparisons');
    },
  };
}
