import { z } from 'zod';
import { lazySchema } from '../../spec/lazy-schema.ts';
import { channel } from '../channel.ts';

/** Channels of the `localService` area: the built-in service's state, and starting/stopping it. */

/** The local service's state as the settings screen shows it. */
export const LocalServiceStatusSchema = lazySchema(() =>
  z.object({
    state: z.enum(['stopped', 'starting', 'running', 'failed']),
    baseUrl: z.string().nullable(),
    pid: z.number().int().nullable(),
    /** Why it failed (start-up error, crash with its last log line), or null. */
    error: z.string().nullable(),
    /** Stopped by the user (Stop local service): requests fail with LOCAL_SERVICE_STOPPED until Start. */
    stoppedByUser: z.boolean().optional(),
    /** What the user must know of this run's starts (the certificate replaced: where the old files went, where the new one is), or null. */
    notice: z.string().nullable().optional(),
    /** The service's CA certificate once known (integrators pin it, e.g. curl --cacert): file, PEM and SHA-256 fingerprint. */
    certificate: z.object({ path: z.string(), pem: z.string(), sha256: z.string() }).nullable().optional(),
    /**
     * The file holding the service's API key, once a start made it (integrators read it into
     * SVC_API_KEY: a client that pins the certificate still needs the key). The path only: the key
     * itself never crosses IPC.
     */
    keyPath: z.string().nullable().optional(),
  }),
);
/** The local service's state. */
export type LocalServiceStatus = z.output<typeof LocalServiceStatusSchema>;

/** The localService channels; start and stop answer with the state they reached. */
export const localServiceChannels = {
  'localService.status': channel(z.void(), LocalServiceStatusSchema),
  'localService.start': channel(z.void(), LocalServiceStatusSchema),
  'localService.stop': channel(z.void(), LocalServiceStatusSchema),
};
