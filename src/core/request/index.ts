/** request.send and request.cancel: the service and its IPC handlers. */
export { createRequestService, validateParams, pathAndQueryOf } from './send-request.ts';
export type { RequestService, RequestServiceDeps, SendInput, SendResult } from './send-request.ts';
export { createRequestHandlers } from './request-handlers.ts';
export { buildEntry } from './build-entry.ts';
export type { EntryContext } from './build-entry.ts';
export { recordRequest, inThreadSink } from './record.ts';
export type { EntryInserter } from './record.ts';
