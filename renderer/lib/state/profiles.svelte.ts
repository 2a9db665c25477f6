import '../zod-csp.ts';
import type { ApiKeyStatus } from '../../../src/ipc/channels/api-key.ts';
import type { LocalServiceStatus } from '../../../src/ipc/channels/local-service.ts';
import { LOCAL_PROFILE_ID, type ConnectionTest, type ProfileView } from '../../../src/ipc/channels/profiles.ts';
import { api } from '../api.ts';
import { callEngine, errorText } from './explorer-engine.svelte.ts';
import { ProfileDraft, saveErrorText } from './profile-draft.svelte.ts';

export { ProfileDraft } from './profile-draft.svelte.ts';

/**
 * The settings screen's state: the profiles, the profile being edited, the write-only key entry
 * and the local service. The key typed here goes to apiKey.set once and the field is emptied.
 */

/** The settings screen. */
export class SettingsState {
  profiles = $state.raw<ProfileView[]>([]);
  notice = $state<string | null>(null);
  draft = $state<ProfileDraft | null>(null);
  /**
   * What the last action said ("Saved Staging", "Profile deleted"). It belongs to that action: the
   * next one (closing the form, a test, a key cleared, the local service started) clears it, so a
   * message never reads as the outcome of something it does not report.
   */
  message = $state<string | null>(null);
  error = $state<string | null>(null);
  tests = $state.raw<Record<string, ConnectionTest | string>>({});
  keyStatus = $state.raw<ApiKeyStatus | null>(null);
  local = $state.raw<LocalServiceStatus | null>(null);
  busy = $state(false);
  /**
   * Set while the user is asked whether to drop the form's unsaved edits: `next` is what they asked
   * for (a profile to edit, 'new' for Add profile, null for Close).
   */
  discarding = $state.raw<{ next: ProfileView | 'new' | null } | null>(null);
  /**
   * Close, Edit or Add profile pressed while the form's save is under way: its edits are being saved,
   * not dropped, so nothing asks to discard them. What was asked for is done once the save lands, or
   * given up if the save is refused or its key is not stored (the form stays to say why).
   */
  afterSave = $state.raw<{ next: ProfileView | 'new' | null } | null>(null);
  /** The draft whose save is under way. */
  private saving: ProfileDraft | null = null;
  /**
   * The profile whose Delete was pressed and is not yet confirmed: deleting also removes its key
   * from the keychain, and neither can be brought back, so one click never does it.
   */
  deleting = $state<string | null>(null);
  /** Counts Start/Stop calls, so a slower status read never overwrites their answer. */
  private localSeq = 0;
  /** Each tested profile as it was when its test started (profileKey). */
  private testedAs: Record<string, string> = {};
  /** Counts each profile's tests: an earlier one answering later (a time-out of settings since mended) must not replace the latest's result. */
  private testRuns: Record<string, number> = {};
  /** Counts loads, so that of two under way (Settings shown, then the window focused) the later one's answer stays. */
  private loadSeq = 0;

  /**
   * Loads profiles (profiles.json as it is now: Settings calls this when shown and when the window
   * gets the focus back, so an edit made outside the app shows) and the local service's state. The
   * profile being edited follows the file as ProfileDraft.takeFileVersion says.
   */
  async load(): Promise<void> {
    const localSeq = this.localSeq;
    const loadSeq = ++this.loadSeq;
    const [list, local] = await Promise.all([callEngine('profiles.list', undefined), callEngine('localService.status', undefined)]);
    if (loadSeq !== this.loadSeq) return;
    if (list.ok) {
      this.profiles = list.value.profiles;
      this.notice = list.value.notice;
      this.followFile();
      this.pruneTests();
    } else this.error = errorText(list.error);
    // A Start or Stop answered while this load was under way is newer than the status read here.
    if (local.ok && localSeq === this.localSeq) this.local = local.value;
  }

  // The edited profile as the list now has it; its key status too (a key stored or cleared outside
  // the app, with secret-tool, shows as the table does).
  private followFile(): void {
    const draft = this.draft;
    if (draft?.id === undefined) return;
    const now = this.profiles.find((profile) => profile.id === draft.id) ?? null;
    // "Saved Staging" beside the Save button is no longer what the file holds.
    if (draft.takeFileVersion(now)) this.message = null;
    if (now) this.keyStatus = now.key;
  }

  /**
   * Opens the form for a new profile or an existing one. A form with unsaved edits is not replaced
   * at once: `discarding` asks first (confirmDiscard, keepEditing). Edit on the profile already in
   * the form keeps the form as it is.
   */
  edit(profile?: ProfileView): void {
    if (profile && this.draft?.id === profile.id) return;
    if (this.waitForSave(profile ?? 'new')) return;
    if (this.draft?.isEdited) {
      this.discarding = { next: profile ?? 'new' };
      return;
    }
    this.open(profile);
  }

