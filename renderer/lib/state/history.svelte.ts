import { SvelteSet } from 'svelte/reactivity';
import type { HistoryEntry, HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { errorText } from './explorer-engine.svelte.ts';
import { callHistory } from './history-engine.svelte.ts';

const PAGE = 200;

/** The history screen's state: the search text, the loaded rows (keyset-paged), the selection and the open entry. */
export class HistoryState {
  text = $state('');
  rows = $state.raw<HistorySummary[]>([]);
  nextBefore = $state<number | null>(null);
  selected = $state(0);
  open = $state.raw<HistoryEntry | null>(null);
  error = $state('');
  #loading = false;
  #generation = 0;

  /** Runs the search from the first page. */
  async search(): Promise<void> {
    const generation = ++this.#generation;
    const text = this.text.trim();
    const result = await callHistory('history.search', { limit: PAGE, ...(text ? { text } : {}) });
    if (generation !== this.#generation) return;
    if (!result.ok) {
      this.error = errorText(result.error);
      return;
    }
    this.error = '';
    this.rows = result.value.rows;
    this.nextBefore = result.value.nextBefore;
    this.selected = 0;
  }

  /** Loads the next page when the list nears its end. */
  async more(): Promise<void> {
    if (this.#loading || this.nextBefore === null) return;
    this.#loading = true;
    const generation = this.#generation;
    const text = this.text.trim();
    const result = await callHistory('history.search', { limit: PAGE, before: this.nextBefore, ...(text ? { text } : {}) });
    this.#loading = false;
    if (generation !== this.#generation || !result.ok) return;
    this.rows = [...this.rows, ...result.value.rows];
    this.nextBefore = result.value.nextBefore;
  }

  /** Opens one entry by id. */
  async openEntry(id: number): Promise<void> {
    const result = await callHistory('history.get', { id });
    if (result.ok) this.open = result.value;
    else this.error = errorText(result.error);
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

  /** Exports the checked entries; the caller saves the file. */
  async exportChecked(format: 'har' | 'json'): Promise<{ fileName: string; content: string } | null> {
    const result = await callHistory('history.export', { ids: [...this.checked], format });
    if (!result.ok) {
      this.message = errorText(result.error);
      return null;
    }
    this.message = `Exported ${result.value.count} entries as ${result.value.fileName}`;
    return result.value;
  }

  /** Imports a file's text; on failure the message names the failing field and nothing is stored. */
  async importText(fileName: string, content: string): Promise<boolean> {
    const result = await callHistory('history.import', { fileName, content });
    if (!result.ok) {
      this.message = errorText(result.error);
      return false;
    }
    this.message = `Imported ${result.value.importedIds.length} entries (read-only)`;
    return true;
  }
}
