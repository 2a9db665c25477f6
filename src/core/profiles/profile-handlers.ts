import type { z } from 'zod';
import { AppError, isAppError } from '../../ipc/result.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, type Profile, type ProfileView, type profilesChannels } from '../../ipc/channels/profiles.ts';
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
    trustSystemCertificates: false,
    rateBudgetRps: deps.store.localRateBudget(),
    builtIn: true,
    key: null,
  };
}

async function userView(deps: ProfileHandlerDeps, profile: Profile): Promise<ProfileView> {
  return { ...profile, caPem: profile.caPem ?? null, proxyUrl: profile.proxyUrl ?? null, builtIn: false, key: await deps.secrets.status(profile.id) };
}

// Said where the list is shown (Settings, above the profiles): the list is the file as last read.
function fileProblemNotice(problem: FileProblem): string {
  const mend = problem.details.length > 0 ? 'mend the file, or restart the app to set it aside' : 'the list is read again when Settings is shown or the window gets the focus';
  return `${problem.reason.charAt(0).toUpperCase()}${problem.reason.slice(1)}. The profiles shown are those last read, and none can be changed until it can be read: ${mend}.`;
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
    'profiles.save': async (input) => userView(deps, await deps.store.save(input)),
    'profiles.setRateBudget': async ({ profileId, rateBudgetRps }) => {
      await deps.store.setRateBudget(profileId, rateBudgetRps);
      const saved = deps.store.get(profileId);
      return saved ? userView(deps, saved) : localView(deps);
    },
    'profiles.delete': async ({ profileId }) => {
      refuseLocal(profileId, 'deleted');
      if (!(await deps.store.delete(profileId))) throw new AppError('NOT_FOUND', `No profile ${profileId}`, [{ field: 'profileId', reason: 'is not a known profile' }]);
      try {
        await deps.secrets.clear(profileId);
        return { deleted: true, warning: null };
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { deleted: true, warning: `The profile was deleted but its API key could not be removed: ${error.message}` };
      }
    },
    'profiles.test': async ({ profileId }) => deps.testConnection(profileId),
  };
}
