/** Saved Explorer requests: the store in the data dir and its IPC handlers. */
export { openSavedRequestStore, parseExport } from './saved-request-store.ts';
export type { SavedRequestStore, SavedRequestInput } from './saved-request-store.ts';
export { createSavedRequestHandlers } from './saved-request-handlers.ts';
