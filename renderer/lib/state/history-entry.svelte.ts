import type { HistoryEntry, HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { callEngine, errorText } from './explorer-engine.svelte.ts';
import { callHistory } from './history-engine.svelte.ts';

/** Replays listed on an entry; more than this is unusual and the search finds the rest. */
const REPLAYS_SHOWN = 50;

/**
 * The open history entry and what the detail pane does with it: its replays (linked both ways
 * through `replayOf`), replaying it, and choosing a second entry to diff it against.
 */
export class EntryView {
  entry = $state.raw<HistoryEntry | null>(null);
  /** Later entries that replay this one, newest first. */
  replays = $state.raw<HistorySummary[]>([]);
  tab = $state<'explained' | 'exchange' | 'body'>('explained');
  /** True while the user picks, in the list, the entry to compare with. */
  picking = $state(false);
  /** The entry being compared with the open one, when the diff shows. */
  other = $state.raw<HistoryEntry | null>(null);
  isReplaying = $state(false);
  message = $state('');

  /** Opens an entry by id, with its replays. */
  async open(id: number): Promise<void> {
    const result = await callHistory('history.get', { id });
    if (!result.ok) {
      this.message = errorText(result.error);
      return;
    }
    this.entry = result.value;
    this.other = null;
    this.picking = false;
    this.message = '';
    const replays = await callHistory('history.search', { replayOf: id, limit: REPLAYS_SHOWN });
    if (this.entry?.id === id) this.replays = replays.ok ? replays.value.rows : [];
  }

  /** Sends the open entry's request again; the new entry records `replayOf` and opens. */
  async replay(): Promise<number | null> {
    const entry = this.entry;
    if (!entry || entry.origin === 'imported' || this.isReplaying) return null;
    this.isReplaying = true;
    try {
      const answer = await callEngine('request.send', { requestId: crypto.randomUUID(), profileId: entry.profileId, endpoint: entry.endpoint, params: entry.query, replayOf: entry.id });
      if (!answer.ok) {
        this.message = errorText(answer.error);
        return null;
      }
      if (!answer.value.stored) {
        this.message = `Replayed, but not kept in history: ${answer.value.warning ?? 'storage failed'}`;
        return null;
      }
      await this.open(answer.value.entry.id);
      return answer.value.entry.id;
    } finally {
      this.isReplaying = false;
    }
  }

  /** Starts choosing the entry to compare with. */
  startPicking(): void {
    this.picking = this.entry !== null;
    this.other = null;
  }

  /** Compares the open entry with another one. */
  async compareWith(id: number): Promise<void> {
    this.picking = false;
    const result = await callHistory('history.get', { id });
    if (result.ok) this.other = result.value;
    else this.message = errorText(result.error);
  }

  /** Leaves the diff (or the picking) and shows the entry again. */
  closeCompare(): void {
    this.picking = false;
    this.other = null;
  }
}
