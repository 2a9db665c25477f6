import { createRequestService, type RequestService } from '../core/request/send-request.ts';
import { nodeHttpsTransport } from '../core/http/node-https-transport.ts';
import { inThreadSink, type EntryInserter } from '../core/request/record.ts';
import { createRunStore } from '../core/compare/run-store.ts';
import { pruneRuns } from '../core/compare/prune-runs.ts';
import { createCompareRunner, type CompareRunner } from '../core/compare/runner.ts';
import { apiKeyProblem } from '../ipc/channels/api-key.ts';
import { createConnectionResolver, openProfileStore, LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, PROFILES_FILE, type ProfileStore } from '../core/profiles/index.ts';
import type { ExportProfile } from '../domain/compare-export.ts';
import { createSecretStore, type SecretStore } from '../core/secrets/index.ts';
import { createChildProcessHost } from '../core/local-service/index.ts';
import { AppError, isAppError } from '../ipc/result.ts';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryStore } from '../core/history/index.ts';
import { historyFileIn } from '../core/history/history-path.ts';
import { closeHistory } from './close-history.ts';
import { DeferredHistory } from './deferred-history.ts';

/**
 * The engine behind `compare` and `price`: the same runner, request service, profile store, keychain
 * and local-service host as the app, on the CLI's data dir (the app's only when --data-dir names it:
 * the app's folder is Electron's userData). The default profile, Local service, runs the service as
 * a child process (its certificate pinned, its generated key used) and stops it when the command
 * ends. Every request is kept in that data dir's history file, under the name the app's engine uses.
 * A user profile is sent with its keychain key, or with SVC_API_KEY when that is set.
 */

/** The profile name the CLI uses when --profile is absent. */
export const DEFAULT_PROFILE = LOCAL_PROFILE_NAME;

/** A running CLI engine. */
export interface CliEngine {
  runner: CompareRunner;
  /** The request service, for the size ladder's runner (compare-ladder.ts): the same rate budget. */
  requests: RequestService;
  profileId: string;
  /** The profile as exports name it (the name it has in profiles.json, or Local service's). */
  profile: ExportProfile;
  /**
   * Stops the local service and ends every connection. `isProcessExitNext`: the process exits
   * right after, so the history is left to the OS instead of closed (HistoryStore.leaveForExit).
   */
  close(options?: { isProcessExitNext?: boolean }): Promise<void>;
}

// A command leaves the history's log to the OS at exit (close): a price adds about 16 pages to it
// (the entry and its indexes), so the log is emptied every eighth command or so
// (HistoryStore.leaveForExit), and the next command reads at most this much log when it opens the file.
const LOG_PAGES = 128;

/**
 * The id of the profile named on the command line: a saved profile's id (exact: ids are unique), else
 * a name in any letter case, the built-in Local service's included ("Local service", or `local`,
 * its id). A name that could mean two profiles (a profile the user named "local", two names an
 * older file kept that differ only in case) is refused, listing a flag for each: taking the first
 * would run the command on a profile the user did not mean and print its figures as theirs.
 * A name it does not know is refused naming the file read (`dataDir`'s profiles.json): the app keeps
 * its profiles in a data folder of its own, so a profile made in the app is not there until
 * --data-dir names that folder.
 */
export function profileIdOf(profiles: ProfileStore, name: string | undefined, dataDir?: string): string {
  if (name === undefined) return LOCAL_PROFILE_ID;
  const byId = profiles.get(name);
  if (byId) return byId.id;
  const wanted = name.trim().toLowerCase();
  const all = [{ id: LOCAL_PROFILE_ID, name: LOCAL_PROFILE_NAME }, ...profiles.list()];
  const matches = all.filter((profile) => profile.name.trim().toLowerCase() === wanted || (profile.id === LOCAL_PROFILE_ID && wanted === LOCAL_PROFILE_ID));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) {
    const ways = matches.map((profile) => `"${profile.name}" (--profile ${profile.id === LOCAL_PROFILE_ID ? `"${LOCAL_PROFILE_NAME}"` : profile.id})`).join(', ');
    throw new AppError('INVALID_INPUT', `--profile "${name}" could mean more than one profile: ${ways}; give the one meant`);
  }
  const known = all.map((profile) => `"${profile.name}"`).join(', ');
  const where = dataDir === undefined ? '' : ` in ${join(dataDir, PROFILES_FILE)}`;
  const app = dataDir === undefined ? '' : `; the app keeps its profiles in its own data folder (its About screen shows it): add --data-dir with that folder to use them`;
  throw new AppError('INVALID_INPUT', `--profile "${name}" is not a saved profile${where} (known: ${known})${app}`);
}

