import { randomUUID, X509Certificate } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../ipc/result.ts';
import { toFieldErrors } from '../../spec/index.ts';
import { writeAtomically } from '../write-atomically.ts';
import { fileFailureReason } from '../file-failure.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, profileNameClash, ProfileSchema, RateBudgetSchema, type Profile, type ProfileInputSchema } from '../../ipc/channels/profiles.ts';

/**
 * The user's profiles in `<dataDir>/profiles.json`, validated on load and written atomically (temp
 * file + rename, so a crash mid-write leaves the old file). A file that does not parse or validate
 * is never silently replaced by defaults: it is moved aside to `profiles.invalid-<time>.json`, the
 * store starts empty and `notice` tells the user where their old file went. One that cannot be read
 * at all (permission denied, a folder) or moved is left in place, the app starts all the same, and
 * the store refuses every save that would write over it.
 *
 * The built-in Local service profile is not in `profiles`: its address, key and certificate belong
 * to the started service, so only its rate budget is kept here (`local.rateBudgetRps`).
 */

/** Rate budget of the Local service profile when none was saved. */
export const LOCAL_DEFAULT_RATE_BUDGET = 5;

const ProfilesFileSchema = z
  .strictObject({
    version: z.literal(1),
    profiles: z.array(ProfileSchema),
    local: z.strictObject({ rateBudgetRps: RateBudgetSchema }).default({ rateBudgetRps: LOCAL_DEFAULT_RATE_BUDGET }),
  })
  .refine((file) => new Set(file.profiles.map((p) => p.id)).size === file.profiles.length, 'profile ids must be unique')
  .refine((file) => file.profiles.every((p) => p.id !== LOCAL_PROFILE_ID), 'no user profile may use the id "local"');
type ProfilesFile = z.output<typeof ProfilesFileSchema>;

/** The store of user profiles. */
export interface ProfileStore {
  /** Set when the file on disk was unreadable and moved aside at load; null otherwise. */
  readonly notice: string | null;
  /** User profiles, in the order they were created. */
  list(): Profile[];
  get(id: string): Profile | null;
  /** The Local service profile's rate budget. */
  localRateBudget(): number;
  /**
   * Creates (no id: one is generated) or replaces a profile. Throws NOT_FOUND for an unknown id and
   * INVALID_INPUT (field `name`) for a name another profile, Local service included, already has.
   */
  save(input: z.output<typeof ProfileInputSchema>): Promise<Profile>;
  /** Changes a profile's rate budget, the Local service profile's included. */
  setRateBudget(id: string, rateBudgetRps: number): Promise<void>;
  /** Removes a profile; false when there was none. */
  delete(id: string): Promise<boolean>;
}

function timestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

// Node's parser checks what the schema's shape test cannot: that each block is a real certificate.
function checkCertificates(pem: string): void {
  for (const block of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? []) {
    try {
      new X509Certificate(block);
    } catch {
      throw new AppError('INVALID_INPUT', 'caPem is not a valid certificate', [{ field: 'caPem', reason: 'is not a valid certificate' }]);
    }
  }
}

/** Why a profiles file cannot be used ("profiles.0.rateBudgetRps must be number", "not JSON (…)"), or its contents. */
function readProfilesText(text: string): { file: ProfilesFile } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  const parsed = ProfilesFileSchema.safeParse(data);
  if (parsed.success) return { file: parsed.data };
  const first = toFieldErrors(parsed.error, data, 'is not a field of the profiles file')[0];
  return { problem: first ? `${first.field === '(input)' ? '(file)' : first.field} ${first.reason}` : 'is invalid' };
}

interface Loaded {
  file: ProfilesFile;
  notice: string | null;
  /** The file holds profiles this store could not load and was left where it is: writing would lose them. */
  isLeftInPlace: boolean;
}

