import type { HistoryEntry, HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { replayRequestOf } from '../../../src/domain/support/replay-request.ts';
import { sideOfEntry, type DiffSide } from '../diff-side.ts';
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
  /** The customer's pasted response, diffed with the open entry (set by the paste box after a send). */
  customer = $state.raw<DiffSide | null>(null);
  /**
   * The entry whose replay is going (one at a time), null when none: another entry may be opened
   * meanwhile, and its Replay button must not say it is the one replaying.
   */
  replayingId = $state<number | null>(null);
  readonly isReplaying = $derived(this.replayingId !== null);
  message = $state('');
  /** True once the open entry is known to be gone from History (removed by retention): what shows is what was loaded. */
  isGone = $state(false);

  /** What the open entry is diffed against, if anything: another entry or the customer's response. */
  readonly against: DiffSide | null = $derived(this.other ? sideOfEntry(this.other) : this.customer);

  /**
   * Counts what was last asked of the pane (an entry opened, one compared with, the diff left): on a
   * busy machine a read may answer after the user has asked for another, and must not take its place.
   */
  #asked = 0;

  /**
   * Opens an entry by id, with its replays: 'unread' when it could not be read (removed by
   * retention, say), 'superseded' when something else was asked of the pane before it answered
   * (what was asked last stays).
   */
  async open(id: number): Promise<'open' | 'unread' | 'superseded'> {
    const asked = ++this.#asked;
    const result = await callHistory('history.get', { id });
    if (asked !== this.#asked) return 'superseded';
    if (!result.ok) {
      this.message = errorText(result.error);
      // Retention removes the oldest entries: the one open may have gone with the one asked for.
      if (result.error.code === 'NOT_FOUND') await this.#markIfGone();
      return 'unread';
    }
    this.entry = result.value;
    // The previous entry's replays go with it: listed until this one's are read, they said
    // "Replayed as #7" of an entry #7 does not replay.
    this.replays = [];
    this.isGone = false;
    this.other = null;
    this.customer = null;
    this.picking = false;
    this.message = '';
    const replays = await callHistory('history.search', { replayOf: id, limit: REPLAYS_SHOWN });
    if (this.entry?.id === id) this.replays = replays.ok ? replays.value.rows : [];
    return 'open';
  }

  async #markIfGone(): Promise<void> {
    const id = this.entry?.id;
    if (id === undefined) return;
    const result = await callHistory('history.get', { id });
    if (!result.ok && result.error.code === 'NOT_FOUND' && this.entry?.id === id) this.isGone = true;
  }

  /**
   * Sends the open entry's request again; the new entry records `replayOf` and opens. A sent entry
   * replays on its own profile; an imported one (the customer's) on the profile given, and since
   * the customer's response is then known, the diff of theirs and the replay opens at once. A
   * customer's v1 request is replayed as the v2 request it is corrected to (replay-request.ts).
   */
  async replay(profileId?: string): Promise<number | null> {
    const entry = this.entry;
    const profile = entry?.origin === 'imported' ? profileId : entry?.profileId;
    if (!entry || !profile || this.isReplaying) return null;
    this.replayingId = entry.id;
    try {
      const { endpoint, params } = replayRequestOf(entry);
      const answer = await callEngine('request.send', { requestId: crypto.randomUUID(), profileId: profile, endpoint, params, replayOf: entry.id });
      // Another entry opened while the replay went: its outcome is said as #N's, under the entry now
      // open, which is not taken away from the user (nor is a failure read as that entry's).
      const isMovedOn = this.entry?.id !== entry.id;
      const about = isMovedOn ? `Replay of #${entry.id}: ` : '';
      if (!answer.ok) {
        this.message = `${about}${errorText(answer.error)}`;
        return null;
      }
      if (!answer.value.stored) {
        this.message = `${about}Replayed, but not kept in history: ${answer.value.warning ?? 'storage failed'}`;
        return null;
      }
      if (isMovedOn) {
        this.message = `Replay of #${entry.id} came back as #${answer.value.entry.id} while this entry was open: open #${entry.id} to find it under its replays.`;
        return null;
      }
      const opened = await this.open(answer.value.entry.id);
      if (entry.origin === 'imported' && opened !== 'superseded') await this.compareWith(entry.id);
      return answer.value.entry.id;
    } finally {
      this.replayingId = null;
    }
  }

  /** Starts choosing the entry to compare with. */
  startPicking(): void {
    this.#asked += 1;
    this.picking = this.entry !== null;
    this.other = null;
    this.customer = null;
  }

  /** Compares the open entry with another one. */
  async compareWith(id: number): Promise<void> {
    const asked = ++this.#asked;
    this.picking = false;
    const result = await callHistory('history.get', { id });
    // Another entry opened, or the diff left, meanwhile: this one is no longer asked for.
    if (asked !== this.#asked) return;
    if (result.ok) this.other = result.value;
    else this.message = errorText(result.error);
  }

  /** Leaves the diff (or the picking) and shows the entry again. */
  closeCompare(): void {
    this.#asked += 1;
    this.picking = false;
    this.other = null;
    this.customer = null;
  }
}
