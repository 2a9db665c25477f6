import { openAccessLog, type AccessLogFile } from './access-log-file.ts';
import type { ClusterMessage } from './cluster-messages.ts';
import { startLocalService, type RunningService } from './index.ts';
import type { RateDecision, RateWindow } from './shared-rate-limit.ts';

/**
 * Entry of one worker of `serve --workers N` (cluster.ts): waits for its options from the primary,
 * starts the service on the shared port (its own SO_REUSEPORT socket, or the cluster's handle where
 * the primary serves nothing), says when it listens, asks the primary for every rate decision, and
 * closes when told to or when the primary goes away. Signals are the primary's to
 * handle (Ctrl-C reaches the whole process group): a worker never stops mid-answer because of one.
 */

const send = (message: ClusterMessage) => process.send?.(message);
const pending = new Map<number, (decision: RateDecision) => void>();
let nextId = 0;
let service: RunningService | undefined;
let log: AccessLogFile | undefined;

function askRateLimit(window: RateWindow, key: string, nowMs: number): Promise<RateDecision> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    send({ type: 'rate', id, window, key, nowMs });
  });
}

async function stop(): Promise<void> {
  await service?.close();
  await log?.close();
  process.exit(0);
}

process.on('message', (message: ClusterMessage) => {
  if (message.type === 'rate-decision') {
    pending.get(message.id)?.(message.decision);
    pending.delete(message.id);
  } else if (message.type === 'stop') {
    void stop();
  } else if (message.type === 'start') {
    const { accessLogFile, isRateLimited, ...options } = message.options;
    log = openAccessLog(accessLogFile);
    startLocalService({ ...options, accessLog: log.write, ...(isRateLimited ? { askRateLimit } : {}) }).then(
      (started) => {
        service = started;
        send({ type: 'ready', baseUrl: started.baseUrl });
      },
      (error: unknown) => {
        // One line for the operator (the primary reports the exit), not a stack trace.
        process.stderr.write(`swap-explorer serve: worker ${process.pid} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  }
});
process.on('disconnect', () => void stop());
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
