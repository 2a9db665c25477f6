import '../zod-csp.ts';
import type { z } from 'zod';
import { api } from '../api.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { compareChannels, CompareRequestInput, ModelSideWire, RunStatus, RunSummary, TokenOverride } from '../../../src/ipc/channels/compare.ts';
import { exportRowOf } from '../../../src/ipc/channels/compare.ts';
import { swapChains } from '../../../src/domain/chains.ts';
import { chainsWithBoth } from '../../views/compare/pair-options.ts';
import { overrideProblems, overrideDraftOf, parseOverride, type OverrideProblem } from '../../views/compare/override-check.ts';
import { comparisonToCsv, comparisonToJson, type ExportProfile, type ExportRow } from '../../../src/domain/compare-export.ts';
import type { ColumnId, SortDirection } from '../../views/compare/table-model.ts';
import { OPTIONAL_COLUMNS, sortRows } from '../../views/compare/table-model.ts';
import { pickText, type TokenPick } from '../../views/compare/token-choices.ts';
import { formChanges, ranWith, standingErrors, tradeOfRun, type TradeFields } from './form-changes.ts';
import { pastRunsProblem } from './past-runs-problem.ts';
import { BackgroundRunFollower, runningElsewhere, withEntry } from './running-entries.ts';
import { summaryOf } from '../../../src/ipc/channels/run-summary.ts';
import { goneProfileOf, goneProfileText, NO_NAMES_SEEN, withNamesOf, type GoneProfile } from './chosen-profile.ts';

const COLUMNS_KEY = 'swap-explorer.compare.columns';

// The column chooser's pick, remembered in localStorage (a view preference, not a setting worth a profile field).
function storedColumns(): ColumnId[] {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(COLUMNS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? OPTIONAL_COLUMNS.filter((id) => parsed.includes(id)) : [];
  } catch {
    return [];
  }
}

/**
 * The Compare screen's state: the form, the run being polled (the IPC contract is invoke-only, so
 * progress is read with compare.status every POLL_MS), sorting, the open row detail and past runs.
 */

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

/** A profile as the form's picker shows it. */
export interface ProfileChoice {
  id: string;
  name: string;
  rateBudgetRps: number;
}

// profiles.list belongs to the profiles area, read through the one api: a failure is the answer's, with its reason.
function listProfiles(): Promise<Result<{ profiles: ProfileChoice[] }>> {
  return (api as unknown as { profiles: { list: () => Promise<Result<{ profiles: ProfileChoice[] }>> } }).profiles.list();
}

const POLL_MS = 200;

/** The request fields whose errors CompareForm shows beside them. */
const FORM_FIELDS: ReadonlySet<string> = new Set(['sell', 'buy', 'amount', 'models', 'chains', 'taker', 'slippageBps', 'swapFeeBps', 'swapFeeRecipient', 'overrides']);

/** The form's override row (strings while typed). */
export interface OverrideDraft {
  chainId: number;
  side: 'sell' | 'buy';
  address: string;
  decimals: string;
  /** Symbol for an address the registry does not know (optional: else read from the route). */
  symbol: string;
}

// What a row's detail depends on: each side's state and the history entry of its answer.
function detailKey(status: RunStatus, chainId: number): string {
  const row = status.rows.find((item) => item.chainId === chainId);
  const side = (wire: ModelSideWire | undefined) => `${wire?.state ?? 'none'}:${wire?.entryId ?? ''}`;
  return `${status.runId}:${chainId}:${side(row?.allowanceHolder)}:${side(row?.permit2)}`;
}

/** The Compare screen's state. */
export class CompareState {
  sell = $state('USDC');
  buy = $state('WETH');
  amount = $state('1000');
  models = $state({ 'allowance-holder': true, permit2: true });
  taker = $state('');
  slippageBps = $state('');
  swapFeeBps = $state('');
  swapFeeRecipient = $state('');
  profileId = $state('');
  overrides = $state<OverrideDraft[]>([]);
  /** Chains picked by hand; null while the default (every chain knowing both tokens) applies. */
  pickedChains = $state<number[] | null>(null);

