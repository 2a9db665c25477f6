import { isAppError, type AppErrorData } from '../../ipc/result.ts';
import type { RunState } from '../../ipc/channels/compare.ts';

/**
 * How a run ends, the same for the comparison and the size-ladder runner: the error its jobs
 * leave, the state that follows, the save that may fail, and the list of runs it then joins.
 */

/**
 * The error a run ends with: null when every job settled, else the first rejection's. An AppError
 * is the user's to read as it is; anything else is a defect, logged and said as INTERNAL.
 * @param noun the kind of run, for the message and the log: "comparison", "size ladder"
 */
export function runError(outcomes: readonly PromiseSettledResult<unknown>[], noun: string): AppErrorData | null {
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (!failed) return null;
  const reason = failed.reason as unknown;
  if (isAppError(reason)) return reason.toData();
  console.error(`${noun} run failed`, reason);
  return { code: 'INTERNAL', message: `The ${noun} failed; the details are in the log.` };
}

/** The state a run ends in: failed outranks cancelled. */
export function endState(error: AppErrorData | null, cancelled: boolean): RunState {
  return error ? 'failed' : cancelled ? 'cancelled' : 'done';
}

/**
 * The failure the sides a run left unanswered are to name (build-row.ts, RunFailure): the run's
 * error when it failed and the user had not cancelled it, else null (they read cancelled, or the
 * run is still going). A user's cancel is said as such even when the run then failed as well.
 */
export function unansweredFailure(state: RunState, error: AppErrorData | null, isCancelledByUser: boolean): AppErrorData | null {
  return state === 'failed' && !isCancelledByUser ? error : null;
}

/**
 * Saves an ended run. It is saved before its state leaves 'running', so a client that sees the
 * end can list it; a save that fails becomes the run's error unless it already has one.
 */
export async function saveEnded(save: () => Promise<void>, final: { error: AppErrorData | null }): Promise<void> {
  try {
    await save();
  } catch (saveError) {
    final.error ??= isAppError(saveError) ? saveError.toData() : { code: 'STORAGE', message: String(saveError) };
  }
}

/** The runs still running, then the stored ones not among them (a run is stored once it ends). */
export function runningFirst<T extends { runId: string }>(running: readonly T[], stored: readonly T[]): T[] {
  return [...running, ...stored.filter((summary) => !running.some((item) => item.runId === summary.runId))];
}
