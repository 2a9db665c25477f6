import { AppError } from '../../ipc/result.ts';
import type { HistoryEntry, NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import type { Connection, ConnectionResolver, HistorySink, RecordedRequest, SentRequest } from '../ports.ts';
import type { RunningService } from '../../service/index.ts';
import { recordRequest } from './record.ts';

/** Test doubles for the request service's seams (the real store and profiles are tested on their own). */

/** An in-memory history that assigns ids like the store; `failWith` makes inserts throw. */
export class MemoryHistory implements HistorySink {
  readonly entries: HistoryEntry[] = [];
  failWith: AppError | null = null;

  insert(entry: NewHistoryEntry): HistoryEntry {
    if (this.failWith) throw this.failWith;
    const stored = { ...entry, id: this.entries.length + 1 };
    this.entries.push(stored);
    return stored;
  }

  async record(sent: SentRequest): Promise<RecordedRequest> {
    return recordRequest(this, sent);
  }
}

/** The connection the app makes for its built-in Local service profile, to a service started here. */
export function localServiceConnection(service: Pick<RunningService, 'baseUrl' | 'apiKeys' | 'caCertPem'>, rateBudgetRps = 0): Connection {
  return {
    profileId: 'local',
    profileName: 'Local service',
    baseUrl: service.baseUrl,
    headerNames: { apiKey: 'svc-api-key', version: 'svc-version' },
    version: 'v2',
    apiKey: service.apiKeys[0]!,
    caPem: service.caCertPem,
    trustSystemCertificates: false,
    proxyUrl: null,
    rateBudgetRps,
  };
}

/** A resolver over fixed connections; unknown ids are NOT_FOUND as the real one says. */
export function fixedConnections(...connections: Connection[]): ConnectionResolver {
  return {
    resolve: async (profileId) => {
      const found = connections.find((connection) => connection.profileId === profileId);
      if (!found) throw new AppError('NOT_FOUND', `No profile ${profileId}`);
      return found;
    },
  };
}
