import { randomBytes } from 'node:crypto';
import type { AllowanceModel } from '../../domain/compare.ts';
import { AppError, isAppError, type AppErrorData } from '../../ipc/result.ts';
import type { LadderRequest, LadderRowWire, LadderStatus, LadderSummary } from '../../ipc/channels/ladder.ts';
import type { RequestService } from '../request/send-request.ts';
import { buildRow, type SideResult } from './build-row.ts';
import { ladderRequestCount, planLadder, type PlannedRung } from './ladder-plan.ts';
import type { PlannedChain } from './plan.ts';
import { ladderSummaryOf, type LadderStore } from './ladder-store.ts';

/**
 * The size-ladder runner: like the comparison runner (runner.ts), every chain x model x amount
 * request goes to the request service at once and the service's per-profile rate scheduler
 * releases them within the profile's budget, shared with any other run on that profile. Requests
 * are queued smallest-index amount first, so a run cancelled half-way has whole sizes to show.
 * On cancel, a side that never got an answer is kept as a CANCELLED error, so it says so.
 */

/** What the ladder runner is built from. */
export interface LadderRunnerDeps {
  requests: Pick<RequestService, 'send' | 'cancel'>;
  store: LadderStore;
  defaultProfileId: string;
  now?: () => number;
}

/** The ladder runner. */
export interface LadderRunner {
  /** Plans and starts a ladder; throws INVALID_INPUT (with field reasons) before sending anything. */
  start(request: LadderRequest): { runId: string; total: number; finished: Promise<LadderStatus> };
  /**
   * The run's status. With `afterDone`, a running ladder answers once it has more than that many
   * answers or has ended, or after `waitMs`: the screen learns of each answer at once without
   * polling on a timer, so the last answer is drawn as soon as it arrives.
   */
  status(runId: string, afterDone?: number, waitMs?: number): Promise<LadderStatus>;
  cancel(runId: string): boolean;
  list(): Promise<LadderSummary[]>;
}

type Sides = Partial<Record<AllowanceModel, SideResult>>;

interface LiveLadder {
  status: LadderStatus;
  rungs: PlannedRung[];
  results: Map<string, Sides>;
  pending: Set<string>;
  cancelled: boolean;
  startedMs: number;
  /** Row per amount and chain, rebuilt only when one of its sides changes. */
  rows: Map<string, LadderRowWire>;
  /** Callers of status(afterDone) waiting for the next answer. */
  waiters: Set<() => void>;
}

/** How long a status read waits for more answers once one has come, so a burst costs one read. */
const COALESCE_MS = 150;

const keyOf = (rung: PlannedRung, chain: PlannedChain) => `${rung.amountIndex}:${chain.chainId}`;
const CANCELLED: SideResult = { failure: { name: 'CANCELLED', message: 'cancelled before an answer came' } };

function rowOf(rung: PlannedRung, chain: PlannedChain, sides: Sides): LadderRowWire {
  return { ...buildRow(chain, sides), amount: rung.amount, amountIndex: rung.amountIndex };
}

function rowsOf(run: LiveLadder, isFinal: boolean): LadderRowWire[] {
  const rows: LadderRowWire[] = [];
  for (const rung of run.rungs) {
    for (const chain of rung.chains) {
      const key = keyOf(rung, chain);
      const sides = run.results.get(key);
      if (isFinal && run.cancelled) {
        const filled: Sides = { ...sides };
        for (const item of chain.requests) filled[item.model] ??= CANCELLED;
        rows.push(rowOf(rung, chain, filled));
      } else if (sides) rows.push(run.rows.get(key)!);
    }
  }
  return rows;
}

