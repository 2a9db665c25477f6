import '../zod-csp.ts';
import { HistoryRetentionSchema, type HistoryRetention } from '../../../src/ipc/channels/history.ts';
import { removalText, removedText } from '../../../src/domain/retention-text.ts';
import { toFieldErrors } from '../../../src/spec/index.ts';
import { callHistory } from './history-engine.svelte.ts';
import { errorText } from './explorer-engine.svelte.ts';

/**
 * Settings' History card: how much history is kept (history.getRetention / setRetention) and how
 * much there is (history.count). Each axis can be switched off (null: no limit on it). A setting
 * that removes entries at once is applied only after the user confirms how many it removes
 * (history.previewRetention counts them): removed entries cannot be brought back.
 */
export class RetentionState {
  /** The setting in force, as the engine last answered; null before the first load. */
  saved = $state.raw<HistoryRetention | null>(null);
  /** Entries the history holds, as last counted. */
  count = $state<number | null>(null);
  limitEntries = $state(true);
  maxEntries = $state('');
  limitAge = $state(false);
  maxAgeDays = $state('');
  /**
   * A setting that removes entries, awaiting the user's yes, with what it removes; null when
   * nothing is asked. Editing a field withdraws it (cancel): the yes is for this setting only.
   */
  pending = $state.raw<{ setting: HistoryRetention; removes: string } | null>(null);
  message = $state<string | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);

  /** history.setRetention's input built from the fields. */
  readonly input = $derived.by((): HistoryRetention => ({
    maxEntries: this.limitEntries ? Number(this.maxEntries) : null,
    maxAgeDays: this.limitAge ? Number(this.maxAgeDays) : null,
  }));

  /** Inline reasons by field (maxEntries, maxAgeDays), from the channel's own schema. */
  readonly errors = $derived.by((): Record<string, string> => {
    // Until the setting in force is read the fields are empty and nobody has typed in them: an empty
    // field then is not a mistake to name (Settings read "must be a number" while it loaded).
    if (this.saved === null) return {};
    const out: Record<string, string> = {};
    const parsed = HistoryRetentionSchema.safeParse(this.input);
    if (!parsed.success) for (const { field, reason } of toFieldErrors(parsed.error, this.input)) out[field] ??= reason;
    if (this.limitEntries && !isNumberText(this.maxEntries)) out.maxEntries = 'must be a number';
    if (this.limitAge && !isNumberText(this.maxAgeDays)) out.maxAgeDays = 'must be a number';
    return out;
  });

  /** The fields differ from the setting in force. */
  readonly isChanged = $derived(this.saved !== null && (this.saved.maxEntries !== this.input.maxEntries || this.saved.maxAgeDays !== this.input.maxAgeDays));

  /** Reads the setting in force into the fields, and the count. */
  async load(): Promise<void> {
    const [retention, count] = await Promise.all([callHistory('history.getRetention', undefined), callHistory('history.count', undefined)]);
    if (retention.ok) this.#fill(retention.value);
    else this.error = errorText(retention.error);
    if (count.ok) this.count = count.value.count;
  }

  /** Save pressed: applies a setting that removes nothing now; otherwise asks first. */
  async save(): Promise<void> {
    this.message = null;
    this.error = null;
    if (Object.keys(this.errors).length > 0 || !this.saved) return;
    const setting = this.input;
    const preview = await callHistory('history.previewRetention', setting);
    if (!preview.ok) {
      this.error = errorText(preview.error);
      return;
    }
    this.count = preview.value.count;
    // Edited while counted: the count, a question or a save would be of values the fields no longer
    // show (a yes is for the setting it was asked about), so the edit withdraws the Save as it does a question.
    if (!isSameSetting(this.input, setting)) return;
    const removes = removalText(preview.value.removes, preview.value.count);
    if (removes) this.pending = { setting, removes };
    else await this.apply(setting);
  }

  /** Applies a setting: one that removes nothing, or the pending one once the user said yes. */
  async apply(setting: HistoryRetention): Promise<void> {
    this.pending = null;
    this.busy = true;
    try {
      const answer = await callHistory('history.setRetention', setting);
      if (!answer.ok) {
        this.error = errorText(answer.error);
        return;
      }
      // Typed into while it saved (the fields stay editable): what is typed stays, not saved yet.
      if (isSameSetting(this.input, setting)) this.#fill(answer.value.retention);
      else this.saved = answer.value.retention;
      const { removed } = answer.value;
      this.message = `Saved; ${removedText(removed)}`;
      const count = await callHistory('history.count', undefined);
      if (count.ok) this.count = count.value.count;
    } finally {
      this.busy = false;
    }
  }

  /** Withdraws the pending setting without applying it. */
  cancel(): void {
    this.pending = null;
  }

  #fill(retention: HistoryRetention): void {
    this.saved = retention;
    this.limitEntries = retention.maxEntries !== null;
    this.maxEntries = String(retention.maxEntries ?? this.maxEntries);
    this.limitAge = retention.maxAgeDays !== null;
    this.maxAgeDays = String(retention.maxAgeDays ?? this.maxAgeDays);
  }
}

function isSameSetting(a: HistoryRetention, b: HistoryRetention): boolean {
  return a.maxEntries === b.maxEntries && a.maxAgeDays === b.maxAgeDays;
}

function isNumberText(text: string): boolean {
  return text.trim() !== '' && !Number.isNaN(Number(text));
}

/** The one retention state of the window. */
export const retention = new RetentionState();
