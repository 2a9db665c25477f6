import { SvelteSet } from 'svelte/reactivity';
import { HISTORY_KEPT_MAX_IDS } from '../../../src/ipc/channels/history.ts';
import { HISTORY_EXPORT_MAX_IDS } from '../../../src/ipc/channels/history-io.ts';
import type { HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { emptyFilters, searchInput, type HistoryFilterForm, type SearchInput } from '../history-search.ts';
import { errorText } from './explorer-engine.svelte.ts';
import { callHistory } from './history-engine.svelte.ts';
import { importReport } from './import-report.svelte.ts';

/** The history screen's state: the search text and filters, the loaded rows (keyset-paged) and the selection. */
export class HistoryState {
  text = $state('');
  filters = $state<HistoryFilterForm>(emptyFilters());
  rows = $state.raw<HistorySummary[]>([]);
  nextBefore = $state<number | null>(null);
  /** Words of the search or token filter that no chain's token list has as a symbol. */
  unknownSymbols = $state.raw<string[]>([]);
  selected = $state(0);
  error = $state('');
  /** Whether a search has answered: before that an empty list means "not loaded yet", not "nothing matches". */
  hasSearched = $state(false);
  #loading = false;
  #generation = 0;
  /** The search input the rows answer, and as JSON; null before the first answer. */
  #answeredInput: SearchInput | null = null;
  #answered: string | null = null;

  /** Whether the rows answer the search text and filters as they are now (no search of them pending). */
  get isCurrent(): boolean {
    try {
      return JSON.stringify(searchInput(this.text, this.filters)) === this.#answered;
    } catch {
      return false;
    }
  }

  /** How many filters are set, for the "Clear" control. */
  get activeFilters(): number {
    return Object.values(this.filters).filter((value) => value !== '').length;
  }

  /** Runs the search from the first page. */
  async search(): Promise<void> {
    const generation = ++this.#generation;
    let input: SearchInput;
    try {
      input = searchInput(this.text, this.filters);
    } catch {
      this.#refused('A date filter is not a valid date.');
      return;
    }
    const result = await callHistory('history.search', input);
    if (generation !== this.#generation) return;
    if (!result.ok) {
      this.#refused(errorText(result.error));
      return;
    }
    this.error = '';
    this.unknownSymbols = result.value.unknownSymbols;
    this.rows = result.value.rows;
    this.nextBefore = result.value.nextBefore;
    this.selected = 0;
    this.hasSearched = true;
    this.#answeredInput = input;
    this.#answered = JSON.stringify(input);
  }

  // A refused search empties the list: the rows of the previous search, under a box and filters
  // that no longer produce them, read as its answer (and "Select all shown" would check them).
  #refused(message: string): void {
    this.error = message;
    this.rows = [];
    this.nextBefore = null;
    this.unknownSymbols = [];
    this.#answeredInput = null;
    this.#answered = null;
  }

  /**
   * Loads the next page of the search the rows answer, when the list nears its end. Not while the
   * box or filters ask for another search (it is on its way and replaces the rows): a page of the
   * new search read from the old one's cursor listed entries twice or skipped some.
   */
  async more(): Promise<void> {
    const answered = this.#answeredInput;
    if (this.#loading || this.nextBefore === null || answered === null || !this.isCurrent) return;
    this.#loading = true;
    const generation = this.#generation;
    // The cursor's time goes with it: retention may remove the cursor's entry before the page is read.
    const last = this.rows.at(-1);
    const cursorTime = last?.id === this.nextBefore ? { beforeStartedAt: last.startedAt } : {};
    const result = await callHistory('history.search', { ...answered, before: this.nextBefore, ...cursorTime });
    this.#loading = false;
    if (generation !== this.#generation || !result.ok) return;
    this.rows = [...this.rows, ...result.value.rows];
    this.nextBefore = result.value.nextBefore;
  }
}

/** Checked entries for export, and the export/import actions over them. */
export class HistoryTransfer {
  readonly checked = new SvelteSet<number>();
  message = $state('');

  /** Checks or unchecks one entry. */
  toggle(id: number): void {
    if (this.checked.has(id)) this.checked.delete(id);
    else this.checked.add(id);
  }

  /** Checks every entry given (the rows the list shows: "select all (shown)"). */
  checkAll(ids: readonly number[]): void {
    for (const id of ids) this.checked.add(id);
  }

  /**
   * Exports the checked entries; the caller saves the file. Entries the retention setting removed
   * since they were checked are unchecked (the count drops), left out and named in the message: the
   * others still export, and a retry does not meet the same gone entries again.
   */
  async exportChecked(format: 'har' | 'json'): Promise<{ fileName: string; content: string } | null> {
    // Said in the bar's words: the channel's own refusal read "INVALID_INPUT: ids must have at most 10000 items".
    if (this.checked.size > HISTORY_EXPORT_MAX_IDS) {
      this.message = `${this.checked.size.toLocaleString('en-US')} entries are checked, and one export takes at most ${HISTORY_EXPORT_MAX_IDS.toLocaleString('en-US')}: nothing was exported. Uncheck some (Uncheck all, then a narrower search or time range and Select all shown) and export the rest in another file.`;
      return null;
    }
    const result = await callHistory('history.export', { ids: [...this.checked], format });
    if (!result.ok) {
      const removed = removedIdsOf(result.error.details);
      for (const id of removed) this.checked.delete(id);
      this.message = removed.length > 0 ? `Nothing was exported: ${removedText(removed)}` : errorText(result.error);
      return null;
    }
    const { count, fileName, removedIds } = result.value;
    for (const id of removedIds) this.checked.delete(id);
    const exported = `Exported ${count} ${count === 1 ? 'entry' : 'entries'} as ${fileName}`;
    this.message = removedIds.length > 0 ? `${exported}. Left out: ${removedText(removedIds)}` : exported;
    return result.value;
  }

  /**
   * Unchecks the checked entries the history no longer holds (retention removed them after they were
   * checked: a stricter setting, the newest N passed, a CLI command) and says so at once, rather than
   * at the next export. Answers the ids asked about (checked, or the others given: the list's rows,
   * the open entry) that are gone, for the list to be read again.
   */
  async forgetRemoved(otherIds: readonly number[]): Promise<number[]> {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state: nothing renders it
    const ids = [...new Set([...this.checked, ...otherIds])].slice(0, HISTORY_KEPT_MAX_IDS);
    if (ids.length === 0) return [];
    const result = await callHistory('history.kept', { ids });
    // A failed read is not news: the next check asks again, and an export still names what is gone.
    if (!result.ok) return [];
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state: nothing renders it
    const kept = new Set(result.value.keptIds);
    const removed = ids.filter((id) => !kept.has(id));
    const removedChecked = removed.filter((id) => this.checked.has(id));
    for (const id of removedChecked) this.checked.delete(id);
    if (removedChecked.length > 0) this.message = removedByRetentionText(removedChecked);
    return removed;
  }

  /** Imports a file's text; on failure the message names the failing field and nothing is stored. */
  async importText(fileName: string, content: string): Promise<boolean> {
    const result = await callHistory('history.import', { fileName, content });
    if (!result.ok) {
      // The last import's report would read as this file's: the refusal is said instead.
      importReport.dismiss();
      this.message = errorText(result.error);
      return false;
    }
    // Said by the import report above the list, until dismissed; this line is for the exports.
    this.message = '';
    importReport.show(fileName, result.value);
    return true;
  }
}

// Ids beyond these are counted, not named: a "select all" of thousands must not fill the bar.
const NAMED_IDS = 10;

function removedByRetentionText(ids: readonly number[]): string {
  const named = ids.slice(0, NAMED_IDS).map((id) => `#${id}`).join(', ') + (ids.length > NAMED_IDS ? ', …' : '');
  const were = ids.length === 1 ? 'entry was' : 'entries were';
  return `${ids.length.toLocaleString()} checked ${were} removed by retention (${named}): no longer in History, so ${ids.length === 1 ? 'it is' : 'they are'} unchecked and left out of exports.`;
}

function removedIdsOf(details: unknown): number[] {
  const ids = (details as { removedIds?: unknown } | null | undefined)?.removedIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

function removedText(ids: readonly number[]): string {
  const named = ids.map((id) => `#${id}`).join(', ');
  const which = ids.length === 1 ? `entry ${named} is` : `${ids.length} checked entries (${named}) are`;
  return `${which} no longer in History: the retention setting removed ${ids.length === 1 ? 'it' : 'them'} after ${ids.length === 1 ? 'it was' : 'they were'} checked, so ${ids.length === 1 ? 'it is' : 'they are'} unchecked.`;
}
