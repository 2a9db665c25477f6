import { randomBytes } from 'node:crypto';
import type { AllowanceModel } from '../../domain/compare.ts';
import { AppError, isAppError } from '../../ipc/result.ts';
import type { LadderRequest, LadderRowWire, LadderStatus, LadderSummary } from '../../ipc/channels/ladder.ts';
import type { UnreadableRun } from '../../ipc/channels/compare.ts';
import type { RequestService } from '../request/send-request.ts';
import type { PaceGroup } from '../http/rate-scheduler.ts';
import { buildRow, type ChainResults, type RunFailure, type SideResult } from './build-row.ts';
import { ladderRequestCount, planLadder, rateChains, type PlannedRung } from './ladder-plan.ts';
import type { PlannedChain } from './plan.ts';
import { ladderSummaryOf, type LadderStore } from './ladder-store.ts';
import { endState, runError, runningFirst, saveEnded, unansweredFailure } from './run-ending.ts';

/**
 * The size-ladder runner: like the comparison runner (runner.ts), every chain x model x amount
 * request goes to the request service at once and the service's per-profile rate scheduler
 * releases them within the profile's budget, shared with any other run on that profile. Requests
 * are queued in the order of the amounts, so a run cancelled half-way has whole sizes to show.
 * A chain whose pair needs a native -> buy rate (plan.ts) asks for it once per ladder, first, and
 * every size of the chain converts its network fee with it. Once the run has ended, a side that
 * never got an answer reads cancelled, or run-failed with the run's error when it failed (build-row.ts).
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
  /** Running ladders, then the stored ones; the files that could not be read, with why. */
  list(): Promise<{ runs: LadderSummary[]; unreadable: UnreadableRun[] }>;
}

type Sides = Partial<Record<AllowanceModel, SideResult>>;
type Job = { model: AllowanceModel | 'rate'; endpoint: PlannedChain['requests'][number]['endpoint']; params: Record<string, string> };

interface LiveLadder {
  status: LadderStatus;
  rungs: PlannedRung[];
  results: Map<string, Sides>;
  pending: Set<string>;
  cancelled: boolean;
  startedMs: number;
  /** Each chain's native -> buy rate answer (chains whose pair needs one), shared by all sizes. */
  rates: Map<number, SideResult>;
  /** Row per amount and chain, rebuilt only when one of its sides or its chain's rate changes. */
  rows: Map<string, LadderRowWire>;
  /** Callers of status(afterDone) waiting for the next answer. */
  waiters: Set<() => void>;
}

/** How long a status read waits for more answers once one has come, so a burst costs one read. */
const COALESCE_MS = 150;

const keyOf = (rung: PlannedRung, chain: PlannedChain) => `${rung.amountIndex}:${chain.chainId}`;

function rowOf(run: LiveLadder, rung: PlannedRung, chain: PlannedChain, hasEnded: boolean, runFailure: RunFailure | null = null): LadderRowWire {
  const results: ChainResults = { ...run.results.get(keyOf(rung, chain)), rate: run.rates.get(chain.chainId) };
  return { ...buildRow(chain, results, hasEnded, runFailure), amount: rung.amount, amountIndex: rung.amountIndex };
}

// While running: the rows with an answer. At the end (`ended` given): every planned row, a side
// never answered reading cancelled, or run-failed with the run's error (build-row.ts), so an ended
// ladder shows what it did not get and why.
function rowsOf(run: LiveLadder, ended?: { runFailure: RunFailure | null }): LadderRowWire[] {
  const rows: LadderRowWire[] = [];
  for (const rung of run.rungs) {
    for (const chain of rung.chains) {
      const key = keyOf(rung, chain);
      if (ended) rows.push(rowOf(run, rung, chain, true, ended.runFailure));
      else if (run.rows.has(key)) rows.push(run.rows.get(key)!);
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
    status.rows = rowsOf(run);
    const elapsed = now() - run.startedMs;
    status.etaMs = status.state === 'running' && status.done > 0 ? Math.round((elapsed / status.done) * (status.total - status.done)) : null;
  }

  // One request; null when cancel() aborted it (it is in history, but it is no answer).
  async function sendJob(run: LiveLadder, requestId: string, item: Job, paceGroup?: PaceGroup): Promise<SideResult | null> {
    run.pending.add(requestId);
    try {
      const sent = await deps.requests.send({ requestId, profileId: run.status.profileId, endpoint: item.endpoint, params: item.params, paceGroup });
      return run.cancelled && sent.entry.appError?.code === 'CANCELLED' ? null : { entry: sent.entry };
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The profile itself is unusable: every other request would fail the same way.
      if (error.code === 'NOT_FOUND' || error.code === 'NOT_CONFIGURED' || error.code === 'LOCAL_SERVICE_FAILED') throw error;
      return { failure: { name: error.code, message: error.message } };
    } finally {
      run.pending.delete(requestId);
    }
  }

  function answered(run: LiveLadder): void {
    run.status.done += 1;
    refresh(run);
    wake(run);
  }

  async function sendSide(run: LiveLadder, rung: PlannedRung, chain: PlannedChain, item: Job): Promise<void> {
    // A size's sides on a chain start together, so that both models price at one block where the chain allows.
    const paceGroup = { id: `${run.status.runId}:${rung.amountIndex}:${chain.chainId}`, size: chain.requests.length };
    const result = await sendJob(run, `${run.status.runId}:${rung.amountIndex}:${chain.chainId}:${item.model}`, item, paceGroup);
    if (result === null) return;
    const key = keyOf(rung, chain);
    run.results.set(key, { ...run.results.get(key), [item.model]: result });
    run.rows.set(key, rowOf(run, rung, chain, false));
    answered(run);
  }

  // The chain's native -> buy rate, asked once per ladder and used by every size of the chain.
  async function sendRate(run: LiveLadder, chain: PlannedChain): Promise<void> {
    const request = chain.rateRequest!;
    const result = await sendJob(run, `${run.status.runId}:rate:${chain.chainId}`, { model: 'rate', endpoint: request.endpoint, params: request.params });
    if (result === null) return;
    run.rates.set(chain.chainId, result);
    for (const rung of run.rungs) {
      const planned = rung.chains.find((item) => item.chainId === chain.chainId);
      if (planned && run.rows.has(keyOf(rung, planned))) run.rows.set(keyOf(rung, planned), rowOf(run, rung, planned, false));
    }
    answered(run);
  }

  async function execute(run: LiveLadder): Promise<LadderStatus> {
    // Rates first: a size's verdict waits for its chain's rate.
    const jobs = [
      ...rateChains(run.rungs).map((chain) => sendRate(run, chain)),
      ...run.rungs.flatMap((rung) => rung.chains.flatMap((chain) => chain.requests.map((item) => sendSide(run, rung, chain, item)))),
    ];
    const error = runError(await Promise.allSettled(jobs), 'size ladder');
    if (error) cancelPending(run);
    const state = endState(error, run.cancelled);
    const rows = rowsOf(run, { runFailure: unansweredFailure(state, error, run.cancelled) });
    const final: LadderStatus = { ...run.status, state, error, etaMs: null, finishedAt: new Date(now()).toISOString(), rows };
    await saveEnded(() => deps.store.save({ version: 1, status: final }), final);
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
      const run: LiveLadder = { status, rungs, results: new Map(), rates: new Map(), pending: new Set(), cancelled: false, startedMs, rows: new Map(), waiters: new Set() };
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
      return { runs: runningFirst([...live.values()].filter((run) => run.status.state === 'running').map((run) => ladderSummaryOf(run.status)), stored.runs), unreadable: stored.unreadable };
    },
  };
}
