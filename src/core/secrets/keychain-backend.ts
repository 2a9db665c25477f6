/**
 * The OS keychain as three async calls, through @napi-rs/keyring. On Linux every entry is pinned to
 * the Secret Service: the library's default silently falls back to the kernel keyring, which keeps
 * keys in kernel memory only and loses them at reboot (ENVIRONMENT.md).
 */

/** A keychain: one secret per account under the store's service name. Every call may reject. */
export interface KeychainBackend {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Resolves false when there was nothing to delete. */
  delete(account: string): Promise<boolean>;
}

/** The service name entries are kept under. */
export const KEYCHAIN_SERVICE = 'swap-explorer';

/** The real keychain. `service` is injectable so tests do not touch the app's own entries. */
export function createKeychainBackend(service: string = KEYCHAIN_SERVICE): KeychainBackend {
  // The constructor itself throws when the pinned store cannot be reached (no session bus), so an
  // entry is built per call: a keychain that appears later in the run is then picked up.
  // The native binding is loaded on first use: a CLI run with SVC_API_KEY never pays for it.
  const entry = async (account: string) => new (await import('@napi-rs/keyring')).AsyncEntry(service, account, { linux: { store: 'secret-service' } });
  return {
    get: async (account) => (await entry(account)).getPassword(),
    set: async (account, secret) => (await entry(account)).setPassword(secret),
    delete: async (account) => (await entry(account)).deletePassword(),
  };
}

/** Why the keychain could not be used, from the library's error (it only ever says GenericFailure). */
export interface KeychainFailure {
  kind: 'locked' | 'unavailable';
  reason: string;
}

/** Classifies a keychain error; the message is all the library gives, so this is the one place reading it. */
export function keychainFailureOf(error: unknown): KeychainFailure {
  const message = error instanceof Error ? error.message : String(error);
  // gnome-keyring answers a locked collection with an unlock prompt; with no prompter it is dismissed.
  if (/unlock prompt|locked/i.test(message)) return { kind: 'locked', reason: `The keychain is locked (${message})` };
  return { kind: 'unavailable', reason: `No keychain is available (${message})` };
}
