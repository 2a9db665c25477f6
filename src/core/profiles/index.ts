/** Profiles: the store, the engine's ConnectionResolver, the connection test and the profiles handlers. */
export { openProfileStore, LOCAL_DEFAULT_RATE_BUDGET, PROFILES_FILE } from './profile-store.ts';
export type { ProfileStore } from './profile-store.ts';
export { createConnectionResolver } from './connection-resolver.ts';
export type { ConnectionResolverDeps } from './connection-resolver.ts';
export { createConnectionTester } from './test-connection.ts';
export type { ConnectionTester } from './test-connection.ts';
export { createProfileHandlers } from './profile-handlers.ts';
export type { ProfileHandlerDeps } from './profile-handlers.ts';
export { ProfileSchema, ProfileInputSchema, LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME } from '../../ipc/channels/profiles.ts';
export type { Profile, ProfileInput, ProfileView } from '../../ipc/channels/profiles.ts';
