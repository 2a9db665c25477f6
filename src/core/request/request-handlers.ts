import type { z } from 'zod';
import type { requestChannels } from '../../ipc/channels/request.ts';
import type { RequestService } from './send-request.ts';

type Channels = typeof requestChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** The request area's handlers, to spread into the handler map (src/core/engine.ts). */
export function createRequestHandlers(service: RequestService): { [C in keyof Channels]: Handler<C> } {
  return {
    'request.send': (input) => service.send(input),
    'request.cancel': async (input) => ({ cancelled: service.cancel(input.requestId) }),
  };
}