// A profiles file that cannot be read names no profile: --profile is refused with the reason, not
// called unknown, and a command on the Local service (whose rate budget the file also keeps) says
// it runs on the default.
function profileIdOfReadable(profiles: ProfileStore, name: string | undefined, dataDir: string, warn: (message: string) => void): string {
  if (profiles.notice === null) return profileIdOf(profiles, name, dataDir);
  let profileId: string;
  try {
    profileId = profileIdOf(profiles, name, dataDir);
  } catch {
    throw new AppError('STORAGE', `--profile "${name}" cannot be used: ${profiles.notice}`);
  }
  warn(`${profiles.notice} This command runs on the Local service with its default rate budget.`);
  return profileId;
}

// SVC_API_KEY stands in for the keychain (CI, scripts, machines without one): when it is set the
// keychain is not read at all. Local service keeps its own generated key either way. Without it, a
// keychain that cannot be read is advised on as a terminal user can act: the store's own advice
// names the app's Settings.
function withEnvironmentKey(secrets: SecretStore): SecretStore {
  const key = process.env.SVC_API_KEY;
  if (key) {
    // Checked here, where the advice can name the variable (the resolver's names Settings).
    const problem = apiKeyProblem(key);
    const refusal = problem && new AppError('NOT_CONFIGURED', `SVC_API_KEY cannot be sent: it ${problem.reason}${problem.rule}`, [{ field: 'SVC_API_KEY', reason: problem.reason }]);
    return { ...secrets, getKey: async () => (refusal ? Promise.reject(refusal) : key) };
  }
  return {
    ...secrets,
    async getKey(profileId) {
      try {
        return await secrets.getKey(profileId);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'KEYCHAIN_UNAVAILABLE') throw error;
        const reason = (error.details as { reason?: string } | undefined)?.reason ?? error.message;
        throw new AppError('KEYCHAIN_UNAVAILABLE', `${reason}; set SVC_API_KEY to the profile's key to run this command without the keychain`);
      }
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The command's history, or, when none can be opened there (a read-only or full data folder, a
 * folder in its place), a store that keeps nothing, said once on stderr: the app answers on without
 * its history, and `price` had refused to send at all, "Could not open … history.db", for a file it
 * only writes to. Each request then comes back unstored (recordRequest).
 */
function openHistoryOrSay(dataDir: string, warn: (message: string) => void): HistoryStore | EntryInserter {
  try {
    return HistoryStore.open(historyFileIn(dataDir), { onEntriesRemoved: (keptSinceMs) => pruneRuns(dataDir, keptSinceMs), walCheckpointPages: LOG_PAGES });
  } catch (error) {
    // A data folder that cannot be made at all stops the command (nothing it keeps could be kept, and
    // the local service keeps its certificate there): only a history file that will not open is passed over.
    if (!isAppError(error) || error.code !== 'STORAGE' || !isFolder(dataDir)) throw error;
    warn(`${error.message}. This command runs all the same; its requests are not kept in the history.`);
    return {
      insert() {
        throw error;
      },
    };
  }
}

/**
 * Opens the engine for one command.
 * @throws AppError NOT_CONFIGURED when the profile cannot be used.
 */
export async function openCliEngine(options: { dataDir: string; profile?: string; warn: (message: string) => void }): Promise<CliEngine> {
  const profiles = await openProfileStore(options.dataDir, { isReadOnly: true });
  const profileId = profileIdOfReadable(profiles, options.profile, options.dataDir, options.warn);
  // `serve` keeps its certificate in the same folder by default: integrators may have pinned it.
  const localService = createChildProcessHost({ dataDir: options.dataDir, onNotice: options.warn });
  const resolver = createConnectionResolver({ profiles, secrets: withEnvironmentKey(createSecretStore()), localService });
  // A data folder not there yet is made (or refused, stopping the command) before anything is sent;
  // one already there has its history opened while the first request is on its way.
  const history = isFolder(options.dataDir) ? new DeferredHistory(() => openHistoryOrSay(options.dataDir, options.warn)) : openHistoryOrSay(options.dataDir, options.warn);
  // node:https, not undici: a command's one or two requests would wait longer for undici to load
  // than for the answer (src/core/http/transport.ts).
  const requests = createRequestService({ connections: resolver, history: inThreadSink(history), client: { transport: nodeHttpsTransport } });
  const runner = createCompareRunner({ requests, store: createRunStore(options.dataDir), defaultProfileId: profileId });
  return {
    runner,
    requests,
    profileId,
    profile: { id: profileId, name: profileId === LOCAL_PROFILE_ID ? LOCAL_PROFILE_NAME : (profiles.get(profileId)?.name ?? null) },
    async close(closing = {}) {
      await requests.close();
      await localService.stop();
      const opened = history instanceof DeferredHistory ? history.settle() : history;
      if (opened instanceof HistoryStore) closeHistory(opened, options.warn, { isProcessExitNext: closing.isProcessExitNext });
    },
  };
}
