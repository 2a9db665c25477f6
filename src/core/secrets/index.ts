/** API keys in the OS keychain (memory for this run when it cannot be used), and the apiKey handlers. */
export { createSecretStore } from './secret-store.ts';
export type { SecretStore } from './secret-store.ts';
export { createKeychainBackend, keychainFailureOf, KEYCHAIN_SERVICE } from './keychain-backend.ts';
export type { KeychainBackend, KeychainFailure } from './keychain-backend.ts';
export { createApiKeyHandlers } from './api-key-handlers.ts';
export type { ApiKeyHandlerDeps } from './api-key-handlers.ts';
