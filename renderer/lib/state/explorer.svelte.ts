import type { AppErrorData } from '../../../src/ipc/result.ts';
import { LOCAL_PROFILE_ID, type ProfileView } from '../../../src/ipc/channels/profiles.ts';
import type { EndpointId } from '../../../src/spec/index.ts';
import { callEngine, type EngineOutput } from './explorer-engine.svelte.ts';
import { ExplorerForm } from './explorer-form.svelte.ts';
import { ProfilePicker } from './profile-picker.svelte.ts';
import { SharedLoad } from './shared-load.svelte.ts';

/** What one send asked for: the profile, the endpoint and the query, as a comparable key. */
export interface SentRequest {
  profileId: string;
  endpoint: EndpointId;
  params: Record<string, string>;
}

/** A stable text of a request, to tell whether the form still matches what was sent. */
export function requestKey(request: SentRequest): string {
  const params = Object.entries(request.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.profileId, request.endpoint, params]);
}

/** What a copied snippet needs to reach the profile: its key header and pinned CA. */
export interface SnippetConnection {
  apiKeyHeader: string;
  /** The certificate file the snippet passes (curl --cacert, undici's ca), or null. */
  caPath: string | null;
  /** A file the user must save for caPath to exist (a user profile's pinned CA), or null. */
  caFile: { name: string; pem: string } | null;
  /** The profile's proxy (without its password), which the snippets go through as the app does; null for none. */
  proxyUrl: string | null;
  /** The profile keeps a password for its proxy: the snippets read the proxy URL from the environment. */
  hasProxyPassword: boolean;
  /** Whether the profile trusts the system's certificates besides caPath: the snippets then trust both. */
  trustSystemCertificates: boolean;
  /** The file the local service's key is kept in, for a Local service request (SVC_API_KEY is read from it); null otherwise. */
  keyPath: string | null;
}

/** The explorer screen: its form, the chosen profile, the request in flight and the last answer. */
export class ExplorerState extends ProfilePicker<ProfileView> {
  readonly form = new ExplorerForm();
  /** The id of the request in flight, for request.cancel; null when idle. */
  requestId = $state<string | null>(null);
  result = $state.raw<EngineOutput<'request.send'> | null>(null);
  /** The call itself failed (bad input, unknown profile, local service stopped). */
  failure = $state.raw<AppErrorData | null>(null);
  /** What the shown result was sent for. */
  resultKey = $state<string | null>(null);
  /** What the shown failure was sent for. */
  failureKey = $state<string | null>(null);

  /** The local service's certificate file, for snippets of Local service requests (curl --cacert). */
  localCertificatePath = $state<string | null>(null);
  /** The local service's key file, for the SVC_API_KEY a snippet of a Local service request reads. */
  localKeyPath = $state<string | null>(null);

  readonly isSending = $derived(this.requestId !== null);
  /** The form as a request key, to compare with what was sent. */
  readonly formKey = $derived(requestKey({ profileId: this.profileId, endpoint: this.form.endpoint, params: this.form.params }));
  /** The shown result was for another form state than the one on screen. */
  readonly isResultStale = $derived(this.resultKey !== null && this.resultKey !== this.formKey);
  /** A failure is about the request that failed: once the form differs it no longer applies. */
  readonly shownFailure = $derived(this.failure !== null && this.failureKey === this.formKey ? this.failure : null);

  /**
   * The profiles listing: a Send pressed before the list answers waits for it (`done()`); the
   * selector reads "Listing…" meanwhile (`isLoading`). A failure is said beside the selector
   * (profilesProblem), not as a request's failure (which goes once the form changes).
   */
  readonly profilesListing = new SharedLoad(
    () => callEngine('profiles.list', undefined),
    (answer) => this.takeProfiles(answer),
  );

  /** Lists the profiles anew for the selector; the choice is kept as it is. A listing begun before this ask is not taken. */
  loadProfiles(): Promise<void> {
    return this.profilesListing.run();
  }

  /**
   * Sends the form's request exactly as shown; the answer (or failure) replaces the last one. With
   * "Send even if invalid" the engine's pre-send check is skipped so the service's own answer shows.
   */
  async send(): Promise<void> {
    if (this.isSending || this.goneProfile || this.profileId === '') return;
    const requestId = crypto.randomUUID();
    const request: SentRequest = { profileId: this.profileId, endpoint: this.form.endpoint, params: this.form.params };
    this.requestId = requestId;
    this.failure = null;
    try {
      const answer = await callEngine('request.send', { requestId, ...request, ...(this.form.sendInvalid ? { sendAsIs: true } : {}) });
      if (answer.ok) {
        if (request.profileId === LOCAL_PROFILE_ID) await this.loadCertificatePath();
        this.result = answer.value;
        this.resultKey = requestKey(request);
      } else {
        this.failure = answer.error;
        this.failureKey = requestKey(request);
      }
    } finally {
      if (this.requestId === requestId) this.requestId = null;
    }
  }

  /**
   * The certificate file and key header a snippet of the shown result needs, and for a user
   * profile's pinned CA the file to save (the profile keeps the PEM, not a file).
   */
  snippetConnection(profileId: string): SnippetConnection {
    const profile = this.profiles.find((candidate) => candidate.id === profileId);
    const apiKeyHeader = profile?.headerNames.apiKey ?? 'svc-api-key';
    const proxyUrl = profile?.proxyUrl ?? null;
    const hasProxyPassword = profile?.hasProxyPassword ?? false;
    // The local service's certificate is its own: the app trusts it alone (connection-resolver.ts).
    if (profileId === LOCAL_PROFILE_ID) return { apiKeyHeader, caPath: this.localCertificatePath, caFile: null, proxyUrl, hasProxyPassword, trustSystemCertificates: false, keyPath: this.localKeyPath };
    const trustSystemCertificates = profile?.trustSystemCertificates ?? true;
    if (!profile?.caPem) return { apiKeyHeader, caPath: null, caFile: null, proxyUrl, hasProxyPassword, trustSystemCertificates, keyPath: null };
    const name = `${profile.id}-ca.pem`;
    return { apiKeyHeader, caPath: `./${name}`, caFile: { name, pem: profile.caPem }, proxyUrl, hasProxyPassword, trustSystemCertificates, keyPath: null };
  }

  private async loadCertificatePath(): Promise<void> {
    const status = await callEngine('localService.status', undefined);
    if (!status.ok) return;
    this.localCertificatePath = status.value.certificate?.path ?? null;
    this.localKeyPath = status.value.keyPath ?? null;
  }

  /** Cancels the request in flight. */
  async cancel(): Promise<void> {
    if (this.requestId === null) return;
    await callEngine('request.cancel', { requestId: this.requestId });
  }
}

/** The one explorer state of the window (kept while switching screens). */
export const explorer = new ExplorerState();
