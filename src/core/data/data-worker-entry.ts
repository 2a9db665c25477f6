import { parentPort, workerData } from 'node:worker_threads';
import { AppError, isAppError } from '../../ipc/result.ts';
import { openDataOps, type OpenDataOps } from './data-ops.ts';
import type { DataRequest, DataResponse, DataWorkerData } from './data-protocol.ts';

/**
 * The data worker's thread: opens the history and serves data operations one message at a time.
 * Started by DataWorkerHost with resource limits, so a runaway file exhausts this thread's heap,
 * never the thread that drives the window. It does no HTTPS and never sees an API key.
 */

if (!parentPort) throw new Error('data-worker-entry.ts runs only as a worker thread (DataWorkerHost starts it)');
const port = parentPort;

// A store that cannot be opened (no database possible at that path) answers every call with why.
function open(): OpenDataOps | AppError {
  try {
    return openDataOps(workerData as DataWorkerData);
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
}
const opened = open();

async function answer(request: DataRequest): Promise<DataResponse> {
  if (opened instanceof AppError) return { id: request.id, ok: false, error: opened.toData() };
  if (request.op === '$close') {
    opened.close();
    return { id: request.id, ok: true, value: null };
  }
  try {
    const run = opened.ops[request.op] as (input: unknown) => Promise<unknown>;
    return { id: request.id, ok: true, value: await run(request.input) };
  } catch (error) {
    if (isAppError(error)) return { id: request.id, ok: false, error: error.toData() };
    return { id: request.id, ok: false, bug: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

port.on('message', (request: DataRequest) => {
  void answer(request).then((response) => {
    try {
      port.postMessage(response);
    } catch (error) {
      // A value that cannot be cloned is a bug of this table, reported as one rather than a hung call.
      port.postMessage({ id: request.id, ok: false, bug: `answer of ${request.op} could not be sent: ${String(error)}` } satisfies DataResponse);
    }
  });
});
