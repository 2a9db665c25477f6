import '../zod-csp.ts';
import type { z } from 'zod';
import { api } from '../api.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { ladderChannels, LadderRequestInput, LadderStatus, LadderSummary } from '../../../src/ipc/channels/ladder.ts';
import { ladderExportChains } from '../../../src/ipc/channels/ladder.ts';
import { ladderChains } from '../../views/compare/ladder/ladder-chains.ts';
import { parseAmountList, splitAmountList } from '../../../src/domain/ladder-amounts.ts';
import { formChanges, ranWith, standingErrors, tradeOfRun } from './form-changes.ts';
import { ladderToCsv, ladderToJson } from '../../../src/domain/ladder-export.ts';
import type { CompareState } from './compare.svelte.ts';
import { pastRunsProblem } from './past-runs-problem.ts';
import { BackgroundRunFollower, runningElsewhere, withEntry } from './running-entries.ts';
import { ladderSummaryOf } from '../../../src/ipc/channels/run-summary.ts';
import { ProgressReads } from './progress-reads.svelte.ts';
import { StatusReads } from './status-reads.ts';

/**
 * Compare's Sizes mode: the amount list, the ladder being polled (every POLL_MS, as comparisons
 * are, failed reads tried again and given up as theirs are: progress-reads.svelte.ts), the size
 * whose table is shown, and past ladders. Pair, chains, models, profile and the
 * advanced fields are the Compare form's own, so switching modes keeps them.
 */

type Channels = typeof ladderChannels;
type Call<C extends keyof Channels> = (input: z.input<Channels[C]['input']>) => Promise<Result<z.output<Channels[C]['output']>>>;
interface LadderApi {
  start: Call<'ladder.start'>;
  status: Call<'ladder.status'>;
  cancel: Call<'ladder.cancel'>;
  list: () => Promise<Result<z.output<Channels['ladder.list']['output']>>>;
  open: Call<'ladder.open'>;
}

function ladderApi(): LadderApi {
  return (api as unknown as { ladder: LadderApi }).ladder;
}

// A running ladder is read with ladder.status({afterDone}): the engine answers at the next answer
// (or after a second), so each answer is drawn when it arrives; this pause only spaces reads.
const POLL_MS = 16;

/** The Sizes mode's state. */
export class LadderState {
  readonly compare: CompareState;
  amountsText = $state('100, 1000, 10000, 100000');
  /** Field name -> reason, from the form's own check or the last refused start, and the form as refused. */
  #refusal = $state.raw<{ errors: Record<string, string>; form: object } | null>(null);
  /**
   * The refusal's errors whose field the form still holds as refused (standingErrors): an amounts
   * error must not stay beside the list typed to correct it.
   */
  fieldErrors = $derived(this.#refusal ? standingErrors(this.#refusal.errors, this.#refusal.form, this.#formFields()) : {});
  #failure = $state<string | null>(null);
  /** A start refused for the One size form's profile (gone, or none listed), and the profile it was about. */
  #profileRefusal = $state.raw<{ text: string; profileId: string } | null>(null);
  status = $state.raw<LadderStatus | null>(null);
  pastRuns = $state.raw<LadderSummary[]>([]);
  /** Why the past ladders could not be listed, or which files were left out and why; null when none. */
  pastRunsProblem = $state<string | null>(null);
  /** Which of Compare's modes is shown: one size (the comparison) or Sizes (this ladder). */
  mode = $state<'one' | 'sizes'>('one');
  /** The amount (index in the request's list) whose table is shown. */
  selectedIndex = $state(0);
  /** Counts past-runs reads, so that an earlier one answering last is dropped. */
  #listSeq = 0;
  /** Brings the past-ladder entries of ladders going in the background up to date (running-entries.ts). */
  readonly #background = new BackgroundRunFollower(
    (runId: string) => ladderApi().status({ runId }),
    ladderSummaryOf,
    (entries) => (this.pastRuns = entries.reduce(withEntry, this.pastRuns)),
    () => this.#reads.current,
    // Read again, the list leaves out a run the engine no longer has (its entry said running).
    () => void this.loadPastRuns(),
  );