  /** Closes the form, asking first when it has unsaved edits. */
  close(): void {
    if (this.waitForSave(null)) return;
    if (this.draft?.isEdited) this.discarding = { next: null };
    else this.closeForm();
  }

  // True when the form is being saved: `next` is then done once the save lands (afterSave).
  private waitForSave(next: ProfileView | 'new' | null): boolean {
    if (this.saving === null || this.saving !== this.draft) return false;
    this.afterSave = { next };
    return true;
  }

  /** Closes the form at once; what it said (its "Saved …") goes with it. */
  closeForm(): void {
    this.draft = null;
    this.message = null;
    this.afterSave = null;
  }

  /** The user drops the form's edits: what they asked for (another profile, a new one, closing) is done. */
  confirmDiscard(): void {
    const next = this.discarding?.next;
    this.discarding = null;
    if (next === undefined) return;
    if (next === null) this.closeForm();
    else this.open(next === 'new' ? undefined : next);
  }

  /** The user keeps the form's edits: nothing changes. */
  keepEditing(): void {
    this.discarding = null;
  }

  private open(profile?: ProfileView): void {
    const draft = new ProfileDraft(() => this.profiles);
    if (profile) draft.load(profile);
    this.draft = draft;
    this.discarding = null;
    this.afterSave = null;
    this.keyStatus = profile?.key ?? null;
    this.message = null;
    this.error = null;
  }

  /**
   * Saves the draft, then sends the typed key once and empties the field. A refusal goes to the form
   * (under the field it names, see ProfileDraft.refuse), not to the top of the page; a success clears
   * the errors of earlier attempts.
   */
  async save(): Promise<void> {
    const draft = this.draft;
    if (draft) draft.submitted = true;
    // The file changed under the form's edits: the user chooses first (the form says how).
    if (!draft || !draft.isValid || draft.outsideChange) return;
    this.busy = true;
    this.saving = draft;
    this.message = null;
    this.error = null;
    draft.clearSaveErrors();
    try {
      const sent = draft.input;
      // The form as sent, key included: what is typed while the save goes is not part of it.
      const form = draft.snapshot();
      const saved = await callEngine('profiles.save', sent);
      if (!saved.ok) {
        draft.refuse(saved.error, sent);
        return;
      }
      const key = form.apiKey;
      // The form now shows what was saved (trimmed, no trailing slash), and later changes to the file
      // are measured against it; fields typed into meanwhile keep what was typed (ProfileDraft.saved).
      draft.saved(saved.value, form);
      this.keyStatus = saved.value.key;
      this.message = `Saved ${saved.value.name}`;
      if (key !== '') {
        // The status reads the same with another key: the profile's test was of the old one.
        this.dropTest(saved.value.id);
        const stored = await callEngine('apiKey.set', { profileId: saved.value.id, key });
        if (stored.ok) this.keyStatus = stored.value;
        else {
          this.afterSave = null;
          draft.formError = `The profile was saved but its API key was not: ${saveErrorText(stored.error)}`;
        }
      }
      await this.load();
      this.doAfterSave(draft);
    } finally {
      this.saving = null;
      this.afterSave = null;
      this.busy = false;
    }
  }

  // What was asked for while `draft` was being saved, now that it is saved. A profile to edit is
  // opened as the list now has it (the save may have been of that very profile's name).
  private doAfterSave(draft: ProfileDraft): void {
    const next = this.afterSave?.next;
    if (next === undefined || this.draft !== draft) return;
    // Typed into while it saved: those edits are not saved, so the user is asked as ever.
    if (draft.isEdited) this.discarding = { next };
    else if (next === null) this.closeForm();
    else if (next === 'new') this.open();
    else {
      const now = this.profiles.find((profile) => profile.id === next.id);
      if (now) this.open(now);
    }
  }

  /** Removes the stored key of the edited profile. */
  async clearKey(): Promise<void> {
    const draft = this.draft;
    if (!draft?.id) return;
    draft.formError = null;
    this.message = null;
    this.dropTest(draft.id);
    const answer = await callEngine('apiKey.clear', { profileId: draft.id });
    // Another profile opened while the keychain answered (an unlock prompt may take a while): the
    // status shown is that profile's, and this one's cleared key must not be said of it.
    if (this.draft !== draft) return;
    if (answer.ok) this.keyStatus = answer.value;
    else draft.formError = saveErrorText(answer.error);
  }

  /**
   * How many requests the Explorer keeps saved for the profile being asked about (null until known):
   * they stay in the file but are listed under no profile once it is gone, so the question says so.
   */
  deletingSaved = $state<number | null>(null);

  /** Asks before deleting a profile (SettingsView shows the question under its row). */
  askDelete(profileId: string): void {
    this.message = null;
    this.deleting = profileId;
    this.deletingSaved = null;
    void api.savedRequests.list({ profileId }).then((answer) => {
      if (answer.ok && this.deleting === profileId) this.deletingSaved = answer.value.requests.length;
    });
  }

