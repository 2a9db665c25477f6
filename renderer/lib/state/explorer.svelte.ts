import type { AppErrorData } from '../../../src/ipc/result.ts';
import type { ProfileView } from '../../../src/ipc/channels/profiles.ts';
import { callEngine, type EngineOutput } from './explorer-engine.svelte.ts';
import { ExplorerForm } from './explorer-form.svelte.ts';

/** The explorer screen: its form, the chosen profile, the request in flight and the last answer. */
export class ExplorerState {
  readonly form = new ExplorerForm();
  profiles = $state.raw<ProfileView[]>([]);
  profileId = $state('local');
  /** The id of the request in flight, for request.cancel; null when idle. */
  requestId = $state<string | null>(null);
  result = $state.raw<EngineOutput<'request.send'> | null>(null);
  /** The call itself failed (bad input, unknown profile, engine unavailable). */
  failure = $state.raw<AppErrorData | null>(null);

  readonly isSending = $derived(this.requestId !== null);

  /** Loads the profiles for the selector. */
  async loadProfiles(): Promise<void> {
    const answer = await callEngine('profiles.list', undefined);
    if (!answer.ok) {
      this.failure = answer.error;
      return;
    }
    this.profiles = answer.value.profiles;
    if (!this.profiles.some((profile) => profile.id === this.profileId) && this.profiles[0]) this.profileId = this.profiles[0].id;
  }

  /** Sends the form's request; the answer (or failure) replaces the last one. */
  async send(): Promise<void> {
    if (this.isSending) return;
    const requestId = crypto.randomUUID();
    this.requestId = requestId;
    this.failure = null;
    try {
      const answer = await callEngine('request.send', { requestId, profileId: this.profileId, endpoint: this.form.endpoint, params: this.form.params });
      if (answer.ok) this.result = answer.value;
      else this.failure = answer.error;
    } finally {
      if (this.requestId === requestId) this.requestId = null;
    }
  }

  /** Cancels the request in flight. */
  async cancel(): Promise<void> {
    if (this.requestId === null) return;
    await callEngine('request.cancel', { requestId: this.requestId });
  }
}

/** The one explorer state of the window (kept while switching screens). */
export const explorer = new ExplorerState();
