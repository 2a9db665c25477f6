import type { z } from 'zod';
import { AppError, isAppError } from '../../ipc/result.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, type Profile, type ProfileView, type profilesChannels } from '../../ipc/channels/profiles.ts';
import { splitProxyPassword } from '../../ipc/channels/proxy-password.ts';
import { API_VERSION, HEADER_NAMES } from '../../spec/index.ts';
import type { LocalServiceHost } from '../local-service/host.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { FileProblem, ProfileStore } from './profile-store.ts';
import type { ConnectionTester } from './test-connection.ts';

type Channels = typeof profilesChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** What the profile handlers use. `testConnection` is createConnectionTester's result in the app. */
export interface ProfileHandlerDeps {
  store: ProfileStore;
  secrets: SecretStore;
  localService: LocalServiceHost;
  testConnection: ConnectionTester;
}

function localView(deps: ProfileHandlerDeps): ProfileView {
  return {
    id: LOCAL_PROFILE_ID,
    name: LOCAL_PROFILE_NAME,
    baseUrl: deps.localService.status().baseUrl,
    headerNames: { ...HEADER_NAMES },
    version: API_VERSION,
    caPem: null,
    proxyUrl: null,
    hasProxyPassword: false,
    trustSystemCertificates: false,
    rateBudgetRps: deps.store.localRateBudget(),
    builtIn: true,
    key: null,
  };
}

// The proxy's password stays in main, as the API key does: the view says only that there is one.
async function userView(deps: ProfileHandlerDeps, profile: Profile): Promise<ProfileView> {
  const proxy = profile.proxyUrl === undefined ? null : splitProxyPassword(profile.proxyUrl);
  return { ...profile, caPem: profile.caPem ?? null, proxyUrl: proxy?.url ?? null, hasProxyPassword: proxy !== null && proxy.password !== '', builtIn: false, key: await deps.secrets.status(profile.id) };
}

// Said where the list is shown (Settings, above the profiles): the list is the file as last read.
function fileProblemNotice(problem: FileProblem): string {
  const mend = problem.details.length > 0 ? 'mend the file, or restart the app to set it aside' : 'the list is read again when Settings is shown or the window gets the focus';
  return `${problem.reason.charAt(0).toUpperCase()}${problem.reason.slice(1)}. The profiles shown are those last read, and none can be changed until it can be read: ${mend}.`;
}

/**
 * Removes a profile's key; why it may still be in the keychain, or null once it is gone. A locked
 * keychain refuses (clear throws); one that cannot be reached at all (no Secret Service in this
 * session) answers from memory, and a key an earlier session stored there is still in it.
 */
async function keyLeftBehind(deps: ProfileHandlerDeps, profileId: string): Promise<string | null> {
  try {
    const status = await deps.secrets.clear(profileId);
    return status.backend === 'memory' && status.reason !== null ? `${status.reason}; a key stored there in an earlier session may still be in it` : null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.message;
  }
}

function refuseLocal(profileId: string, what: string): void {
  if (profileId === LOCAL_PROFILE_ID) throw new AppError('INVALID_INPUT', `The Local service profile is built in and cannot be ${what}`, [{ field: 'profileId', reason: 'is the built-in Local service profile' }]);
}

/**
 * The profiles area's handlers, to spread into the handler map. profiles.list reads profiles.json
 * again, so an edit made outside the app shows (or, when invalid, is named in `notice`) whenever the
 * list is asked for. Local service is listed first and
 * is not editable except for its rate budget (profiles.setRateBudget); deleting a profile also
 * removes its key, and says so in `warning` when the keychain would not let it.
 */
export function createProfileHandlers(deps: ProfileHandlerDeps): { [C in keyof Channels]: Handler<C> } {
  return {
    'profiles.list': async () => {
      const problem = await deps.store.refresh();
      return {
        profiles: [localView(deps), ...(await Promise.all(deps.store.list().map((profile) => userView(deps, profile))))],
        notice: [deps.store.notice, problem && fileProblemNotice(problem)].filter((text) => text !== null).join(' ') || null,
      };
    },
    // A kept proxy password is put back by the store, from the file as it writes it.
    'profiles.save': async (input) => userView(deps, await deps.store.save(input)),
    'profiles.setRateBudget': async ({ profileId, rateBudgetRps }) => {
      await deps.store.setRateBudget(profileId, rateBudgetRps);
      const saved = deps.store.get(profileId);
      return saved ? userView(deps, saved) : localView(deps);
    },
    'profiles.delete': async ({ profileId }) => {
      refuseLocal(profileId, 'deleted');
      const isDeleted = await deps.store.delete(profileId);
      // The key goes even when the profile went first (profiles.json edited by hand, Settings still
      // listing it): kept, no profile could reach it again, nor could it be removed.
      const keyLeft = await keyLeftBehind(deps, profileId);
      if (!isDeleted) throw new AppError('NOT_FOUND', `No profile ${profileId}`, [{ field: 'profileId', reason: 'is not a known profile' }]);
      return { deleted: true, warning: keyLeft && `The profile was deleted but its API key could not be removed: ${keyLeft}` };
    },
    'profiles.test': async ({ profileId }) => deps.testConnection(profileId),
  };
}
