import type { HistoryNotice } from '../../../src/ipc/channels/history.ts';
import { api } from '../api.ts';

/**
 * What the app did on its own that the user must be told, each said once: a history file moved
 * aside as unreadable, a retention run that failed, a data worker restarted after a crash. The
 * engine keeps the list (history.notices); the contract is invoke-only, so it is polled.
 */

const POLL_MS = 5_000;

function keyOf(notice: HistoryNotice): string {
  return `${notice.kind}@${notice.at}`;
}

/** The notices shown in the app's notice bar until dismissed. */
export class Notices {
  shown = $state.raw<HistoryNotice[]>([]);
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not state: only refresh() reads it, nothing renders it
  #seen = new Set<string>();
  #timer: ReturnType<typeof setInterval> | null = null;

  /** Reads the notices now and then every few seconds; idempotent. */
  start(): void {
    if (this.#timer !== null) return;
    void this.refresh();
    this.#timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  /** Adds notices not seen before. A failed read is not itself news: the next poll tries again. */
  async refresh(): Promise<void> {
    const result = await api.history.notices();
    if (!result.ok) return;
    const fresh = result.value.notices.filter((notice) => !this.#seen.has(keyOf(notice)));
    for (const notice of fresh) this.#seen.add(keyOf(notice));
    if (fresh.length > 0) this.shown = [...this.shown, ...fresh];
  }

  /** Hides one notice for good. */
  dismiss(notice: HistoryNotice): void {
    this.shown = this.shown.filter((shown) => shown !== notice);
  }
}

/** The app's one notice list. */
export const notices = new Notices();
