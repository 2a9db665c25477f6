import { join } from 'node:path';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { HEADER_NAMES } from '../../spec/index.ts';
import { AppError } from '../../ipc/result.ts';
import { fileFailureReason } from '../file-failure.ts';
import { readTextFileSync } from '../read-text-file.ts';

/**
 * Which key header names the history redacts, from the user's profiles: a deployment may rename
 * `svc-api-key` to a name that does not look like a key (`x-partner-token`), which redact.ts's
 * key-like names alone would keep in the clear. The history runs in its own worker, apart from the
 * profile store, so it reads `<dataDir>/profiles.json` as the file is at that moment.
 */

type ProfilesText = { names: ReadonlyMap<string, string> } | { unreadable: string };

function readKeyHeaderNames(path: string): ProfilesText {
  let file: unknown;
  try {
    file = JSON.parse(readTextFileSync(path));
  } catch (error) {
    // No file: no profile saved yet, or the profile store set it aside at start.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { names: new Map() };
    return { unreadable: error instanceof SyntaxError ? `it is not JSON: ${error.message}` : fileFailureReason(error) };
  }
  const profiles = (file as { profiles?: unknown } | null)?.profiles;
  const names = new Map<string, string>();
  // Read leniently, profile by profile: one odd profile must not cost the others their redaction.
  for (const profile of Array.isArray(profiles) ? (profiles as unknown[]) : []) {
    const { id, headerNames } = (profile ?? {}) as { id?: unknown; headerNames?: { apiKey?: unknown } };
    if (typeof id === 'string' && typeof headerNames?.apiKey === 'string') names.set(id, headerNames.apiKey);
  }
  return { names };
}

/**
 * Each user profile's key header name by profile id; empty when there is no profiles file or it
 * cannot be read. For reading History, whose entries were redacted when kept: this is a second guard.
 */
export function readProfileKeyHeaders(dataDir: string): ReadonlyMap<string, string> {
  const read = readKeyHeaderNames(join(dataDir, 'profiles.json'));
  return 'names' in read ? read.names : new Map();
}

/**
 * The same, for an import or an export, where a key under a renamed header would be kept or written
 * in the clear: a profiles file that exists but cannot be read (cut short, edited while the app runs)
 * throws STORAGE saying so, rather than answer as if no profile renamed its header.
 */
export function requireProfileKeyHeaders(dataDir: string): ReadonlyMap<string, string> {
  const path = join(dataDir, 'profiles.json');
  const read = readKeyHeaderNames(path);
  if ('names' in read) return read.names;
  throw new AppError(
    'STORAGE',
    `The profiles file ${path} cannot be read (${read.unreadable}), so the key header names the profiles give are not known and a key sent under one would be kept in the clear: nothing was imported or exported. Mend the file, or restart the app to set it aside.`,
  );
}

/**
 * The key header names to redact in an entry, by its own metadata: an entry the app sent carries
 * its profile's key header; an imported one comes from a customer whose deployment may be any the
 * user set a profile up for, so every profile's name applies. `svc-api-key` always does.
 */
export function keyHeadersFor(entry: Pick<HistoryEntry, 'origin' | 'profileId'>, profiles: ReadonlyMap<string, string>): string[] {
  const own = profiles.get(entry.profileId);
  const names = entry.origin === 'imported' ? [...profiles.values()] : own === undefined ? [] : [own];
  return [...new Set([HEADER_NAMES.apiKey, ...names])];
}

/** Every profile's key header name and `svc-api-key`: for a customer's file being imported. */
export function allKeyHeaders(profiles: ReadonlyMap<string, string>): string[] {
  return [...new Set([HEADER_NAMES.apiKey, ...profiles.values()])];
}
