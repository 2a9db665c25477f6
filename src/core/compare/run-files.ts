import { join } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../ipc/result.ts';
import { toFieldErrors, type FieldError } from '../../spec/index.ts';
import { writeAtomically } from '../write-atomically.ts';
import { readTextFile } from '../read-text-file.ts';
import { fileFailureReason } from '../file-failure.ts';
import { newestRuns } from './newest-runs.ts';
import type { UnreadableRun } from '../../ipc/channels/compare.ts';

/**
 * A folder of finished runs of one kind (comparisons, size ladders), one JSON file per run named
 * by its id. Why files and not a table in the history database: a run is written once when it
 * ends and read whole when reopened, never queried by field; its rows already point into history
 * by entry id and zid. Files keep the runners independent of the history's schema and migrations,
 * and a run can be copied or deleted by hand. Each is written whole or not at all (write-atomically.ts).
 *
 * Because a file can be copied, edited or cut by hand, every one read is held to its kind's schema
 * before it is reopened: a damaged run is refused with the field and the reason, and left in place
 * for the user to mend or delete, rather than shown with figures that are not the run's.
 */

/** What every stored run carries: the format version and the status naming its id. */
export interface StoredRunFile {
  version: 1;
  status: { runId: string };
}

/** One kind's folder of runs. */
export interface RunFiles<Stored extends StoredRunFile, Summary> {
  save(run: Stored): Promise<void>;
  /** The run, or null when there is no file of that id. */
  load(runId: string): Promise<Stored | null>;
  /** The newest `limit` runs (default 100), newest first; a damaged file is skipped and named in `unreadable`, with why. */
  list(limit?: number): Promise<{ runs: Summary[]; unreadable: UnreadableRun[] }>;
}

/** How one kind of run is kept. */
export interface RunKind<Stored extends StoredRunFile, Summary> {
  /** The folder under the data dir. */
  folder: string;
  /** Returns the id if it is this kind's, else throws: the id becomes a file name. */
  parseRunId: (runId: string) => string;
  /** The kind in messages, singular and plural: "comparison", "comparisons". */
  noun: string;
  nouns: string;
  summaryOf: (run: Stored) => Summary;
  /** What a file of this kind must hold. */
  schema: z.ZodType<Stored>;
}

function checkRunFile<Stored extends StoredRunFile>(schema: z.ZodType<Stored>, data: unknown, runId: string): { run: Stored } | { damaged: FieldError[] } {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { damaged: toFieldErrors(parsed.error, data, 'is not a field of a run file').map(({ field, reason }) => ({ field: field === '(input)' ? '(file)' : field, reason })) };
  // A file copied under another run's name would reopen as that other run.
  if (parsed.data.status.runId !== runId) return { damaged: [{ field: 'status.runId', reason: `must be the run named by the file, ${runId}` }] };
  return { run: parsed.data };
}

/** The folder of `kind`'s runs under `dataDir`. */
export function createRunFiles<Stored extends StoredRunFile, Summary extends { startedAt: string }>(dataDir: string, kind: RunKind<Stored, Summary>): RunFiles<Stored, Summary> {
  const dir = join(dataDir, kind.folder);
  const fileOf = (runId: string) => join(dir, `${kind.parseRunId(runId)}.json`);
  const isOwnRunId = (runId: string) => {
    try {
      kind.parseRunId(runId);
      return true;
    } catch {
      return false;
    }
  };
  const load = async (runId: string): Promise<Stored | null> => {
    const path = fileOf(runId);
    let data: unknown;
    try {
      data = JSON.parse(await readTextFile(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      const why = error instanceof SyntaxError ? `its file ${path} is not JSON (${error.message}). It was left as it is.` : fileFailureReason(error);
      throw new AppError('STORAGE', `The ${kind.noun} ${runId} could not be read: ${why}`);
    }
    const checked = checkRunFile(kind.schema, data, runId);
    if ('run' in checked) return checked.run;
    const first = checked.damaged[0]!;
    throw new AppError('STORAGE', `The ${kind.noun} ${runId} could not be read: its file ${path} is damaged (${first.field} ${first.reason}). It was left as it is.`, checked.damaged);
  };
  return {
    async save(run) {
      // Not flushed to disk: the answers are in the history too, and a flush per run would make
      // every short command wait on the disk for a record that can be lost.
      await writeAtomically(fileOf(run.status.runId), JSON.stringify(run), `the ${kind.noun}`, { isDurable: false });
    },
    load,
    async list(limit = 100) {
      const unreadable: UnreadableRun[] = [];
      const runs = await newestRuns(dir, limit, async (runId) => {
        // A file of another name (notes.json put there by hand) is not a run: it is left alone.
        if (!isOwnRunId(runId)) return null;
        const run = await load(runId);
        return run ? kind.summaryOf(run) : null;
      }, kind.nouns, (runId, reason) => unreadable.push({ runId, reason }));
      return { runs, unreadable };
    },
  };
}
