import type { ImportProblem, ImportRename, SavedRequest } from '../../../src/ipc/channels/saved-requests.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { EndpointId } from '../../../src/spec/index.ts';
import { api } from '../api.ts';
import { errorText } from './explorer-engine.svelte.ts';

/**
 * The Explorer's saved requests for the chosen profile: list, save the form under a name, reopen,
 * delete, and export/import as JSON (the engine keeps them in the data dir).
 */
export class SavedRequestsState {
  requests = $state.raw<SavedRequest[]>([]);
  message = $state<string | null>(null);
  problems = $state.raw<ImportProblem[]>([]);
  profileId = $state<string | null>(null);
  /** The saved-requests file could not be read at start and was moved aside: where, and why. */
  notice = $state<string | null>(null);

  /** Counts loads: of two under way (a save's read-back, the window focused) the later one's answer stays. */
  #loadSeq = 0;

  private answer<T>(result: Result<T>): T | null {
    if (result.ok) return result.value;
    this.message = errorText(result.error);
    return null;
  }

  /** Loads the list of a profile. */
  async load(profileId: string): Promise<void> {
    // What was said of another profile's list ("Saved …", "Imported …", an import's problems) is not
    // about this one, whose list may not even hold the request named.
    if (profileId !== this.profileId) {
      this.message = null;
      this.problems = [];
    }
    this.profileId = profileId;
    const loadSeq = ++this.#loadSeq;
    const answer = await api.savedRequests.list({ profileId });
    // An earlier read answering last (a busy machine) holds the list as it was before a save.
    if (loadSeq !== this.#loadSeq) return;
    const list = this.answer(answer);
    if (list) this.notice = list.notice;
    if (list && this.profileId === profileId) this.requests = list.requests;
  }

  /** Saves the form under a name (a name already used in the profile is replaced). */
  async save(profileId: string, name: string, endpoint: EndpointId, params: Record<string, string>): Promise<boolean> {
    // The store replaces a request of the same name (after trimming, as it compares): said, since the one replaced is gone.
    const replaces = this.profileId === profileId && this.requests.some((request) => request.name === name.trim());
    const saved = this.answer(await api.savedRequests.save({ profileId, name, endpoint, params }));
    if (!saved) return false;
    // The list holds the save at once (load below reads it back): a second save under the name,
    // made on seeing the status, is checked against a list that has this one and said to replace it.
    if (this.profileId === profileId) this.requests = [...this.requests.filter((request) => request.name !== saved.name), saved].sort((a, b) => a.name.localeCompare(b.name));
    // Said now, not after the load: an import started meanwhile says its own outcome, and a status
    // set after the load would write over it.
    this.message = replaces ? `Saved "${saved.name}" in place of the request saved before under that name` : `Saved "${saved.name}"`;
    this.problems = [];
    await this.load(profileId);
    return true;
  }

  /** Deletes one saved request. */
  async remove(id: string): Promise<void> {
    if (this.answer(await api.savedRequests.delete({ id })) && this.profileId) await this.load(this.profileId);
  }

  /** The profile's requests as an export file's text. */
  async exportJson(profileId: string): Promise<string | null> {
    return this.answer(await api.savedRequests.export({ profileId }))?.json ?? null;
  }

  /** Imports a file into the profile: all its requests, or none with each problem listed. */
  async importJson(profileId: string, fileName: string, json: string): Promise<void> {
    const answer = this.answer(await api.savedRequests.import({ profileId, json }));
    if (!answer) return;
    this.problems = answer.problems;
    const problems = answer.problems.length;
    this.message = problems > 0 ? `Nothing imported from ${fileName}: ${problems} problem${problems === 1 ? '' : 's'} in the file, listed below` : importedText(answer.imported, answer.renamed);
    await this.load(profileId);
  }
}

// An import keeps what the profile saved: a file's request under a name already holding another
// request goes in under a name of its own, said here since the user looks for it under the first.
function importedText(imported: number, renamed: readonly ImportRename[]): string {
  const count = `Imported ${imported} request${imported === 1 ? '' : 's'}`;
  if (renamed.length === 0) return count;
  const names = renamed.map(({ from, to }) => `"${from}" as "${to}"`).join(', ');
  return `${count}; ${renamed.length === 1 ? 'one' : renamed.length} under another name, since a different request is saved under ${renamed.length === 1 ? 'its name' : 'theirs'}: ${names}`;
}

/** The one saved-requests state of the window. */
export const savedRequests = new SavedRequestsState();
