import { join } from 'node:path';
import type { ChannelOutput } from '../ipc/index.ts';
import { PROFILES_FILE } from './profiles/profile-store.ts';
import { historyFileIn } from './history/history-path.ts';
import { KEYCHAIN_SERVICE } from './secrets/keychain-backend.ts';

/** What the shell knows about itself, passed in so the engine never imports electron. */
export interface AppIdentity {
  name: string;
  version: string;
  versions: Record<string, string>;
  platform: string;
  dataDir: string;
}

/**
 * What the app keeps, and where, as About lists it: a support engineer pointing the CLI at the app's
 * files (--data-dir), or a user asked where their keys go, reads it there. The names are the
 * stores' own (profile-store.ts's PROFILES_FILE; history-path.ts's historyFileIn, which loads no
 * SQLite into main's start; saved-request-store.ts, run-store.ts, ladder-store.ts,
 * child-process-host.ts); API keys are never in the data folder.
 */
export function storedWhere(dataDir: string): ChannelOutput<'app.info'>['stored'] {
  return [
    { what: 'Profiles (no keys)', where: join(dataDir, PROFILES_FILE) },
    { what: 'API keys', where: `The OS keychain (service ${KEYCHAIN_SERVICE}); where there is none, this run's memory only. Never on disk.` },
    { what: 'History of requests', where: historyFileIn(dataDir) },
    { what: 'Comparisons', where: join(dataDir, 'comparisons') },
    { what: 'Size ladders', where: join(dataDir, 'ladders') },
    { what: 'Saved requests', where: join(dataDir, 'saved-requests.json') },
    { what: "Local service's certificate and key", where: join(dataDir, 'local-service') },
  ];
}

/** The app.info answer. */
export function appInfo(identity: AppIdentity): ChannelOutput<'app.info'> {
  return {
    ...identity,
    versions: Object.fromEntries(Object.entries(identity.versions).filter(([, v]) => typeof v === 'string')),
    stored: storedWhere(identity.dataDir),
  };
}
