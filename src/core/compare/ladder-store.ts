import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../ipc/result.ts';
import { makeDirectory } from '../make-directory.ts';
import { newestRuns } from './newest-runs.ts';
import { LadderRunIdSchema, type LadderStatus, type LadderSummary } from '../../ipc/channels/ladder.ts';

/**
 * Finished size ladders, one JSON file per run under <dataDir>/ladders/<runId>.json, kept and
 * written the way comparisons are (run-store.ts: temp file then rename). A separate folder keeps
 * the comparison store's files and readers unchanged; the screen lists both kinds together.
 */

/** What is kept per ladder. */
export interface StoredLadder {
  version: 1;
  status: LadderStatus;
}

/** The ladder store. */
export interface LadderStore {
  save(run: StoredLadder): Promise<void>;
  load(runId: string): Promise<StoredLadder | null>;
  list(limit?: number): Promise<LadderSummary[]>;
}

/** A ladder's list entry. */
export function ladderSummaryOf(status: LadderStatus): LadderSummary {
  return {
    runId: status.runId,
    state: status.state,
    sell: status.request.sell,
    buy: status.request.buy,
    amounts: status.request.amounts,
    chains: [...new Set(status.rows.map((row) => row.chainId))],
    done: status.done,
    total: status.total,
    startedAt: status.startedAt,
  };
}

/** Creates the store over `<dataDir>/ladders`. */
export function createLadderStore(dataDir: string): LadderStore {
  const dir = join(dataDir, 'ladders');
  const fileOf = (runId: string) => join(dir, `${LadderRunIdSchema.parse(runId)}.json`);
  return {
    async save(run) {
      const file = fileOf(run.status.runId);
      try {
        makeDirectory(dir);
        await writeFile(`${file}.tmp`, JSON.stringify(run));
        await rename(`${file}.tmp`, file);
      } catch (error) {
        throw new AppError('STORAGE', `The size ladder could not be saved: ${(error as Error).message}`);
      }
    },
    async load(runId) {
      try {
        return JSON.parse(await readFile(fileOf(runId), 'utf8')) as StoredLadder;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new AppError('STORAGE', `The size ladder ${runId} could not be read: ${(error as Error).message}`);
      }
    },
    async list(limit = 100) {
      return newestRuns(dir, limit, async (runId) => {
        const run = await this.load(runId);
        return run?.version === 1 ? ladderSummaryOf(run.status) : null;
      }, 'size ladders');
    },
  };
}
