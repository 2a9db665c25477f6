import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalServiceOptions, type RunningService } from '../../service/index.ts';
import type { Connection } from '../ports.ts';
import { AppError } from '../../ipc/result.ts';
import { createRequestService, type RequestService } from '../request/send-request.ts';
import { fixedConnections, localServiceConnection } from '../request/test-support.ts';
import { HistoryStore } from '../history/index.ts';
import { createRunStore } from './run-store.ts';
import { createCompareRunner, type CompareRunner } from './runner.ts';
import { inThreadSink } from '../request/record.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { RateScheduler, type PaceGroup, type Start } from '../http/rate-scheduler.ts';
import { historyFileIn } from '../history/history-path.ts';

/** A runner over the real local service, request service and history store, with everything in a temp dir. */
export interface CompareRig {
  dataDir: string;
  service: RunningService;
  requests: RequestService;
  history: HistoryStore;
  runner: CompareRunner;
  /** Status of every request the service answered, in order. */
  statuses: number[];
  /** The one profile the rig's requests go to (profileId 'local'). */
  connection: Connection;
  close(): Promise<void>;
}

/** Starts the rig; `rateBudgetRps` 0 means unlimited; `scheduler` paces the profile (default the client's own). */
export async function startCompareRig(knobs: Partial<LocalServiceOptions> = {}, rateBudgetRps = 0, scheduler?: RateScheduler): Promise<CompareRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'compare-test-'));
  const statuses: number[] = [];
  const service = await startLocalService({ dataDir, ...knobs, accessLog: (line) => statuses.push((JSON.parse(line) as { status: number }).status) });
  const connection = localServiceConnection(service, rateBudgetRps);
  const history = HistoryStore.open(historyFileIn(dataDir));
  const requests = createRequestService({ connections: fixedConnections(connection), history: inThreadSink(history), client: { transport: undiciTransport, ...(scheduler ? { scheduler } : {}) } });
  const runner = createCompareRunner({ requests, store: createRunStore(dataDir), defaultProfileId: 'local' });
  return {
    dataDir, service, requests, history, runner, statuses, connection,
    async close() {
      await requests.close();
      await service.close();
      history.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A request service on the rig's service and history whose profile becomes unusable after its
 * first `usable` requests were resolved: each later one is refused NOT_CONFIGURED, as the engine's
 * resolver refuses a profile whose key cannot be sent (connection-resolver.ts). A run then fails
 * part-way, some sides answered and the rest never sent. The real resolver reads the profile for
 * every request, but a run's requests all ask at once, so the moment it changes cannot be timed.
 */
export function profileUnusableAfter(rig: Pick<CompareRig, 'connection' | 'history'>, usable: number): RequestService {
  let resolved = 0;
  const connections = {
    async resolve(profileId: string): Promise<Connection> {
      resolved += 1;
      if (resolved > usable) throw new AppError('NOT_CONFIGURED', 'The API key stored for Local service cannot be sent: it was removed. Enter it again in Settings.');
      return fixedConnections(rig.connection).resolve(profileId);
    },
  };
  return createRequestService({ connections, history: inThreadSink(rig.history), client: { transport: undiciTransport } });
}

/** The client's scheduler, recording when each request was let go (`group` 'none' for a request sent alone, such as a retry). */
export class RecordingScheduler extends RateScheduler {
  readonly releases: { group: string; at: number }[] = [];
  override async acquire(key: string, rps: number, signal?: AbortSignal, group?: PaceGroup): Promise<Start> {
    const start = await super.acquire(key, rps, signal, group);
    this.releases.push({ group: group?.id ?? 'none', at: performance.now() });
    return start;
  }
}
