import type { AppErrorData } from '../../ipc/result.ts';
import type { DataOpName, DataOpsOptions } from './data-ops.ts';

/** The messages between DataWorkerHost and the worker thread (structured clone, no JSON). */

/** What the worker is started with. */
export type DataWorkerData = DataOpsOptions;

/** A call: `op` is a data operation, or `$close` to close the store before the thread ends. */
export interface DataRequest {
  id: number;
  op: DataOpName | '$close';
  input: unknown;
}

/**
 * An answer: a value, an expected failure (AppError data), or a bug with its stack, which the host
 * logs and turns into INTERNAL like any other bug (src/core/dispatch.ts).
 */
export type DataResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: AppErrorData } | { id: number; ok: false; bug: string };
