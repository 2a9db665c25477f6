import { z } from 'zod';
import { channel } from '../channel.ts';

/** Channels of the `localService` area: the built-in service's state, and starting/stopping it. */

/** The local service's state as the settings screen shows it. */
export const LocalServiceStatusSchema = z.object({
  state: z.enum(['stopped', 'starting', 'running', 'failed']),
  baseUrl: z.string().nullable(),
  pid: z.number().int().nullable(),
  /** Why it failed (start-up error, crash with its last log line), or null. */
  error: z.string().nullable(),
});
/** The local service's state. */
export type LocalServiceStatus = z.output<typeof LocalServiceStatusSchema>;

/** The localService channels; start and stop answer with the state they reached. */
export const localServiceChannels = {
  'localService.status': channel(z.void(), LocalServiceStatusSchema),
  'localService.start': channel(z.void(), LocalServiceStatusSchema),
  'localService.stop': channel(z.void(), LocalServiceStatusSchema),
};
