import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { HEADER_NAMES } from '../../spec/index.ts';

/**
 * Which key header names the history redacts, from the user's profiles: a deployment may rename
 * `svc-api-key` to a name that does not look like a key (`x-partner-token`), which redact.ts's
 * key-like names alone would keep in the clear. The history runs in its own worker, apart from the
 * profile store, so it reads `<dataDir>/profiles.json` as the file is at that moment.
 */

/** Each user profile's key header name by profile id; empty when there is no profiles file or it cannot be read. */
export function readProfileKeyHeaders(dataDir: string): ReadonlyMap<string, string> {
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8'));
  } catch {
    // No file (no profile saved yet) or one the profile store will set aside: no renamed header to add.
    return new Map();
  }
  const profiles = (file as { profiles?: unknown } | null)?.profiles;
  const names = new Map<string, string>();
  // Read leniently, profile by profile: one odd profile must not cost the others their redaction.
  for (const profile of Array.isArray(profiles) ? (profiles as unknown[]) : []) {
    const { id, headerNames } = (profile ?? {}) as { id?: unknown; headerNames?: { apiKey?: unknown } };
    if (typeof id === 'string' && typeof headerNames?.apiKey === 'string') names.set(id, headerNames.apiKey);
  }
  return names;
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
