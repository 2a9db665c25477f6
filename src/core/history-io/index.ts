export { createHistoryIoHandlers } from './history-io-handlers.ts';
export type { HistoryIoDeps, HistoryIoHandlers, HistoryIoStore } from './history-io-handlers.ts';
