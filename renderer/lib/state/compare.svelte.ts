import '../zod-csp.ts';
import type { z } from 'zod';
import { api } from '../api.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { compareChannels, CompareRequestInput, ModelSideWire, RunStatus, RunSummary } from '../../../src/ipc/channels/compare.ts';
import { exportRowOf } from '../../../src/ipc/channels/compare.ts';
import { comparisonToCsv, comparisonToJson, type ExportRow } from '../../../src/domain/compare-export.ts';
import type { ColumnId, SortDirection } from '../../views/compare/table-model.ts';
import { sortRows } from '../../views/compare/table-model.ts';
import { storeColumns, storedColumns } from './compare-columns.ts';
import { formChanges, ranWith, standingErrors, tradeOfRun } from './form-changes.ts';
import { pastRunsProblem } from './past-runs-problem.ts';
import { BackgroundRunFollower, runningElsewhere, withEntry } from './running-entries.ts';
import { summaryOf } from '../../../src/ipc/channels/run-summary.ts';
import { CompareFormState } from './compare-form.svelte.ts';
import { ProgressReads } from './progress-reads.svelte.ts';
import { StatusReads } from './status-reads.ts';

/**
 * The Compare screen's state: a run started from the form (compare-form.svelte.ts, which this
 * extends: the screen's components read form and run from one object), polled while it goes (the
 * IPC contract is invoke-only, so progress is read with compare.status every POLL_MS; a failed read
 * is tried again, and given up after a while: progress-reads.svelte.ts), reopened
 * from the past runs, and what is derived from the run on screen: sorted rows, the open row
 * detail, what the form changed since, the exports.
 */

export type { OverrideDraft, ProfileChoice } from './compare-form.svelte.ts';

type Channels = typeof compareChannels;
type Call<C extends keyof Channels> = (input: z.input<Channels[C]['input']>) => Promise<Result<z.output<Channels[C]['output']>>>;
interface CompareApi {
  start: Call<'compare.start'>;
  status: Call<'compare.status'>;
  cancel: Call<'compare.cancel'>;
  list: () => Promise<Result<z.output<Channels['compare.list']['output']>>>;
  open: Call<'compare.open'>;
  detail: Call<'compare.detail'>;
}
/** One row's detail as compare.detail answers it. */
export type RowDetail = z.output<Channels['compare.detail']['output']>;

function compareApi(): CompareApi {
  return (api as unknown as { compare: CompareApi }).compare;
}

const POLL_MS = 200;

/** The request fields whose errors CompareForm shows beside them. */
const FORM_FIELDS: ReadonlySet<string> = new Set(['sell', 'buy', 'amount', 'models', 'chains', 'taker', 'slippageBps', 'swapFeeBps', 'swapFeeRecipient', 'overrides']);

// What a row's detail depends on: each side's state and the history entry of its answer.
function detailKey(status: RunStatus, chainId: number): string {
  const row = status.rows.find((item) => item.chainId === chainId);
  const side = (wire: ModelSideWire | undefined) => `${wire?.state ?? 'none'}:${wire?.entryId ?? ''}`;
  return `${status.runId}:${chainId}:${side(row?.allowanceHolder)}:${side(row?.permit2)}`;
}

