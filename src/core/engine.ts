import { join } from 'node:path';
import type { Handlers } from './dispatch.ts';
import { appInfo, type AppIdentity } from './app-info.ts';
import { createHttpClient } from './http/index.ts';
import { HistoryStore, createHistoryHandlers } from './history/index.ts';
import { createRequestService, createRequestHandlers } from './request/index.ts';
import { createSecretStore, createApiKeyHandlers } from './secrets/index.ts';
import { openProfileStore, createConnectionResolver, createConnectionTester, createProfileHandlers, LOCAL_PROFILE_ID } from './profiles/index.ts';
import { createChildProcessHost, createLocalServiceHandlers, type LocalServiceHost } from './local-service/index.ts';
import { createCompareHandlers } from './compare/index.ts';
import { createHistoryIoHandlers } from './history-io/index.ts';
import { createLadderHandlers } from './compare/ladder-handlers.ts';
import { createSavedRequestHandlers, openSavedRequestStore } from './saved-requests/index.ts';

/**
 * The engine: every service of the app built once on a data dir, and the one handler map the IPC
 * layer serves. main/ builds it with Electron's utilityProcess host for the local service; the
 * CLI and the e2e harness build the same engine with a child-process host.
 */

/** What the shell passes in. */
export interface EngineOptions {
  identity: AppIdentity;
  /** Where history.db, profiles.json, comparisons/ and local-service/ live. */
  dataDir: string;
  /** How the local service runs; a child process when absent. */
  localServiceHost?: LocalServiceHost;
}

/** A built engine. */
export interface Engine {
  handlers: Handlers;
  history: HistoryStore;
  localService: LocalServiceHost;
  /** Stops the local service, closes connection pools and the database. */
  close(): Promise<void>;
}

/** Builds every service and the handler map. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { dataDir } = options;
  const localService = options.localServiceHost ?? createChildProcessHost({ dataDir });
  const history = HistoryStore.open(join(dataDir, 'history.db'));
  const profiles = await openProfileStore(dataDir);
  const savedRequests = await openSavedRequestStore(dataDir);
  const secrets = createSecretStore();
  const connections = createConnectionResolver({ profiles, secrets, localService });
  const client = createHttpClient({});
  const requests = createRequestService({ connections, history, client });
  const testConnection = createConnectionTester({ resolver: connections, client });
  const handlers: Handlers = {
    'app.info': async () => appInfo(options.identity),
    ...createProfileHandlers({ store: profiles, secrets, localService, testConnection }),
    ...createApiKeyHandlers({ secrets, hasProfile: (id) => profiles.get(id) !== null }),
    ...createLocalServiceHandlers(localService),
    ...createRequestHandlers(requests),
    ...createHistoryHandlers(history),
    ...createHistoryIoHandlers({ history, creator: { name: options.identity.name, version: options.identity.version } }),
    ...createCompareHandlers({ requests, dataDir, defaultProfileId: LOCAL_PROFILE_ID }),
    ...createLadderHandlers({ requests, dataDir, defaultProfileId: LOCAL_PROFILE_ID }),
    ...createSavedRequestHandlers(savedRequests),
  };
  return {
    handlers,
    history,
    localService,
    async close() {
      await localService.stop();
      await requests.close();
      await client.close();
      history.close();
    },
  };
}
