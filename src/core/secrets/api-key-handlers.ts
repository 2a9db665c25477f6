import type { z } from 'zod';
import type { apiKeyChannels } from '../../ipc/channels/api-key.ts';
import { AppError } from '../../ipc/result.ts';
import { LOCAL_PROFILE_ID } from '../../ipc/channels/profiles.ts';
import type { SecretStore } from './secret-store.ts';

type Channels = typeof apiKeyChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The apiKey handlers' dependencies: the store, and whether a profile exists (keys of unknown profiles are refused). */
export interface ApiKeyHandlerDeps {
  secrets: SecretStore;
  hasProfile(profileId: string): boolean;
}

function checkProfile(deps: ApiKeyHandlerDeps, profileId: string): void {
  // The local service's key is generated and kept beside it; a typed key would never be used.
  if (profileId === LOCAL_PROFILE_ID) throw new AppError('INVALID_INPUT', 'The Local service profile manages its own key', [{ field: 'profileId', reason: 'is the built-in Local service profile' }]);
  if (!deps.hasProfile(profileId)) throw new AppError('NOT_FOUND', `No profile ${profileId}`, [{ field: 'profileId', reason: 'is not a known profile' }]);
}

/** The apiKey area's handlers (write-only: no handler answers with a key), to spread into the handler map. */
export function createApiKeyHandlers(deps: ApiKeyHandlerDeps): { [C in keyof Channels]: Handler<C> } {
  return {
    'apiKey.set': async ({ profileId, key }) => {
      checkProfile(deps, profileId);
      return deps.secrets.set(profileId, key);
    },
    'apiKey.clear': async ({ profileId }) => {
      checkProfile(deps, profileId);
      return deps.secrets.clear(profileId);
    },
    'apiKey.status': async ({ profileId }) => {
      checkProfile(deps, profileId);
      return deps.secrets.status(profileId);
    },
  };
}