  /** Field name -> reason, from the last refused start, and the request refused. */
  #refusal = $state.raw<{ errors: Record<string, string>; request: CompareRequestInput } | null>(null);
  failure = $state<string | null>(null);
  status = $state.raw<RunStatus | null>(null);
  pastRuns = $state.raw<RunSummary[]>([]);
  /** Why the past runs could not be listed, or which files were left out and why; null when none. */
  pastRunsProblem = $state<string | null>(null);
  profiles = $state.raw<ProfileChoice[]>([]);
  /** Why the last profiles.list failed; null when it answered. */
  profilesProblem = $state<string | null>(null);
  /** Whether the picker's list has been read (until then no choice can be told gone). */
  #isProfilesListed = $state(false);
  /** Id -> name of every profile listed so far, to name a chosen profile that went. */
  #profileNames = $state.raw<ReadonlyMap<string, string>>(NO_NAMES_SEEN);
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
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Brings the past-run entries of runs going in the background up to date (running-entries.ts). */
  readonly #background = new BackgroundRunFollower(
    (runId: string) => compareApi().status({ runId }),
    summaryOf,
    (entries) => (this.pastRuns = entries.reduce(withEntry, this.pastRuns)),
    () => this.#current,
  );
  /**
   * The run whose status the screen shows and polls (null: none is polled). Opening a past run while
   * another runs moves it: a poll of the other run answered after that must not put it back on
   * screen under the past run's form (the Sizes mode's state does the same).
   */
  #current: string | null = null;
  /** detailKey of the row the open detail was (last) fetched for; null while none is open. */
  #detailFor: string | null = null;
  /** "chainId:side" of the override rows a token pick made: the next pick of that side replaces them. */
  #pickedOverrides = $state.raw<readonly string[]>([]);

  /** Field problems of each override row, shown in place; the run is not started while any exist. */
  overrideErrors = $derived<OverrideProblem[][]>(this.overrides.map((item) => overrideProblems(item)));
  hasOverrideErrors = $derived(this.overrideErrors.some((problems) => problems.length > 0));
  parsedOverrides = $derived<TokenOverride[]>(this.overrides.map(parseOverride).filter((item) => item !== null));
  availableChains = $derived(chainsWithBoth(this.sell, this.buy, this.parsedOverrides));
  chains = $derived(this.pickedChains ?? this.availableChains);
  isRunning = $derived(this.status?.state === 'running');
  /**
   * True from Compare pressed until the new run's first status answers: on a busy machine that
   * takes a while, and a second press meanwhile started a second run (the screen showed nothing new).
   */
  isStarting = $state(false);
  /** The chosen profile, when the list no longer has it: the form says so and nothing runs until another is picked. */
  goneProfile = $derived<GoneProfile | null>(this.#isProfilesListed ? goneProfileOf(this.profiles, this.profileId, this.#profileNames) : null);
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

  /** Toggles one chain in the selection. */
  toggleChain(chainId: number, on: boolean): void {
    const current = this.chains.filter((id) => id !== chainId);
    if (on) current.push(chainId);
    this.pickedChains = swapChains().map((chain) => chain.chainId).filter((id) => current.includes(id));
  }

  /**
   * Applies a token picker's choice to one side. A symbol is resolved per chain by the engine; an
   * address is one chain's token, so it becomes that chain's override of this side (the same way
   * an override row goes into the request), and the chains go back to the default set (where the
   * pair is known, which for an address is its own chain).
   */
  pickToken(side: 'sell' | 'buy', pick: TokenPick): void {
    const isPicked = (draft: OverrideDraft) => draft.side === side && this.#pickedOverrides.includes(`${draft.chainId}:${side}`);
    const overrides = this.overrides.filter((draft) => !isPicked(draft));
    const keys = this.#pickedOverrides.filter((key) => !key.endsWith(`:${side}`));
    if (pick.kind === 'address') {
      const kept = overrides.filter((draft) => !(draft.chainId === pick.chainId && draft.side === side));
      kept.push({ chainId: pick.chainId, side, address: pick.address, decimals: pick.decimals === null ? '' : String(pick.decimals), symbol: pick.symbol });
      keys.push(`${pick.chainId}:${side}`);
      this.overrides = kept;
      this.pickedChains = null;
    } else this.overrides = overrides;
    this.#pickedOverrides = keys;
    this[side] = pickText(pick);
  }

  /** The index of the override row the last address pick of this side made, or -1. */
  pickedOverrideIndex(side: 'sell' | 'buy'): number {
    return this.overrides.findIndex((draft) => draft.side === side && this.#pickedOverrides.includes(`${draft.chainId}:${side}`));
  }

  /** Sorts by a column; a second click on the same column flips the direction. */
  sortBy(column: ColumnId): void {
    if (this.sortColumn === column) this.sortDirection = this.sortDirection === 'ascending' ? 'descending' : 'ascending';
    else {
      this.sortColumn = column;
      this.sortDirection = 'ascending';
    }
  }

  /** The request the form describes. */
  request(): CompareRequestInput {
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    return {
      ...(this.profileId ? { profileId: this.profileId } : {}),
      sell: this.sell,
      buy: this.buy,
      amount: this.amount,
      chains: this.chains,
      models: (['allowance-holder', 'permit2'] as const).filter((model) => this.models[model]),
      ...(this.taker.trim() ? { taker: this.taker.trim() } : {}),
      ...(this.slippageBps.trim() ? { slippageBps: number(this.slippageBps) } : {}),
      ...(this.swapFeeBps.trim() ? { swapFeeBps: number(this.swapFeeBps) } : {}),
      ...(this.swapFeeRecipient.trim() ? { swapFeeRecipient: this.swapFeeRecipient.trim() } : {}),
      overrides: this.parsedOverrides,
    };
  }

  /** The trade the form describes now, with the sizes of the mode asking (the amount, a ladder's amounts). */
  tradeOfForm(sizes: readonly string[]): TradeFields {
    const request = this.request();
    return { ...request, profileId: this.profileId, sizes, chains: request.chains ?? [], models: request.models ?? [], overrides: request.overrides ?? [] };
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
    this.#current = result.value.runId;
    // The first status is read before the start counts as done (isStarting): until it answers the
    // screen still shows the run before.
    await this.#poll(result.value.runId);
  }

  async #poll(runId: string): Promise<void> {
    const result = await compareApi().status({ runId });
    if (this.#current !== runId) return;
    if (!result.ok) {
      this.failure = result.error.message;
      return;
    }
    this.status = result.value;
    this.pastRuns = withEntry(this.pastRuns, summaryOf(result.value));
    this.#followDetail(result.value);
    if (result.value.state === 'running') this.#timer = setTimeout(() => void this.#poll(runId), POLL_MS);
    else {
      this.#timer = null;
      void this.loadPastRuns();
    }
  }

  /** Cancels the running run; the finished rows stay. */
  async cancel(): Promise<void> {
    if (!this.status) return;
    await compareApi().cancel({ runId: this.status.runId });
  }

  /**
   * Loads the profiles for the picker. The first listed is taken only while nothing is chosen; a
   * chosen profile that is gone stays chosen, and goneProfile says so (chosen-profile.ts).
   */
  async loadProfiles(): Promise<void> {
    const result = await listProfiles();
    // Not "no profiles": the picker keeps the list as last read and says why it is not read anew.
    this.profilesProblem = result.ok ? null : `The profiles could not be listed: ${result.error.message.replace(/\.?$/, '.')}`;
    if (!result.ok) return;
    this.profiles = result.value.profiles;
    this.#profileNames = withNamesOf(this.#profileNames, this.profiles);
    this.#isProfilesListed = true;
    if (this.profileId === '') this.profileId = this.profiles[0]?.id ?? '';
  }

  /** What the form says while the chosen profile is gone, for the action asked ("run", "run the ladder"). */
  goneProfileText(action: string): string | null {
    return this.goneProfile ? goneProfileText(this.goneProfile, action) : null;
  }

  /** Loads the list of past runs. */
  async loadPastRuns(): Promise<void> {
    const result = await compareApi().list();
    this.pastRunsProblem = pastRunsProblem(result, 'comparison', 'comparisons');
    if (!result.ok) return;
    this.pastRuns = result.value.runs;
    this.#background.follow(runningElsewhere(this.pastRuns, this.#current));
  }


  /** Reopens a past run (and its form values). */
  async open(runId: string): Promise<void> {
    this.closeDetail();
    this.#stopPolling();
    // What the last start or open said (a refusal, "No comparison …") was about that one, not this run.
    this.failure = null;
    this.#refusal = null;
    this.#current = runId;
    // A run left running when another is opened is no longer polled as the run on screen: the list
    // (running runs first) offers it to go back to, and its entry follows how it gets on.
    void this.loadPastRuns();
    const result = await compareApi().open({ runId });
    if (this.#current !== runId) return;
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
    this.#current = null;
    this.failure = this.status ? `${message}. The comparison below is the one shown before, not this run.` : message;
    this.resume();
  }

  /**
   * Puts a past run's request back in the form, every field (issue 11, case 1): a past run or ladder
   * reopens exactly as it was run, overrides and profile included, never mixed with the form's state.
   * `profileId` is the profile the run used (the request names none when the default was taken).
   */
  restoreForm(request: Omit<RunStatus['request'], 'amount'> & { amount?: string }, profileId: string): void {
    const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
    this.sell = request.sell;
    this.buy = request.buy;
    if (request.amount !== undefined) this.amount = request.amount;
    this.pickedChains = request.chains?.length ? request.chains : null;
    this.models = { 'allowance-holder': request.models.includes('allowance-holder'), permit2: request.models.includes('permit2') };
    this.taker = text(request.taker);
    this.slippageBps = text(request.slippageBps);
    this.swapFeeBps = text(request.swapFeeBps);
    this.swapFeeRecipient = text(request.swapFeeRecipient);
    this.profileId = request.profileId ?? profileId;
    this.overrides = request.overrides.map(overrideDraftOf);
    this.#pickedOverrides = [];
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
    } else if (this.detail) this.failure = result.error.message;
    else this.detailProblem = result.error.message;
  }

  /** The exporter's rows, in the table's order. */
  exportRows(): ExportRow[] {
    return this.rows.map(exportRowOf);
  }

  /** The profile a run priced with, as exports name it: its name as last listed, null once unknown (deleted before this window saw it). */
  exportProfile(profileId: string): ExportProfile {
    return { id: profileId, name: this.#profileNames.get(profileId) ?? null };
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
    try {
      globalThis.localStorage?.setItem(COLUMNS_KEY, JSON.stringify(columns));
    } catch {
      // Storage full or denied: the choice still holds for this session.
    }
  }

  /** Polls again after the screen was left and shown again while a run was going. */
  resume(): void {
    const status = this.status;
    if (!status || status.state !== 'running' || this.#current !== null) return;
    this.#current = status.runId;
    void this.#poll(status.runId);
  }

  /** Stops polling the run on screen (another run is shown). */
  #stopPolling(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#current = null;
  }

  /** Stops polling the run on screen and the list's entries (the screen was left). */
  dispose(): void {
    this.#stopPolling();
    this.#background.follow([]);
  }
}