  /** Why the ladder on screen's status could not be read, and whether it is still followed. */
  readonly progressReads = new ProgressReads('size ladder', 'Past size ladders');
  /** The ladder on screen's status reads, as Compare's (status-reads.ts): an answer for any other ladder is dropped. */
  readonly #reads = new StatusReads<LadderStatus>(this.progressReads, () => void this.loadPastRuns());
  chains = $derived(this.status ? ladderChains(this.status.rows) : []);
  /** A ladder no longer followed (its reads given up) is not said to be running: nothing says how it is getting on. */
  isRunning = $derived(this.status?.state === 'running' && !this.progressReads.hasGivenUp);
  /** True from Run size ladder pressed until the new ladder's first status answers (a second press meanwhile is ignored). */
  isStarting = $state(false);
  selectedRows = $derived(this.status ? this.status.rows.filter((row) => row.amountIndex === this.selectedIndex) : []);

  constructor(compare: CompareState) {
    this.compare = compare;
  }

  /** What the form (the amounts, and the One size form's fields) changed since the ladder on screen. */
  get changedSinceRun(): string[] {
    if (!this.status) return [];
    const run = tradeOfRun(this.status.request, this.status.profileId, this.status.request.amounts, this.status.rows);
    return formChanges(run, this.compare.tradeOfForm(splitAmountList(this.amountsText)), 'amounts');
  }

  /** What the ladder on screen used of the settings the form changed (form-changes.ts, ranWith). */
  get ranWith(): string[] {
    if (!this.status) return [];
    const run = tradeOfRun(this.status.request, this.status.profileId, this.status.request.amounts, this.status.rows);
    return ranWith(run, this.changedSinceRun, (id) => this.compare.exportProfile(id).name);
  }

  /**
   * Why the last start or read failed, shown under the form. A refusal for the profile (gone from
   * the list, or none listed) stays only while the One size form still has that profile: once
   * another is picked, as it asks, it no longer applies.
   */
  get failure(): string | null {
    const refusal = this.#profileRefusal;
    if (refusal && refusal.profileId === this.compare.profileId) return refusal.text;
    return this.#failure;
  }

  set failure(text: string | null) {
    this.#failure = text;
    this.#profileRefusal = null;
  }

