import type { z } from 'zod';
import type { localServiceChannels } from '../../ipc/channels/local-service.ts';
import { isAppError } from '../../ipc/result.ts';
import type { LocalServiceHost } from './host.ts';

type Channels = typeof localServiceChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/**
 * The localService area's handlers, to spread into the handler map. A start that fails answers
 * with state `failed` and its reason (what the settings screen shows), not an error.
 */
export function createLocalServiceHandlers(host: LocalServiceHost): { [C in keyof Channels]: Handler<C> } {
  return {
    'localService.status': async () => host.status(),
    'localService.start': async () => {
      try {
        await host.start();
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
      return host.status();
    },
    'localService.stop': async () => {
      await host.stop();
      return host.status();
    },
  };
}
