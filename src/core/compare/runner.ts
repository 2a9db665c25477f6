import { randomBytes } from 'node:crypto';
import { hasAlteredNumbers } from '../../domain/json-text.ts';
import type { AllowanceModel } from '../../domain/compare.ts';
import { AppError, isAppError } from '../../ipc/result.ts';
import type { CompareRequest, CompareRowWire, RunStatus, RunSummary, SideDetail, UnreadableRun } from '../../ipc/channels/compare.ts';
import type { RequestService } from '../request/send-request.ts';
import { buildRow, type ChainResults, type SideResult } from './build-row.ts';
import { planComparison, type PlannedChain } from './plan.ts';
import { summaryOf, type RunStore, type StoredRun } from './run-store.ts';
import { endState, runError, runningFirst, saveEnded, unansweredFailure } from './run-ending.ts';

/**
 * The comparison runner: every chain x model price request of a run is handed to the request
 * service at once; the service's per-profile rate scheduler releases them within the profile's
 * budget (never above it), so the runner needs no pacing of its own. Each request carries an id,
 * so cancel() aborts the ones still queued or in flight; the rows finished by then are kept.
 * A chain whose buy and sell tokens are both ordinary tokens adds one rate request (plan.ts), so
 * that its network fee can be priced in the buy token; it counts in `total` like the others.
 */

/** What the runner is built from. */
export interface CompareRunnerDeps {
  requests: Pick<RequestService, 'send' | 'cancel'>;
  store: RunStore;
  /** The profile used when a request names none (the app's Local service profile). */
  defaultProfileId: string;
  /** Wall clock in ms (default Date.now). */
  now?: () => number;
}

/** The runner. */
export interface CompareRunner {
  /** Plans and starts a run; throws INVALID_INPUT (with field reasons) before sending anything. */
  start(request: CompareRequest): { runId: string; total: number; finished: Promise<RunStatus> };
  status(runId: string): Promise<RunStatus>;
  cancel(runId: string): boolean;
  /** Running runs, then the stored ones; the files that could not be read, with why. */
  list(): Promise<{ runs: RunSummary[]; unreadable: UnreadableRun[] }>;
  detail(runId: string, chainId: number): Promise<StoredRun['details'][string]>;
}

interface LiveRun {
  status: RunStatus;
  plan: PlannedChain[];
  results: Map<number, ChainResults>;
  pending: Set<string>;
  cancelled: boolean;
  startedMs: number;
  /**
   * An answer came in since `status.rows` was built. The rows are built when read (status()) or at
   * the end, not at every answer: a run of n chains rebuilt every row at each of its ~2n answers,
   * reading each answer's body again each time, which nothing read while the run was going (the CLI
   * reads only the count, the app its status every 200 ms).
   */
  hasNewAnswers: boolean;
}

/** One request of a run: a model's price, or the chain's native -> buy rate. */
type Job = { model: AllowanceModel | 'rate'; endpoint: PlannedChain['requests'][number]['endpoint']; params: Record<string, string> };

function jobsOf(chain: PlannedChain): Job[] {
  return chain.rateRequest ? [...chain.requests, { model: 'rate', endpoint: chain.rateRequest.endpoint, params: chain.rateRequest.params }] : chain.requests;
}

function newRunId(now: number): string {
  return `cmp-${now.toString(36)}${randomBytes(4).toString('hex')}`;
}

// While running: the chains with an answer. At the end: every planned chain, a side never answered
// reading cancelled, or run-failed with the run's error when it failed (build-row.ts), as the size
// ladder does: a run cancelled or failed before a chain's first answer had left that chain out, and
// the table, its caption ("on 2 chains") and the exports read as a whole run on the chains that
// answered. A run that failed as a whole before any answer (the profile cannot be used) compared
// nothing and keeps no rows: its line says why.
function rowsOf(run: LiveRun): CompareRowWire[] {
  const hasEnded = run.status.state !== 'running';
  if (run.status.state === 'failed' && run.results.size === 0) return [];
  const failure = unansweredFailure(run.status.state, run.status.error, run.cancelled);
  return run.plan.filter((chain) => hasEnded || run.results.has(chain.chainId)).map((chain) => buildRow(chain, run.results.get(chain.chainId) ?? {}, hasEnded, failure));
}

// Every row's detail, a chain without an answer with none on either side (its row reads cancelled).
function detailsOf(run: LiveRun, hasEnded = run.status.state !== 'running'): StoredRun['details'] {
  const details: StoredRun['details'] = {};
  const side = (result: SideResult | undefined): SideDetail | null => {
    if (!result || !('entry' in result)) return null;
    const { id, zid, body, bodyText, status } = result.entry;
    // The text too where the parsed body lost figures (SideDetailSchema's bodyText), else once.
    const exact = body !== null && hasAlteredNumbers(bodyText) ? { bodyText } : {};
    return { entryId: id, zid, body: body ?? bodyText, ...exact, status };
  };
  for (const chain of run.plan) {
    const results = run.results.get(chain.chainId);
    if (results || hasEnded) details[chain.chainId] = { allowanceHolder: side(results?.['allowance-holder']), permit2: side(results?.permit2) };
  }
  return details;
}