/** Creates the ladder runner. */
export function createLadderRunner(deps: LadderRunnerDeps): LadderRunner {
  const now = deps.now ?? Date.now;
  const live = new Map<string, LiveLadder>();

  function refresh(run: LiveLadder): void {
    const { status } = run;
    status.rows = rowsOf(run, false);
    const elapsed = now() - run.startedMs;
    status.etaMs = status.state === 'running' && status.done > 0 ? Math.round((elapsed / status.done) * (status.total - status.done)) : null;
  }

  async function sendOne(run: LiveLadder, rung: PlannedRung, chain: PlannedChain, item: PlannedChain['requests'][number]): Promise<void> {
    const requestId = `${run.status.runId}:${rung.amountIndex}:${chain.chainId}:${item.model}`;
    run.pending.add(requestId);
    let result: SideResult;
    let isAnswer = true;
    try {
      const sent = await deps.requests.send({ requestId, profileId: run.status.profileId, endpoint: item.endpoint, params: item.params });
      // Aborted by cancel(): kept with its history entry, so the side says cancelled and traces to it.
      isAnswer = !(run.cancelled && sent.entry.appError?.code === 'CANCELLED');
      result = { entry: sent.entry };
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.code === 'NOT_FOUND' || error.code === 'NOT_CONFIGURED') throw error;
      if (run.cancelled && error.code === 'CANCELLED') return;
      result = { failure: { name: error.code, message: error.message } };
    } finally {
      run.pending.delete(requestId);
    }
    const key = keyOf(rung, chain);
    const sides = { ...run.results.get(key), [item.model]: result };
    run.results.set(key, sides);
    run.rows.set(key, rowOf(rung, chain, sides));
    if (isAnswer) run.status.done += 1;
    refresh(run);
    wake(run);
  }

  async function execute(run: LiveLadder): Promise<LadderStatus> {
    const jobs = run.rungs.flatMap((rung) => rung.chains.flatMap((chain) => chain.requests.map((item) => sendOne(run, rung, chain, item))));
    const outcomes = await Promise.allSettled(jobs);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    let error: AppErrorData | null = null;
    if (failed) {
      cancelPending(run);
      const reason = failed.reason as unknown;
      error = isAppError(reason) ? reason.toData() : { code: 'INTERNAL', message: 'The size ladder failed; the details are in the log.' };
      if (!isAppError(reason)) console.error('ladder run failed', reason);
    }
    // Saved before the state leaves 'running', so a client that sees the end can list the run.
    const state = error ? 'failed' : run.cancelled ? 'cancelled' : 'done';
    const final: LadderStatus = { ...run.status, state, error, etaMs: null, finishedAt: new Date(now()).toISOString(), rows: rowsOf(run, true) };
    try {
      await deps.store.save({ version: 1, status: final });
    } catch (saveError) {
      final.error ??= isAppError(saveError) ? saveError.toData() : { code: 'STORAGE', message: String(saveError) };
    }
    Object.assign(run.status, final);
    wake(run);
    return structuredClone(run.status);
  }

  function wake(run: LiveLadder): void {
    for (const waiter of [...run.waiters]) waiter();
  }

  // Resolves when `isReady` holds (checked at each answer and at the end) or after `ms`.
  function until(run: LiveLadder, isReady: () => boolean, ms: number): Promise<void> {
    if (isReady()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        run.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (isReady()) finish();
      };
      const timer = setTimeout(finish, ms);
      run.waiters.add(check);
    });
  }

  function cancelPending(run: LiveLadder): void {
    for (const requestId of run.pending) deps.requests.cancel(requestId);
  }

  return {
    start(request) {
      const rungs = planLadder(request);
      const startedMs = now();
      const runId = `lad-${startedMs.toString(36)}${randomBytes(4).toString('hex')}`;
      const total = ladderRequestCount(rungs);
      const status: LadderStatus = {
        runId, state: 'running', request, profileId: request.profileId ?? deps.defaultProfileId, done: 0, total, etaMs: null,
        startedAt: new Date(startedMs).toISOString(), finishedAt: null, rows: [], error: null,
      };
      const run: LiveLadder = { status, rungs, results: new Map(), pending: new Set(), cancelled: false, startedMs, rows: new Map(), waiters: new Set() };
      live.set(runId, run);
      return { runId, total, finished: execute(run) };
    },
    async status(runId, afterDone, waitMs = 1000) {
      const run = live.get(runId);
      if (run && afterDone !== undefined && run.status.state === 'running') {
        await until(run, () => run.status.done > afterDone || run.status.state !== 'running', waitMs);
        // Answers that follow within COALESCE_MS go out in one read; the end goes out at once.
        if (run.status.state === 'running') await until(run, () => run.status.state !== 'running', COALESCE_MS);
      }
      if (run) return structuredClone(run.status);
      const stored = await deps.store.load(runId);
      if (!stored) throw new AppError('NOT_FOUND', `No size ladder ${runId}`);
      return stored.status;
    },
    cancel(runId) {
      const run = live.get(runId);
      if (!run || run.status.state !== 'running') return false;
      run.cancelled = true;
      cancelPending(run);
      return true;
    },
    async list() {
      const stored = await deps.store.list();
      const running = [...live.values()].filter((run) => run.status.state === 'running').map((run) => ladderSummaryOf(run.status));
      return [...running, ...stored.filter((summary) => !running.some((item) => item.runId === summary.runId))];
    },
  };
}
