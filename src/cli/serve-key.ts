import { loadOrCreateLocalKey, type LocalKey, type LocalKeyProblem } from '../core/local-service/local-key.ts';

/**
 * The key `serve` accepts when no --api-key is given: kept in the data dir's key file (mode 0600),
 * the file the app and `price`/`compare` keep theirs in, so an integrator who put it in a client's
 * config is still let in after a restart (each start made a new one, and the client got 401).
 * What a damaged, unreadable or loose file gets is the one rule of core/local-service/local-key.ts;
 * `serve` only adds its own way out, --api-key.
 */

/** The key, its file, whether this start made it, and the notice of a tightened file. */
export type ServeKey = LocalKey;

// serve has a way out the app has not: a key given on the command line leaves the file alone.
const SERVE_WAY_OUT: Record<LocalKeyProblem['kind'], string> = {
  UNREADABLE: ', or give --api-key',
  NOT_A_KEY: ', or give --api-key',
  UNWRITABLE: '; give --api-key, or a --data-dir this user can write to',
  RACE: '',
};

/**
 * Reads the key kept in `dataDir`, or makes and keeps one when there is none; `problem` when the
 * file cannot be read or written, or does not hold a key: one sentence naming the file and the way out.
 */
export async function loadOrCreateServeKey(dataDir: string): Promise<ServeKey | { problem: string }> {
  const kept = await loadOrCreateLocalKey(dataDir);
  if ('problem' in kept) return { problem: kept.problem.message + SERVE_WAY_OUT[kept.problem.kind] };
  return kept;
}