async function load(path: string, dataDir: string, now: () => Date, isReadOnly: boolean): Promise<Loaded> {
  const empty: ProfilesFile = { version: 1, profiles: [], local: { rateBudgetRps: LOCAL_DEFAULT_RATE_BUDGET } };
  const leftInPlace = (reason: string): Loaded => ({
    file: empty,
    notice: `The profiles file ${path} could not be read (${reason}). It was left as it is and the app started with no saved profiles; none can be saved until the file can be read.`,
    isLeftInPlace: true,
  });
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: empty, notice: null, isLeftInPlace: false };
    return leftInPlace(fileFailureReason(error));
  }
  const read = readProfilesText(text);
  if ('file' in read) return { file: read.file, notice: null, isLeftInPlace: false };
  const { problem } = read;
  if (isReadOnly) return { file: empty, notice: `the profiles file ${path} could not be read (${problem}); it was left as it is, for the app to set aside and say so when it starts.`, isLeftInPlace: true };
  const aside = join(dataDir, `profiles.invalid-${timestamp(now())}.json`);
  try {
    await rename(path, aside);
  } catch (error) {
    return leftInPlace(`${problem}, and it could not be moved aside: ${fileFailureReason(error)}`);
  }
  return { file: empty, notice: `The profiles file could not be read (${problem}). It was moved to ${aside} and the app started with no saved profiles.`, isLeftInPlace: false };
}

/**
 * Opens the store, loading (and if need be setting aside) `<dataDir>/profiles.json`.
 * @param options.isReadOnly for a reader that cannot show or mend the profiles (the CLI): a file
 *   that cannot be read is left in place, for the app to set aside and tell the user about, since a
 *   file moved by a command would be gone from the app with nothing said; the notice says so.
 */
export async function openProfileStore(dataDir: string, options: { now?: () => Date; isReadOnly?: boolean } = {}): Promise<ProfileStore> {
  const path = join(dataDir, 'profiles.json');
  const loaded = await load(path, dataDir, options.now ?? (() => new Date()), options.isReadOnly ?? false);
  let file = loaded.file;
  // Writes go one after another so that two saves never race on the rename.
  let queue: Promise<unknown> = Promise.resolve();
  const commit = (next: ProfilesFile): Promise<void> => {
    // The file left in place holds the user's profiles: writing this store's empty list would lose them.
    if (loaded.isLeftInPlace) return Promise.reject(new AppError('STORAGE', `The profile was not saved: ${loaded.notice}`));
    const write = queue.then(() => writeAtomically(path, `${JSON.stringify(next, null, 2)}\n`, 'the profiles'));
    queue = write.catch(() => undefined);
    return write.then(() => {
      file = next;
    });
  };

  return {
    notice: loaded.notice,
    list: () => file.profiles.map((p) => ({ ...p })),
    get: (id) => {
      const found = file.profiles.find((p) => p.id === id);
      return found ? { ...found } : null;
    },
    localRateBudget: () => file.local.rateBudgetRps,
    async save(input) {
      if (input.caPem !== undefined) checkCertificates(input.caPem);
      const id = input.id ?? randomUUID();
      const profile = ProfileSchema.parse({ ...input, id });
      const index = file.profiles.findIndex((p) => p.id === id);
      if (input.id !== undefined && index < 0) throw new AppError('NOT_FOUND', `No profile ${id}`, [{ field: 'id', reason: 'is not a known profile' }]);
      // Checked here, not only in the form: IPC input comes from the renderer and is validated in main.
      const clash = profileNameClash(profile.name, [{ id: LOCAL_PROFILE_ID, name: LOCAL_PROFILE_NAME }, ...file.profiles], id);
      if (clash) throw new AppError('INVALID_INPUT', `name ${clash}`, [{ field: 'name', reason: clash }]);
      const profiles = index < 0 ? [...file.profiles, profile] : file.profiles.map((p, i) => (i === index ? profile : p));
      await commit({ ...file, profiles });
      return { ...profile };
    },
    async setRateBudget(id, rateBudgetRps) {
      if (id === LOCAL_PROFILE_ID) return commit({ ...file, local: { rateBudgetRps } });
      if (!file.profiles.some((p) => p.id === id)) throw new AppError('NOT_FOUND', `No profile ${id}`, [{ field: 'profileId', reason: 'is not a known profile' }]);
      return commit({ ...file, profiles: file.profiles.map((p) => (p.id === id ? { ...p, rateBudgetRps } : p)) });
    },
    async delete(id) {
      if (!file.profiles.some((p) => p.id === id)) return false;
      await commit({ ...file, profiles: file.profiles.filter((p) => p.id !== id) });
      return true;
    },
  };
}
