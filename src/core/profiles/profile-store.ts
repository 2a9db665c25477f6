import { randomUUID, X509Certificate } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../ipc/result.ts';
import { writeAtomically } from '../write-atomically.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, profileNameClash, ProfileSchema, RateBudgetSchema, type Profile, type ProfileInputSchema } from '../../ipc/channels/profiles.ts';

/**
 * The user's profiles in `<dataDir>/profiles.json`, validated on load and written atomically (temp
 * file + rename, so a crash mid-write leaves the old file). A file that does not parse or validate
 * is never silently replaced by defaults: it is moved aside to `profiles.invalid-<time>.json`, the
 * store starts empty and `notice` tells the user where their old file went.
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

async function load(path: string, dataDir: string, now: () => Date): Promise<{ file: ProfilesFile; notice: string | null }> {
  const empty: ProfilesFile = { version: 1, profiles: [], local: { rateBudgetRps: LOCAL_DEFAULT_RATE_BUDGET } };
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: empty, notice: null };
    throw new AppError('STORAGE', `Could not read the profiles: ${(error as Error).message}`);
  }
  let problem: string;
  try {
    const parsed = ProfilesFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { file: parsed.data, notice: null };
    const issue = parsed.error.issues[0];
    problem = `${issue?.path.join('.') || '(file)'} ${issue?.message ?? 'is invalid'}`;
  } catch (error) {
    problem = `not JSON (${(error as Error).message})`;
  }
  const aside = join(dataDir, `profiles.invalid-${timestamp(now())}.json`);
  try {
    await rename(path, aside);
  } catch (error) {
    throw new AppError('STORAGE', `The profiles file is invalid (${problem}) and could not be moved aside: ${(error as Error).message}`);
  }
  return { file: empty, notice: `The profiles file could not be read (${problem}). It was moved to ${aside} and the app started with no saved profiles.` };
}

/** Opens the store, loading (and if need be setting aside) `<dataDir>/profiles.json`. */
export async function openProfileStore(dataDir: string, options: { now?: () => Date } = {}): Promise<ProfileStore> {
  const path = join(dataDir, 'profiles.json');
  const loaded = await load(path, dataDir, options.now ?? (() => new Date()));
  let file = loaded.file;
  // Writes go one after another so that two saves never race on the rename.
  let queue: Promise<unknown> = Promise.resolve();
  const commit = (next: ProfilesFile): Promise<void> => {
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
