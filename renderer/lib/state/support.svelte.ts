import { recognizePaste } from '../../../src/domain/support/recognize.ts';
import { redactPaste } from '../../../src/domain/support/redact-paste.ts';
import type { Recognized } from '../../../src/domain/support/types.ts';
import type { ProfileView } from '../../../src/ipc/channels/profiles.ts';
import type { HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { customerSide, type DiffSide } from '../diff-side.ts';
import { callEngine, errorText } from './explorer-engine.svelte.ts';
import { callHistory } from './history-engine.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import { importReport } from './import-report.svelte.ts';
import { ProfilePicker } from './profile-picker.svelte.ts';
import { SharedLoad } from './shared-load.svelte.ts';

/** Entries a zid lookup lists: a prefix matching more is narrowed by typing more of it. */
const LOOKUP_LIMIT = 5;

/** What the History screen is asked to show once the paste box has done its part. */
export interface HistoryRequest {
  openId: number;
  /** A second entry to diff the opened one with at once (the customer's imported entry). */
  compareWithId?: number;
  /** The customer's pasted response, diffed with the opened entry at once. */
  customer?: DiffSide;
  /** Search text to put in the History box, so the list shows the entry. */
  searchText?: string;
}

/** A zid looked up in History: the matches, newest first (empty when it is not there). */
export interface ZidLookup {
  zid: string;
  rows: HistorySummary[];
}

/**
 * The paste box (Ctrl/Cmd+K on every screen): what the user pasted, always redacted before it is
 * kept, what it was recognised as, the zid lookup, and the actions on a pasted request. Its profile
 * picker (also History's "Replay with") keeps a chosen profile that was deleted, as the Explorer's
 * does, and sends nothing until another is picked (ProfilePicker).
 */
export class SupportState extends ProfilePicker<ProfileView> {
  isOpen = $state(false);
  /** The pasted text, already through redactPaste: the raw text is never kept. */
  text = $state('');
  /** The customer's response to the pasted request (optional), redacted too. */
  responseText = $state('');
  /** The profiles listing: a send pressed meanwhile waits for it (`done()`); the picker reads "Listing…" (`isLoading`). */
  readonly profilesListing = new SharedLoad(
    () => callEngine('profiles.list', undefined),
    (answer) => this.takeProfiles(answer),
  );
  lookup = $state.raw<ZidLookup | null>(null);
  isLooking = $state(false);
  isBusy = $state(false);
  message = $state('');
  /** The last request sent from the box, so "Export report" on its entry explains the paste. */
  sent = $state.raw<{ entryId: number; recognized: Extract<Recognized, { kind: 'request' }> } | null>(null);
  /** The History screen consumes this (open, compare, search text). */
  historyRequest = $state.raw<HistoryRequest | null>(null);
  #lookupDone: Promise<void> = Promise.resolve();
  #generation = 0;

  readonly recognized: Recognized | null = $derived(this.text.trim() === '' ? null : recognizePaste(this.text));

  /** The pasted response as JSON, when it is one. */
  readonly response: unknown = $derived.by(() => {
    const found = this.responseText.trim() === '' ? null : recognizePaste(this.responseText);
    return found?.kind === 'body' ? found.body : null;
  });

  /**
   * Opens the box. The profiles are read again each time, as Compare reads them when shown: a
   * profile added or deleted in Settings since the box was first opened is offered as it is now.
   */
  open(): void {
    this.isOpen = true;
    void this.loadProfiles();
  }

  /** Closes the box; the text stays for the next time it opens. */
  close(): void {
    this.isOpen = false;
  }

  /** Sets the text (redacted here too, whatever the caller did) and looks up any zid in it. */
  setText(text: string): void {
    this.text = redactPaste(text);
    this.message = '';
    this.#lookupDone = this.#lookUp();
  }

  /** Sets the customer's response text, redacted. */
  setResponseText(text: string): void {
    this.responseText = redactPaste(text);
  }

  /**
   * Waits for the zid lookup of the text as it is once done: text changed meanwhile started a newer
   * lookup, waited for too, else Enter pressed on one zid opened the match of the text before it.
   */
  async settled(): Promise<void> {
    let awaited: Promise<void>;
    do {
      awaited = this.#lookupDone;
      await awaited;
    } while (awaited !== this.#lookupDone);
  }

  // Only the latest lookup (#generation) answers for the text: an older one's answer is dropped, and
  // a text with no zid ends the "Looking" an older one set, which would otherwise stay set.
  async #lookUp(): Promise<void> {
    const generation = ++this.#generation;
    const found = this.recognized;
    const zid = found?.kind === 'zid' ? found.zid : found?.kind === 'body' ? found.explanation.zid : found?.kind === 'calldata' ? found.reading.zid : null;
    if (!zid) {
      this.lookup = null;
      this.isLooking = false;
      return;
    }
    this.isLooking = true;
    const result = await callHistory('history.search', { text: zid, limit: LOOKUP_LIMIT });
    if (generation !== this.#generation) return;
    this.isLooking = false;
    this.lookup = { zid, rows: result.ok ? result.value.rows : [] };
    if (!result.ok) this.message = errorText(result.error);
  }

  /** Lists anew the profiles "Send with my profile" offers; a listing begun before this ask is not taken. */
  loadProfiles(): Promise<void> {
    return this.profilesListing.run();
  }

  /** Shows an entry in History (and optionally a diff), closing the box. */
  showInHistory(request: HistoryRequest): void {
    this.historyRequest = request;
    this.isOpen = false;
    navigation.show('history');
  }

  /** Opens the first match of the zid lookup, once it has finished. */
  async openMatch(): Promise<boolean> {
    await this.settled();
    const row = this.lookup?.rows[0];
    if (!row) return false;
    this.showInHistory({ openId: row.id, searchText: this.lookup?.zid });
    return true;
  }

  /** Imports a customer's HAR/JSON text through the existing import path, then opens what it brought. */
  async importText(fileName: string, content: string): Promise<void> {
    this.isBusy = true;
    try {
      const result = await callHistory('history.import', { fileName, content });
      if (!result.ok) {
        // The last import's report would read as this file's: the refusal is said instead.
        importReport.dismiss();
        this.message = errorText(result.error);
        return;
      }
      const zid = this.lookup?.zid;
      // Kept on the History screen, where the entries are shown, after the box closes to show them.
      importReport.show(fileName, result.value);
      this.message = importReport.shown?.message ?? '';
      if (zid) {
        this.#lookupDone = this.#lookUp();
        await this.settled();
        // Text pasted meanwhile is looked up on its own: neither its match nor its absence is this import's.
        if (this.lookup?.zid !== zid) return;
        if (this.lookup.rows[0]) return void this.showInHistory({ openId: this.lookup.rows[0].id, searchText: zid });
        this.message += ` None of them has the zid ${zid}.`;
        return;
      }
      // A file imported before stores nothing new: its entries already in History are opened instead.
      const first = result.value.importedIds[0] ?? result.value.alreadyImportedIds[0];
      if (first !== undefined) this.showInHistory({ openId: first });
    } finally {
      this.isBusy = false;
    }
  }

  /** Sends the corrected request with the chosen profile, then opens the new entry (and the diff, when the response is known). */
  async send(): Promise<void> {
    const found = this.recognized;
    if (found?.kind !== 'request' || !found.corrected || this.isBusy) return;
    const { endpoint, params } = found.corrected;
    this.isBusy = true;
    this.message = '';
    try {
      // Pressed before the profiles are listed (a slow start): the send waits for the list, rather
      // than go to the default profile while the picker shows none.
      await this.profilesListing.done();
      // Never listed: the picker offers nothing, and Local service in the user's profile's place
      // would answer for it.
      if (this.profiles.length === 0) return void (this.message = `${this.profilesProblem ?? 'No profile is listed.'} Nothing is sent until the profiles can be listed: close the box and open it again to retry.`);
      // Said beside the picker (goneProfileText) from the moment the list lacks it.
      if (this.goneProfile) return;
      const answer = await callEngine('request.send', { requestId: crypto.randomUUID(), profileId: this.profileId, endpoint, params });
      if (!answer.ok) return void (this.message = errorText(answer.error));
      if (!answer.value.stored) return void (this.message = `Sent, but not kept in history: ${answer.value.warning ?? 'storage failed'}`);
      const entry = answer.value.entry;
      this.sent = { entryId: entry.id, recognized: found };
      const response = this.response;
      const customer = response === null ? undefined : customerSide({ endpoint, query: found.request.query, body: response, zid: zidOf(response) });
      this.showInHistory({ openId: entry.id, customer, searchText: '' });
    } finally {
      this.isBusy = false;
    }
  }

  /** Fills the Explorer's form with the corrected request. */
  openInExplorer(): void {
    const found = this.recognized;
    if (found?.kind !== 'request' || !found.corrected) return;
    this.isOpen = false;
    navigation.openInExplorer({ endpoint: found.corrected.endpoint, params: found.corrected.params });
  }

  /** Empties the box, to paste something else (their request, after an unknown zid). */
  clear(): void {
    this.setText('');
    this.responseText = '';
  }

  /**
   * Empties the box for the customer's request. A body pasted first (an error or a price from
   * their logs) is what that request was answered: it is kept as their response, so that sending
   * the request opens the diff of theirs and ours at once.
   */
  askForRequest(): void {
    const answered = this.recognized?.kind === 'body' ? this.text : '';
    this.clear();
    this.responseText = answered;
    this.message = `Paste the customer's request: a URL, a curl command, a fetch() or axios snippet, a Python or PowerShell call, or a raw HTTP request.${answered ? ' The body you pasted is kept as their response.' : ''}`;
  }
}

function zidOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { zid?: unknown; data?: { zid?: unknown } };
  const zid = record.zid ?? record.data?.zid;
  return typeof zid === 'string' ? zid : null;
}

/** The one paste box of the window. */
export const support = new SupportState();
