import type { z } from 'zod';
import type { savedRequestsChannels } from '../../ipc/channels/saved-requests.ts';
import type { SavedRequestStore } from './saved-request-store.ts';

type Channels = typeof savedRequestsChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The savedRequests area's handlers, to spread into the handler map (src/core/engine.ts). */
export function createSavedRequestHandlers(store: SavedRequestStore): { [C in keyof Channels]: Handler<C> } {
  return {
    'savedRequests.list': async ({ profileId }) => {
      // A file left in place at start is taken here once it reads again (the Explorer lists on show).
      await store.refresh();
      return { requests: store.list(profileId), notice: store.notice };
    },
    'savedRequests.save': (input) => store.save(input),
    'savedRequests.delete': async ({ id }) => ({ deleted: await store.delete(id) }),
    'savedRequests.export': async ({ profileId }) => ({ json: store.exportJson(profileId) }),
    'savedRequests.import': ({ profileId, json }) => store.importJson(profileId, json),
  };
}
