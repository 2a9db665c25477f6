/** The request history: the SQLite store and its IPC handlers. */
export { HistoryStore } from './history-store.ts';
export type { HistoryStoreOptions } from './history-store.ts';
export { createHistoryHandlers } from './history-handlers.ts';
export type { HistoryHandlers } from './history-handlers.ts';
export { DEFAULT_RETENTION } from './retention.ts';
export { quarantinePath } from './database-file.ts';