/** The Compare screen's state. */
export class CompareState extends CompareFormState {
  /** Field name -> reason, from the last refused start, and the request refused. */
  #refusal = $state.raw<{ errors: Record<string, string>; request: CompareRequestInput } | null>(null);
  failure = $state<string | null>(null);
  status = $state.raw<RunStatus | null>(null);
  pastRuns = $state.raw<RunSummary[]>([]);
  /** Why the past runs could not be listed, or which files were left out and why; null when none. */
  pastRunsProblem = $state<string | null>(null);
  sortColumn = $state<ColumnId>('chain');
  sortDirection = $state<SortDirection>('ascending');
  detailChainId = $state<number | null>(null);
  detail = $state.raw<RowDetail | null>(null);
  /**
   * Why the open detail could not be read (its run's file gone or damaged since it was opened), said
   * where the detail would be; null while it is read or loading. Said only at the top of the screen,
   * it left "Loading the detail…" under the row for good. (A detail read before stays shown, and a
   * failure to read it again is said at the top as before.)
   */
  detailProblem = $state<string | null>(null);
  /** Optional table columns shown (column chooser). */
  visibleColumns = $state<ColumnId[]>(storedColumns());
  /** Brings the past-run entries of runs going in the background up to date (running-entries.ts). */
  readonly #background = new BackgroundRunFollower(
    (runId: string) => compareApi().status({ runId }),
    summaryOf,
    (entries) => (this.pastRuns = entries.reduce(withEntry, this.pastRuns)),
    () => this.#reads.current,
    // Read again, the list leaves out a run the engine no longer has (its entry said running).
    () => void this.loadPastRuns(),
  );
  /** Counts past-runs reads, so that an earlier one answering last is dropped. */
  #listSeq = 0;
  /** detailKey of the row the open detail was (last) fetched for; null while none is open. */
  #detailFor: string | null = null;
  /** The `failure` said when the open detail could not be read again, cleared when it next is. */
  #detailFailure: string | null = null;
  /** Why the run on screen's status could not be read, and whether it is still followed. */
  readonly progressReads = new ProgressReads('comparison', 'Past comparisons');
  /** The run on screen's status reads: which run is read, its next read, and what a failed one leads to. */
  readonly #reads = new StatusReads<RunStatus>(this.progressReads, () => void this.loadPastRuns());
  /** A run no longer followed (its reads given up) is not said to be running: nothing says how it is getting on. */
  isRunning = $derived(this.status?.state === 'running' && !this.progressReads.hasGivenUp);
  /**
   * True from Compare pressed until the new run's first status answers: on a busy machine that
   * takes a while, and a second press meanwhile started a second run (the screen showed nothing new).
   */
  isStarting = $state(false);
  rows = $derived(this.status ? sortRows(this.status.rows, this.sortColumn, this.sortDirection) : []);
  /**
   * Field name -> reason of the last refused start, for the fields the form still holds as they were
   * refused: "amount: has 7 decimals" must not stay beside the amount typed to correct it.
   */
  fieldErrors = $derived(this.#refusal ? standingErrors(this.#refusal.errors, this.#refusal.request, this.request()) : {});
  /** What the form changed since the run on screen (form-changes.ts); empty while it still describes it. */
  changedSinceRun = $derived(
    this.status ? formChanges(tradeOfRun(this.status.request, this.status.profileId, [this.status.request.amount], this.status.rows), this.tradeOfForm([this.amount]), 'amount') : [],
  );
  /** What the run on screen used of the settings the form changed (form-changes.ts, ranWith). */
  ranWith = $derived(this.status ? ranWith(tradeOfRun(this.status.request, this.status.profileId, [this.status.request.amount], this.status.rows), this.changedSinceRun, (id) => this.exportProfile(id).name) : []);

  /** Sorts by a column; a second click on the same column flips the direction. */
  sortBy(column: ColumnId): void {
    if (this.sortColumn === column) this.sortDirection = this.sortDirection === 'ascending' ? 'descending' : 'ascending';
    else {
      this.sortColumn = column;
      this.sortDirection = 'ascending';
    }
  }

  /** Starts a run and polls it until it ends. */
  async start(): Promise<void> {
    if (this.isStarting) return;
    this.#refusal = null;
    this.failure = null;
    // Bad override fields, or a chosen profile that is gone, are shown in place; nothing is sent.
    // Unlisted and unchosen, the engine would take its default profile: the user has not picked it.
    if (this.hasOverrideErrors || this.goneProfile || (this.profilesProblem && !this.profileId)) return;
    this.closeDetail();
    this.isStarting = true;
    try {
      await this.#startRun(this.request());
    } finally {
      this.isStarting = false;
    }
  }

  async #startRun(request: CompareRequestInput): Promise<void> {
    const result = await compareApi().start(request);
    if (!result.ok) {
      const details = Array.isArray(result.error.details) ? (result.error.details as { field: string; reason: string }[]) : [];
      const errors: Record<string, string> = {};
      for (const item of details) errors[item.field.split('.')[0]!] ??= item.reason;
      this.#refusal = { errors, request };
      // A refusal naming no field the form shows in place is said whole, never dropped.
      if (!details.some((item) => FORM_FIELDS.has(item.field.split('.')[0]!))) this.failure = result.error.message;
      return;
    }
    this.#stopPolling();
    this.#reads.current = result.value.runId;
    // The first status is read before the start counts as done (isStarting): until it answers the
    // screen still shows the run before.
    await this.#poll(result.value.runId);
  }

  async #poll(runId: string): Promise<void> {
    const result = await compareApi().status({ runId });
    if (this.#reads.current !== runId) return;
    if (!result.ok) {
      this.status = this.#reads.failed(runId, this.status, result.error, () => void this.#poll(runId));
      return;
    }
    this.progressReads.succeeded();
    this.status = result.value;
    this.pastRuns = withEntry(this.pastRuns, summaryOf(result.value));
    this.#followDetail(result.value);
    if (result.value.state === 'running') this.#reads.readAgainIn(POLL_MS, () => void this.#poll(runId));
    else {
      this.#reads.ended();
      void this.loadPastRuns();
    }
  }

  /**
   * Cancels the running run; the finished rows stay. A cancel the engine refused is said: the run
   * goes on, and the screen must not leave the user believing it stopped. (One that found the run
   * ended already, `cancelled: false`, needs no word: the next status read shows how it ended.)
   */
  async cancel(): Promise<void> {
    if (!this.status) return;
    const result = await compareApi().cancel({ runId: this.status.runId });
    if (!result.ok) this.failure = `The comparison could not be cancelled: ${result.error.message}`;
  }

  /** Loads the list of past runs. */
  async loadPastRuns(): Promise<void> {
    const listSeq = ++this.#listSeq;
    const result = await compareApi().list();
    // Of two reads under way (a run opened, then followed to its end) the later one's list stays:
    // the earlier, answering last on a busy machine, still has the run as running.
    if (listSeq !== this.#listSeq) return;
    this.pastRunsProblem = pastRunsProblem(result, 'comparison', 'comparisons');
    if (!result.ok) return;
    this.pastRuns = result.value.runs;
    this.#background.follow(runningElsewhere(this.pastRuns, this.#reads.current));
  }

  /** Reopens a past run (and its form values). */
  async open(runId: string): Promise<void> {
    this.closeDetail();
    this.#stopPolling();
    // What the last start or open said (a refusal, "No comparison …") was about that one, not this run.
    this.failure = null;
    this.#refusal = null;
    this.#reads.current = runId;
    // A run left running when another is opened is no longer polled as the run on screen: the list
    // (running runs first) offers it to go back to, and its entry follows how it gets on.
    void this.loadPastRuns();
    const result = await compareApi().open({ runId });
    if (this.#reads.current !== runId) return;
    if (!result.ok) {
      this.#notOpened(result.error.message);
      return;
    }
    this.restoreForm(result.value.request, result.value.profileId);
    this.status = result.value;
    this.#followDetail(result.value);
    if (result.value.state === 'running') await this.#poll(runId);
  }

  /**
   * A run that could not be opened (its file gone): the screen goes back to the run it showed, whose
   * form is still in place, and polls it again if it is still going; the alert says the table is
   * that run's, not the one asked for.
   */
  #notOpened(message: string): void {
    this.#reads.current = null;
    this.failure = this.status ? `${message}. The comparison below is the one shown before, not this run.` : message;
    this.resume();
  }

  /** Opens one row's detail (both routes, taxes, issues and bodies). */
  async openDetail(chainId: number): Promise<void> {
    if (!this.status) return;
    this.detailChainId = chainId;
    this.detail = null;
    this.detailProblem = null;
    await this.#fetchDetail(this.status, chainId);
  }

  closeDetail(): void {
    this.detailChainId = null;
    this.detail = null;
    this.detailProblem = null;
    this.#detailFor = null;
  }

  // The detail holds each side's answer as it was when fetched: once a side of its row is answered
  // (or ends cancelled or failed) it is fetched again, the shown one kept meanwhile so that the
  // detail neither blinks nor loses its focus and scroll.
  #followDetail(status: RunStatus): void {
    const chainId = this.detailChainId;
    if (chainId !== null && detailKey(status, chainId) !== this.#detailFor) void this.#fetchDetail(status, chainId);
  }

  async #fetchDetail(status: RunStatus, chainId: number): Promise<void> {
    const key = detailKey(status, chainId);
    this.#detailFor = key;
    const result = await compareApi().detail({ runId: status.runId, chainId });
    // Closed, or fetched again for a newer row, meanwhile.
    if (this.#detailFor !== key) return;
    if (result.ok) {
      this.detail = result.value;
      this.detailProblem = null;
      // A failure to read it again, said at the top, is over once it is read: it stayed for good.
      if (this.failure !== null && this.failure === this.#detailFailure) this.failure = null;
      this.#detailFailure = null;
    } else if (this.detail) this.failure = this.#detailFailure = result.error.message;
    else this.detailProblem = result.error.message;
  }

  /** The exporter's rows, in the table's order. */
  exportRows(): ExportRow[] {
    return this.rows.map(exportRowOf);
  }

  csv(): string {
    return comparisonToCsv(this.exportRows(), this.status ? this.exportProfile(this.status.profileId) : undefined, this.status?.request, this.status ?? undefined);
  }

  json(): string {
    return comparisonToJson(this.exportRows(), this.status ? this.exportProfile(this.status.profileId) : undefined, this.status?.request, this.status ?? undefined);
  }

  /** Shows these optional columns and remembers the choice. */
  setVisibleColumns(columns: ColumnId[]): void {
    this.visibleColumns = columns;
    storeColumns(columns);
  }

  /** Polls again after the screen was left and shown again while a run was going. */
  resume(): void {
    this.#reads.resume(this.status, (status) => void this.#poll(status.runId));
  }

  /** Stops polling the run on screen (another run is shown). */
  #stopPolling(): void {
    this.#reads.stop();
  }

  /** Stops polling the run on screen and the list's entries (the screen was left). */
  dispose(): void {
    this.#stopPolling();
    this.#background.follow([]);
  }
}
