import type { DataOpInput, DataOpName, DataOpOutput, OpenDataOps } from './data-ops.ts';

/** How the engine reaches the data operations: across a thread (DataWorkerHost) or in this one. */
export interface DataClient {
  call<K extends DataOpName>(op: K, input: DataOpInput<K>): Promise<DataOpOutput<K>>;
  close(): Promise<void>;
}

/**
 * The operations called in this thread: the CLI (a short command has no window to keep moving) and
 * the bench's baseline of the engine as it was before the worker.
 */
export function inThreadDataClient(opened: OpenDataOps): DataClient {
  return {
    call: (op, input) => (opened.ops[op] as (value: typeof input) => Promise<DataOpOutput<typeof op>>)(input),
    close: async () => opened.close(),
  };
}
