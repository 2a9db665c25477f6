import { isAppError } from '../../ipc/result.ts';
import type { ConnectionTest } from '../../ipc/channels/profiles.ts';
import type { HttpClient } from '../http/http-client.ts';
import type { ConnectionResolver } from '../ports.ts';
import { monotonicMs } from '../monotonic-ms.ts';

/** Tests one profile's connection; injected into the profile handlers. */
export type ConnectionTester = (profileId: string) => Promise<ConnectionTest>;

/**
 * A tester that sends `GET /swap/chains` (the cheapest call of the spec that needs the key and the
 * version header) through the engine's own client, so the test meets the same trust, proxy and
 * rate budget as real requests. An unknown profile still throws NOT_FOUND; a profile that cannot
 * be resolved (local service down, keychain locked) is reported as unreachable with its error.
 */
export function createConnectionTester(deps: { resolver: ConnectionResolver; client: HttpClient; now?: () => number }): ConnectionTester {
  const now = deps.now ?? monotonicMs;
  return async (profileId) => {
    const started = now();
    let connection;
    try {
      connection = await deps.resolver.resolve(profileId);
    } catch (error) {
      if (!isAppError(error) || error.code === 'NOT_FOUND') throw error;
      return { reachable: false, status: null, durationMs: now() - started, error: error.toData() };
    }
    const exchange = await deps.client.get({ connection, pathAndQuery: '/swap/chains', sendVersion: true });
    return { reachable: exchange.status !== null, status: exchange.status, durationMs: exchange.durationMs, error: exchange.appError };
  };
}
