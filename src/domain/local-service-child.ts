import { z } from 'zod';
import { lazySchema } from '../spec/lazy-schema.ts';

/**
 * The contract between the engine's local-service host (src/core/local-service) and the process it
 * starts by path (src/service/child-entry.ts): kept here so neither imports the other.
 *
 * The ready line: what child-entry.ts prints on stdout once the service accepts connections, the
 * same fields `swap-explorer serve` prints first, so either can be read by the host.
 */
// Built on first use: only a start of the local service reads a ready line (issue 14).
// `notice`: the child's only news beside it, the certificate files it replaced (src/service/tls.ts).
export const ReadyLineSchema = lazySchema(() => z.object({ baseUrl: z.string().startsWith('https://'), caCertPath: z.string().min(1), notice: z.string().nullable().optional() }));
/** The ready line. */
export type ReadyLine = z.output<typeof ReadyLineSchema>;

/** Environment variables the host passes to the child: the key goes by env, not argv, which other users can read in `ps`. */
export const CHILD_ENV = { dataDir: 'SWAP_EXPLORER_LOCAL_DATA_DIR', apiKey: 'SWAP_EXPLORER_LOCAL_KEY' } as const;

/** The certificate's file name in the service's data dir (clients pin it, e.g. `curl --cacert`); the host reads it before a start. */
export const CERTIFICATE_FILE = 'cert.pem';