/** Creates the runner. */
export function createCompareRunner(deps: CompareRunnerDeps): CompareRunner {
  const now = deps.now ?? Date.now;
  const live = new Map<string, LiveRun>();

  function refresh(run: LiveRun): void {
    const { status } = run;
    run.hasNewAnswers = true;
    const elapsed = now() - run.startedMs;
    status.etaMs = status.state === 'running' && status.done > 0 ? Math.round((elapsed / status.done) * (status.total - status.done)) : null;
  }

  /** The run's status with its rows as of its latest answer. */
  function currentStatus(run: LiveRun): RunStatus {
    if (run.hasNewAnswers) {
      run.status.rows = rowsOf(run);
      run.hasNewAnswers = false;
    }
    return run.status;
  }

  async function sendOne(run: LiveRun, chain: PlannedChain, item: Job): Promise<void> {
    const requestId = `${run.status.runId}:${chain.chainId}:${item.model}`;
    run.pending.add(requestId);
    let result: SideResult | null;
    try {
      // A chain's sides start together, so that both models (and the rate) price at one block where the chain allows.
      const paceGroup = { id: `${run.status.runId}:${chain.chainId}`, size: jobsOf(chain).length };
      const sent = await deps.requests.send({ requestId, profileId: run.status.profileId, endpoint: item.endpoint, params: item.params, paceGroup });
      // A request aborted by cancel() is recorded in history, but it is not a finished row side.
      result = run.cancelled && sent.entry.appError?.code === 'CANCELLED' ? null : { entry: sent.entry };
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The profile itself is unusable: every other request would fail the same way.
      if (error.code === 'NOT_FOUND' || error.code === 'NOT_CONFIGURED' || error.code === 'LOCAL_SERVICE_FAILED') throw error;
      result = { failure: { name: error.code, message: error.message } };
    } finally {
      run.pending.delete(requestId);
    }
    if (result === null) return;
    const results = run.results.get(chain.chainId) ?? {};
    results[item.model] = result;
    run.results.set(chain.chainId, results);
    run.status.done += 1;
    refresh(run);
  }

  async function execute(run: LiveRun): Promise<RunStatus> {
    const jobs = run.plan.flatMap((chain) => jobsOf(chain).map((item) => sendOne(run, chain, item)));
    const error = runError(await Promise.allSettled(jobs), 'comparison');
    if (error) cancelPending(run);
    // An ended run has no time left to estimate: the file keeps none (as the size ladder's does), so
    // that a reopened run never carries the estimate its last answer left.
    const final: RunStatus = { ...run.status, state: endState(error, run.cancelled), error, etaMs: null, finishedAt: new Date(now()).toISOString() };
    // Rebuilt as ended: sides still without an answer now read cancelled or run-failed, not pending.
    final.rows = rowsOf({ ...run, status: final });
    await saveEnded(() => deps.store.save({ version: 1, status: final, details: detailsOf(run, true) }), final);
    // Ended: its rows are the final ones, and it has no time left to estimate.
    Object.assign(run.status, final);
    run.hasNewAnswers = false;
    return run.status;
  }

  function cancelPending(run: LiveRun): void {
    for (const requestId of run.pending) deps.requests.cancel(requestId);
  }

  return {
    start(request) {
      const plan = planComparison(request);
      const startedMs = now();
      const runId = newRunId(startedMs);
      const total = plan.reduce((sum, chain) => sum + jobsOf(chain).length, 0);
      const status: RunStatus = {
        runId, state: 'running', request, profileId: request.profileId ?? deps.defaultProfileId, done: 0, total, etaMs: null,
        startedAt: new Date(startedMs).toISOString(), finishedAt: null, rows: [], error: null,
      };
      const run: LiveRun = { status, plan, results: new Map(), pending: new Set(), cancelled: false, startedMs, hasNewAnswers: false };
      live.set(runId, run);
      return { runId, total, finished: execute(run) };
    },
    async status(runId) {
      const run = live.get(runId);
      if (run) return structuredClone(currentStatus(run));
      const stored = await deps.store.load(runId);
      if (!stored) throw new AppError('NOT_FOUND', `No comparison ${runId}`);
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
      return { runs: runningFirst([...live.values()].filter((run) => run.status.state === 'running').map((run) => summaryOf(run.status)), stored.runs), unreadable: stored.unreadable };
    },
    async detail(runId, chainId) {
      const run = live.get(runId);
      const details = run ? detailsOf(run) : (await deps.store.load(runId))?.details;
      if (!details) throw new AppError('NOT_FOUND', `No comparison ${runId}`);
      const found = details[chainId];
      if (!found) throw new AppError('NOT_FOUND', `Comparison ${runId} has no finished row for chain ${chainId}`);
      return found;
    },
  };
}
