import type { Handlers } from './dispatch.ts';
import { appInfo, type AppIdentity } from './app-info.ts';
import { createHttpClient, undiciTransport } from './http/index.ts';
import { createRequestService, createRequestHandlers } from './request/index.ts';
import { createSecretStore, createApiKeyHandlers, type KeychainBackend } from './secrets/index.ts';
import { openProfileStore, createConnectionResolver, createConnectionTester, createProfileHandlers, LOCAL_PROFILE_ID } from './profiles/index.ts';
import { createChildProcessHost, createLocalServiceHandlers, type LocalServiceHost } from './local-service/index.ts';
import { createCompareHandlers } from './compare/index.ts';
import { createLadderHandlers } from './compare/ladder-handlers.ts';
import { createSavedRequestHandlers, openSavedRequestStore } from './saved-requests/index.ts';
import { redactKnownKeys } from './history/known-key-redaction.ts';
import { DataWorkerHost, dataHistoryAccess, dataHistoryHandlers, dataHistorySink, dataLadderStore, dataRunStore, type DataClient, type HistoryAccess } from './data/index.ts';

/**
 * The engine: every service of the app built once on a data dir, and the one handler map the IPC
 * layer serves. main/ builds it with Electron's utilityProcess host for the local service; the
 * e2e harness and the benches build the same engine with a child-process host.
 *
 * Threads: this thread keeps the keychain, the HTTPS client and the rate scheduler (asynchronous and
 * cheap); the history, file imports and exports, body parsing and schema reports and the run files
 * go to the data worker (src/core/data/), so a large file or body never stalls the window.
 */

/** What the shell passes in. */
export interface EngineOptions {
  identity: AppIdentity;
  /** Where history.db, profiles.json, comparisons/ and local-service/ live. */
  dataDir: string;
  /** How the local service runs; a child process when absent. */
  localServiceHost?: LocalServiceHost;
  /** The data worker's entry file, where a bundle puts it elsewhere (main/index.ts). */
  dataWorkerEntry?: string;
  /** The data operations, when not the worker thread (the bench's in-thread baseline). */
  data?: DataClient;
  /** The keychain, when not the OS's own (e2e flows of a machine without one). */
  keychain?: KeychainBackend;
  /** Where bugs go with their stack (main's log in the app). */
  logBug?: (where: string, stack: string) => void;
}

/** A built engine. */
export interface Engine {
  handlers: Handlers;
  /** The history, through the data worker (tests and benches seed and read it here). */
  history: HistoryAccess;
  /** The data operations (the worker host in the app). */
  data: DataClient;
  localService: LocalServiceHost;
  /** Stops the local service, closes connection pools and the database. */
  close(): Promise<void>;
}

/** Builds every service and the handler map. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { dataDir } = options;
  const localService = options.localServiceHost ?? createChildProcessHost({ dataDir });
  const creator = { name: options.identity.name, version: options.identity.version };
  const data = options.data ?? new DataWorkerHost({ dataDir, creator, entry: options.dataWorkerEntry, logBug: options.logBug });
  const profiles = await openProfileStore(dataDir);
  const savedRequests = await openSavedRequestStore(dataDir);
  const secrets = createSecretStore(options.keychain);
  const connections = createConnectionResolver({ profiles, secrets, localService });
  const client = createHttpClient({ transport: undiciTransport });
  const requests = createRequestService({ connections, history: dataHistorySink(data), client });
  const testConnection = createConnectionTester({ resolver: connections, client });
  const history = dataHistoryHandlers(data, () => (data instanceof DataWorkerHost ? data.notices : []));
  // A key the keychain cannot give now (locked, unavailable) is left out: reading History must not fail for it.
  const knownKeys = async () => (await Promise.all(profiles.list().map((profile) => secrets.getKey(profile.id).catch(() => null)))).filter((key) => key !== null);
  const handlers: Handlers = {
    'app.info': async () => appInfo(options.identity),
    ...createProfileHandlers({ store: profiles, secrets, localService, testConnection }),
    ...createApiKeyHandlers({ secrets, hasProfile: (id) => profiles.get(id) !== null }),
    ...createLocalServiceHandlers(localService),
    ...createRequestHandlers(requests),
    ...history,
    ...redactKnownKeys(history, knownKeys),
    ...createCompareHandlers({ requests, dataDir, store: dataRunStore(data), defaultProfileId: LOCAL_PROFILE_ID }),
    ...createLadderHandlers({ requests, dataDir, store: dataLadderStore(data), defaultProfileId: LOCAL_PROFILE_ID }),
    ...createSavedRequestHandlers(savedRequests),
  };
  return {
    handlers,
    history: dataHistoryAccess(data),
    data,
    localService,
    async close() {
      await localService.stop();
      await requests.close();
      await client.close();
      await data.close();
    },
  };
}