  // The fields a refusal is held against: the One size form's request, with the amount list and the
  // override rows as typed (the request lists only the rows that parse: a bad row removed left it unchanged).
  #formFields(): object {
    return { ...this.compare.request(), overrides: $state.snapshot(this.compare.overrides), amounts: this.amountsText };
  }

  #refuse(errors: Record<string, string>, form = this.#formFields()): void {
    this.#refusal = { errors, form };
  }

  /** Starts a ladder; a bad amount list is reported in place and nothing is sent. */
  async start(): Promise<void> {
    if (this.isStarting) return;
    this.#refusal = null;
    this.failure = null;
    // The profile is the One size form's: a ladder never runs on another than the one chosen there.
    const gone = this.compare.goneProfileText('run the ladder');
    if (gone) {
      this.#profileRefusal = { text: `${gone} Pick it in the One size form.`, profileId: this.compare.profileId };
      return;
    }
    if (this.compare.profilesProblem && !this.compare.profileId) {
      this.#profileRefusal = { text: `${this.compare.profilesProblem} Nothing is sent until the profiles can be listed and one is picked.`, profileId: this.compare.profileId };
      return;
    }
    const amounts = parseAmountList(this.amountsText);
    if (!amounts.ok) {
      this.#refuse({ amounts: amounts.problem.reason });
      return;
    }
    // The overrides are the One size form's: a ladder never runs with one of them silently dropped.
    const overrideProblem = this.compare.overrideErrors.flatMap((problems, index) => problems.map((problem) => `${problem.field} (override ${index + 1}): ${problem.message}`))[0];
    if (overrideProblem) {
      this.#refuse({ overrides: `${overrideProblem}. Fix it in the One size form's address overrides; nothing is sent until then.` });
      return;
    }
    const { amount: _amount, ...rest } = this.compare.request();
    this.isStarting = true;
    try {
      await this.#startLadder({ ...rest, amounts: amounts.amounts }, this.#formFields());
    } finally {
      this.isStarting = false;
    }
  }

  async #startLadder(request: LadderRequestInput, sent: object): Promise<void> {
    const result = await ladderApi().start(request);
    if (!result.ok) {
      const details = Array.isArray(result.error.details) ? (result.error.details as { field: string; reason: string }[]) : [];
      const errors: Record<string, string> = {};
      for (const item of details) errors[item.field.split('.')[0]!] ??= item.reason;
      this.#refuse(errors, sent);
      if (details.length === 0) this.failure = result.error.message;
      return;
    }
    this.selectedIndex = 0;
    // As Compare's start does: the ladder before (one given up on, say) is read no more, its problems with it.
    this.#stopPolling();
    this.#reads.current = result.value.runId;
    await this.#poll(result.value.runId);
  }

  async #poll(runId: string, afterDone?: number): Promise<void> {
    const result = await ladderApi().status({ runId, ...(afterDone === undefined ? {} : { afterDone }) });
    if (this.#reads.current !== runId) return;
    if (!result.ok) {
      this.status = this.#reads.failed(runId, this.status, result.error, () => void this.#poll(runId, afterDone));
      return;
    }
    this.progressReads.succeeded();
    this.status = result.value;
    this.pastRuns = withEntry(this.pastRuns, ladderSummaryOf(result.value));
    const done = result.value.done;
    if (result.value.state === 'running') this.#reads.readAgainIn(POLL_MS, () => void this.#poll(runId, done));
    else {
      this.#reads.ended();
      void this.loadPastRuns();
    }
  }

  /** Cancels the running ladder; answered sides stay, the others say cancelled. */
  async cancel(): Promise<void> {
    if (!this.status) return;
    // Said, as Compare says it (compare.svelte.ts, cancel): a refused cancel leaves the ladder going.
    const result = await ladderApi().cancel({ runId: this.status.runId });
    if (!result.ok) this.failure = `The size ladder could not be cancelled: ${result.error.message}`;
  }

  /** Loads the list of past ladders. */
  async loadPastRuns(): Promise<void> {
    const listSeq = ++this.#listSeq;
    const result = await ladderApi().list();
    // Of two reads under way (a run opened, then followed to its end) the later one's list stays:
    // the earlier, answering last on a busy machine, still has the run as running.
    if (listSeq !== this.#listSeq) return;
    this.pastRunsProblem = pastRunsProblem(result, 'size ladder', 'size ladders');
    if (!result.ok) return;
    this.pastRuns = result.value.runs;
    this.#background.follow(runningElsewhere(this.pastRuns, this.#reads.current));
  }


  /** Reopens a past ladder and puts every field it was run with back in the form (overrides and profile included). */
  async open(runId: string): Promise<void> {
    this.#stopPolling();
    // What the last start or open said was about that one, not this ladder.
    this.failure = null;
    this.#refusal = null;
    this.#reads.current = runId;
    // A ladder left going when another is opened is listed (running first), to be gone back to, and
    // its entry follows how it gets on.
    void this.loadPastRuns();
    const result = await ladderApi().open({ runId });
    if (this.#reads.current !== runId) return;
    if (!result.ok) {
      // Its file gone: back to the ladder on screen (its form still in place), read again while it runs.
      this.failure = this.status ? `${result.error.message}. The size ladder below is the one shown before, not this run.` : result.error.message;
      this.#reads.current = null;
      this.resume();
      return;
    }
    const { request } = result.value;
    this.compare.restoreForm(request, result.value.profileId);
    this.amountsText = request.amounts.join(', ');
    this.selectedIndex = 0;
    this.status = result.value;
    if (result.value.state === 'running') await this.#poll(runId);
  }

  csv(): string {
    return ladderToCsv(ladderExportChains(this.status?.rows ?? []), this.status ? this.compare.exportProfile(this.status.profileId) : undefined, this.status?.request, this.status ?? undefined);
  }

  json(): string {
    return this.status ? ladderToJson(this.status.request, ladderExportChains(this.status.rows), this.compare.exportProfile(this.status.profileId), this.status) : '';
  }

  /** Picks a running ladder up again when the screen comes back (its state outlives the screen). */
  resume(): void {
    // Only the rows after those on screen are asked for.
    this.#reads.resume(this.status, (status) => void this.#poll(status.runId, status.done));
  }

  /** Stops reading the ladder on screen (another is shown). */
  #stopPolling(): void {
    this.#reads.stop();
  }

  /** Stops reading the ladder on screen and the list's entries (the screen was left). */
  dispose(): void {
    this.#stopPolling();
    this.#background.follow([]);
  }
}
