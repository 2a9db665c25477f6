import { AppError } from '../../ipc/result.ts';
import { apiKeyProblem } from '../../ipc/channels/api-key.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME } from '../../ipc/channels/profiles.ts';
import { API_VERSION, HEADER_NAMES } from '../../spec/index.ts';
import type { LocalServiceHost } from '../local-service/host.ts';
import type { Connection, ConnectionResolver } from '../ports.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { ProfileStore } from './profile-store.ts';

/**
 * The stored key is held to the rule the key field applies. A key put in the keychain by another
 * tool (`echo $KEY | secret-tool store`, which keeps the newline) never passed that field: undici
 * refused the header as INTERNAL, and left the origin's next requests hanging.
 */
function checkStoredKey(key: string, profileName: string): void {
  const problem = apiKeyProblem(key);
  if (problem) throw new AppError('NOT_CONFIGURED', `The API key stored for ${profileName} cannot be sent: it ${problem.reason}${problem.rule}. Enter it again in Settings.`, [{ field: 'apiKey', reason: problem.reason }]);
}

/** What the resolver reads: saved profiles, their keys, and the local service it may start. */
export interface ConnectionResolverDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  localService: LocalServiceHost;
}

/**
 * The engine's ConnectionResolver. A user profile is sent as profiles.json holds it when the request
 * starts, with its key from the secret store. Local service is started on first use (but not after the user stopped it); its certificate is the only trust anchor (system
 * certificates off), so nothing but that process can answer for it.
 */
export function createConnectionResolver(deps: ConnectionResolverDeps): ConnectionResolver {
  return {
    async resolve(profileId: string): Promise<Connection> {
      if (profileId === LOCAL_PROFILE_ID) {
        // Stopped in Settings means stopped: starting it again here would hide the user's choice
        // and move it to a new port.
        if (deps.localService.status().stoppedByUser) {
          throw new AppError('LOCAL_SERVICE_STOPPED', 'The local service is stopped: press Start local service in Settings, then send again.');
        }
        const info = await deps.localService.start();
        return {
          profileId,
          profileName: LOCAL_PROFILE_NAME,
          baseUrl: info.baseUrl,
          headerNames: { ...HEADER_NAMES },
          version: API_VERSION,
          apiKey: info.apiKey,
          caPem: info.caPem,
          trustSystemCertificates: false,
          proxyUrl: null,
          rateBudgetRps: deps.profiles.localRateBudget(),
        };
      }
      // Sent as profiles.json holds it now: an edit made outside the app since the last read is taken,
      // and one that cannot be read refuses the request rather than send what the file no longer says.
      const problem = await deps.profiles.refresh();
      if (problem) throw new AppError('STORAGE', `Not sent: ${problem.reason}. Mend the file, or restart the app to set it aside.`, problem.details);
      const profile = deps.profiles.get(profileId);
      if (!profile) throw new AppError('NOT_FOUND', `No profile ${profileId}`, [{ field: 'profileId', reason: 'is not a known profile' }]);
      const apiKey = await deps.secrets.getKey(profileId);
      if (apiKey !== null) checkStoredKey(apiKey, profile.name);
      return {
        profileId,
        profileName: profile.name,
        baseUrl: profile.baseUrl,
        headerNames: { ...profile.headerNames },
        version: profile.version,
        apiKey,
        caPem: profile.caPem ?? null,
        trustSystemCertificates: profile.trustSystemCertificates,
        proxyUrl: profile.proxyUrl ?? null,
        rateBudgetRps: profile.rateBudgetRps,
      };
    },
  };
}
