import type { z } from 'zod';
import type { historyChannels } from '../../ipc/channels/history.ts';
import { AppError } from '../../ipc/result.ts';
import type { HistoryStore } from './history-store.ts';

type Channels = typeof historyChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The history area's handlers, typed on its own channels, to spread into the handler map (src/core/engine.ts). */
export type HistoryHandlers = { [C in keyof Channels]: Handler<C> };

/** Builds the history handlers over a store. Store failures arrive as AppError STORAGE. */
export function createHistoryHandlers(store: HistoryStore): HistoryHandlers {
  return {
    'history.search': async (filter) => store.search(filter),
    'history.get': async ({ id }) => {
      const entry = store.get(id);
      if (!entry) throw new AppError('NOT_FOUND', `There is no history entry ${id}: it was removed by retention or never existed.`);
      return entry;
    },
    'history.count': async () => ({ count: store.count() }),
    'history.getRetention': async () => store.retention(),
    'history.previewRetention': async (retention) => store.previewRetention(retention),
    'history.setRetention': async (retention) => ({ removed: store.setRetention(retention), retention: store.retention() }),
    'history.notices': async () => ({ notices: [...store.notices] }),
  };
}
