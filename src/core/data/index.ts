/** The data worker: history, imports, exports and run files, off the thread that drives the window. */
export { openDataOps } from './data-ops.ts';
export type { DataOps, DataOpName, DataOpInput, DataOpOutput, DataOpsOptions, OpenDataOps } from './data-ops.ts';
export { inThreadDataClient } from './data-client.ts';
export type { DataClient } from './data-client.ts';
export { DataWorkerHost, DEFAULT_DATA_WORKER_LIMITS } from './data-worker-host.ts';
export type { DataWorkerHostOptions } from './data-worker-host.ts';
export { dataHistorySink, dataRunStore, dataLadderStore, dataHistoryHandlers, dataHistoryAccess } from './data-proxies.ts';
export type { HistoryAccess } from './data-proxies.ts';
