import type { KeychainBackend } from '../keychain-backend.ts';

/**
 * The keychain as @napi-rs/keyring behaves in a process with no D-Bus session bus: the entry's
 * constructor throws its platform failure, so every call rejects with it (message copied from the
 * library on this machine, DBUS_SESSION_BUS_ADDRESS pointing nowhere).
 *
 * For the e2e flows of the no-keychain screens only. Their engine runs in the test process, which
 * has already reached the real Secret Service in other tests, and libdbus keeps one session
 * connection per process: pointing DBUS_SESSION_BUS_ADDRESS elsewhere afterwards changes nothing.
 * The real library without a bus is tested in a process of its own (secret-store.test.ts).
 */
export function noSessionBusKeychain(): KeychainBackend {
  const fail = async (): Promise<never> => {
    throw Object.assign(new Error('Platform failure: DBus error: Failed to connect to socket /nonexistent/bus: No such file or directory'), { code: 'GenericFailure' });
  };
  return { get: fail, set: fail, delete: fail };
}