  /** The user keeps the profile. */
  keepProfile(): void {
    this.deleting = null;
  }

  /** Deletes a user profile and its key (once the user confirmed: askDelete). */
  async remove(profileId: string): Promise<void> {
    this.deleting = null;
    const answer = await callEngine('profiles.delete', { profileId });
    if (!answer.ok) this.error = errorText(answer.error);
    else this.message = answer.value.warning ?? 'Profile deleted';
    if (this.draft?.id === profileId) {
      this.draft = null;
      this.discarding = null;
    }
    await this.load();
  }

  /**
   * Tests a profile's connection, as saved. The result is kept only while the profile is as it was
   * tested (see pruneTests): a result about settings no longer in use is worse than none.
   */
  async test(profileId: string): Promise<void> {
    this.message = null;
    this.testedAs[profileId] = this.profileKey(profileId);
    const run = (this.testRuns[profileId] ?? 0) + 1;
    this.testRuns[profileId] = run;
    this.tests = { ...this.tests, [profileId]: 'Testing…' };
    const answer = await callEngine('profiles.test', { profileId });
    if (this.testRuns[profileId] !== run || !(profileId in this.testedAs)) return;
    this.tests = { ...this.tests, [profileId]: answer.ok ? answer.value : errorText(answer.error) };
    this.pruneTests();
  }

  /** Said with a profile's test result while the form holds unsaved edits of it, which the test did not use; else null. */
  testNote(profileId: string): string | null {
    return this.draft?.id === profileId && this.draft.isEdited ? "Tested as saved: the form's unsaved edits were not part of this test." : null;
  }

  // The profile as listed (its key's status included), to tell whether it changed since a test.
  private profileKey(profileId: string): string {
    return JSON.stringify(this.profiles.find((profile) => profile.id === profileId) ?? null);
  }

  // Drops the results of profiles saved, edited in the file or deleted since they were tested.
  private pruneTests(): void {
    const stale = Object.keys(this.tests).filter((id) => this.testedAs[id] !== this.profileKey(id));
    for (const id of stale) this.dropTest(id);
  }

  private dropTest(profileId: string): void {
    delete this.testedAs[profileId];
    if (!(profileId in this.tests)) return;
    const { [profileId]: _dropped, ...rest } = this.tests;
    this.tests = rest;
  }

  /** Sets the Local service profile's rate budget; null once saved (the list read again), else why not. */
  async setLocalRateBudget(rateBudgetRps: number): Promise<string | null> {
    this.message = null;
    const answer = await callEngine('profiles.setRateBudget', { profileId: LOCAL_PROFILE_ID, rateBudgetRps });
    if (!answer.ok) return saveErrorText(answer.error);
    await this.load();
    return null;
  }

  /** Starts or stops the local service. */
  async setLocal(run: boolean): Promise<void> {
    this.busy = true;
    this.message = null;
    this.localSeq += 1;
    try {
      const answer = await callEngine(run ? 'localService.start' : 'localService.stop', undefined);
      if (answer.ok) this.local = answer.value;
      else this.error = errorText(answer.error);
    } finally {
      this.busy = false;
    }
  }
}

/** The one settings state of the window. */
export const settings = new SettingsState();

/**
 * The key's state as one sentence: where a key is (or would be) kept, said once, with the reason
 * the keychain is unavailable given once and only when it is.
 */
export function keyStateText(status: ApiKeyStatus | null): string {
  if (status === null) return 'No key stored yet: a key typed here is stored when the profile is saved, and never shown again.';
  if (status.backend === 'memory') {
    // The engine's reason is already a sentence ("No keychain is available (…); the key is kept in
    // memory for this run only"): say it once rather than wrap it in a second one.
    const reason = status.reason ?? 'No keychain is available';
    const why = reason.charAt(0).toLowerCase() + reason.slice(1);
    if (!status.stored) return `No key stored: ${why}${/in memory/.test(why) ? '' : '; a key typed here is kept in memory for this run only'}.`;
    return `Key stored: ${why}${/in memory/.test(why) ? '' : '; the key is kept in memory for this run only'}. Enter it again after a restart.`;
  }
  return status.stored ? 'Key stored in the OS keychain' : 'No key stored. A key typed here goes to the OS keychain and is never shown again.';
}

/** A connection test as one line. */
export function testText(test: ConnectionTest | string): string {
  if (typeof test === 'string') return test;
  const took = `${Math.round(test.durationMs)} ms`;
  // An answer that is an error (a refused key, 429, 5xx) is reached but not working: say what failed.
  if (test.reachable && test.error) return `Reachable in ${took}, but the test request failed: ${test.error.message}`;
  if (test.reachable) return `Reachable: HTTP ${test.status ?? '—'} in ${took}`;
  // The reason in words ("The service could not be reached: …", src/core/http/map-error.ts),
  // without the app's own error code in front of it.
  return test.error ? test.error.message : 'Not reachable: unknown error';
}
