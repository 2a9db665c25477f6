import { AppError } from '../../ipc/result.ts';
import type { ApiKeyStatus } from '../../ipc/channels/api-key.ts';
import { createKeychainBackend, keychainFailureOf, type KeychainBackend } from './keychain-backend.ts';

/**
 * API keys, one per profile (keychain account = profile id). They live in the OS keychain; when it
 * cannot be used (no Secret Service, or locked) a key set in this run is kept in this process's
 * memory only and the status says so with the reason. Nothing is ever written to disk here.
 * Only `getKey` returns a key, and only the engine calls it: IPC handlers use set/clear/status.
 */

/** The secret store. */
export interface SecretStore {
  /** Keeps a key; falls back to memory (and says why) when the keychain refuses. */
  set(profileId: string, key: string): Promise<ApiKeyStatus>;
  /** Forgets a key. Throws KEYCHAIN_UNAVAILABLE when a locked keychain keeps it from being removed. */
  clear(profileId: string): Promise<ApiKeyStatus>;
  status(profileId: string): Promise<ApiKeyStatus>;
  /**
   * The key to send, or null when none is stored. For the engine only: never pass it to IPC or logs.
   * Throws KEYCHAIN_UNAVAILABLE when the keychain cannot be read and no key was set in this run,
   * rather than sending without a key and leaving the user to guess at a 401.
   */
  getKey(profileId: string): Promise<string | null>;
}

interface MemoryKey {
  key: string;
  reason: string;
}

/** Builds the store over the real keychain (service `swap-explorer`) or an injected backend. */
export function createSecretStore(backend: KeychainBackend = createKeychainBackend()): SecretStore {
  const memory = new Map<string, MemoryKey>();
  const inMemory = (reason: string, stored: boolean): ApiKeyStatus => ({ stored, backend: 'memory', reason });
  const inKeychain = (stored: boolean): ApiKeyStatus => ({ stored, backend: 'keychain', reason: null });

  return {
    async set(profileId, key) {
      try {
        await backend.set(profileId, key);
        memory.delete(profileId);
        return inKeychain(true);
      } catch (error) {
        const reason = `${keychainFailureOf(error).reason}; the key is kept in memory for this run only`;
        memory.set(profileId, { key, reason });
        return inMemory(reason, true);
      }
    },

    async clear(profileId) {
      memory.delete(profileId);
      try {
        await backend.delete(profileId);
        return inKeychain(false);
      } catch (error) {
        const failure = keychainFailureOf(error);
        // A locked keychain may still hold the key: saying "cleared" would be untrue.
        if (failure.kind === 'locked') throw new AppError('KEYCHAIN_UNAVAILABLE', `${failure.reason}; unlock it to remove the stored key`);
        return inMemory(failure.reason, false);
      }
    },

    async status(profileId) {
      const held = memory.get(profileId);
      if (held) return inMemory(held.reason, true);
      try {
        return inKeychain((await backend.get(profileId)) !== null);
      } catch (error) {
        return inMemory(keychainFailureOf(error).reason, false);
      }
    },

    async getKey(profileId) {
      const held = memory.get(profileId);
      if (held) return held.key;
      try {
        return await backend.get(profileId);
      } catch (error) {
        const { reason } = keychainFailureOf(error);
        // details.reason lets a caller with other advice (the CLI: SVC_API_KEY) give its own.
        throw new AppError('KEYCHAIN_UNAVAILABLE', `${reason}; enter the API key again in Settings to use it for this run`, { reason });
      }
    },
  };
}
