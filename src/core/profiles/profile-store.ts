import { randomUUID, X509Certificate } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../ipc/result.ts';
import { toFieldErrors, type FieldError } from '../../spec/index.ts';
import { fileFailureReason } from '../file-failure.ts';
import { readTextFile } from '../read-text-file.ts';
import { keepStoreFile, type FileProblem, type LoadedStoreFile } from '../json-store-file.ts';
import { LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, profileNameClash, ProfileSchema, RateBudgetSchema, type Profile, type ProfileInputSchema } from '../../ipc/channels/profiles.ts';
import { isSameProxy, PROXY_CHANGED_REASON, splitProxyPassword, withProxyPassword } from '../../ipc/channels/proxy-password.ts';

/**
 * The user's profiles in `<dataDir>/profiles.json`, validated on load and written atomically (temp
 * file + rename, so a crash mid-write leaves the old file). A file that does not parse or validate
 * is never silently replaced by defaults: it is moved aside to `profiles.invalid-<time>.json`, the
 * store starts empty and `notice` tells the user where their old file went. One that cannot be read
 * at all (permission denied, a folder) or moved is left in place, the app starts all the same, and
 * the store refuses every save that would write over it, until the file reads and validates again
 * (mended by the user): then it is taken as it is, on the next refresh or change, and `notice` says so. The file is read again before each change
 * and on refresh (profiles.list, each request): an edit made by hand while the app runs is taken (a
 * change is made on it) when it validates, and when it does not a change is refused, naming the
 * field and the reason, the file left as it is, and refresh returns that reason.
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
  .superRefine((file, ctx) => {
    // Named at the profile, with the one it repeats: a profile copied by hand to make another keeps
    // its id, and "profile ids must be unique" left the user to find which of them.
    const firstOfId = new Map<string, number>();
    file.profiles.forEach((profile, index) => {
      if (profile.id === LOCAL_PROFILE_ID) {
        ctx.addIssue({ code: 'custom', path: ['profiles', index, 'id'], message: 'is the built-in Local service profile\'s id; a profile of yours needs another' });
        return;
      }
      const first = firstOfId.get(profile.id);
      if (first === undefined) firstOfId.set(profile.id, index);
      else ctx.addIssue({ code: 'custom', path: ['profiles', index, 'id'], message: `repeats the id of profiles.${first} (${file.profiles[first]!.name}); each profile needs an id of its own` });
    });
  });
type ProfilesFile = z.output<typeof ProfilesFileSchema>;

export type { FileProblem };

/** The store of user profiles. */
export interface ProfileStore {
  /**
   * Set when the file on disk was unreadable at load (moved aside, or left in place); for one left in
   * place that can be read later, what was taken then. Null otherwise.
   */
  readonly notice: string | null;
  /**
   * Reads the file again, so that list and get give what it holds now: an edit made outside the app
   * that validates is taken; one that does not is returned as a problem (file, field, reason) and
   * the profiles as last read are kept. Null when there is nothing to say (also for a file left in
   * place at start: `notice` says so already, and says when it was taken once it reads again).
   */
  refresh(): Promise<FileProblem | null>;
  /** User profiles, in the order they were created. */
  list(): Profile[];
  get(id: string): Profile | null;
  /** The Local service profile's rate budget. */
  localRateBudget(): number;
  /**
   * Creates (no id: one is generated) or replaces a profile. Throws NOT_FOUND for an unknown id,
   * INVALID_INPUT (field `name`) for a name another profile, Local service included, already has, and
   * (field `proxyPassword`) for `keepProxyPassword` with another proxy than the stored one. The
   * password kept is the one the file holds as the profile is written (see withKeptProxyPassword).
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

/** A profiles file's contents, or why it cannot be used ("profiles.0.rateBudgetRps must be number", "not JSON (…)"). */
function readProfilesText(text: string): { file: ProfilesFile } | { problem: string; details: FieldError[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = `is not JSON (${(error as Error).message})`;
    return { problem: `not JSON (${(error as Error).message})`, details: [{ field: '(file)', reason }] };
  }
  const parsed = ProfilesFileSchema.safeParse(data);
  if (parsed.success) return { file: parsed.data };
  const details = toFieldErrors(parsed.error, data, 'is not a field of the profiles file').map(({ field, reason }) => ({ field: field === '(input)' ? '(file)' : field, reason }));
  const first = details[0];
  return { problem: first ? `${first.field} ${first.reason}` : 'is invalid', details };
}

/**
 * A profile to save with `keepProxyPassword`: `stored`'s password put back into a proxy URL sent
 * without one (the form never holds it). Only for the proxy it was saved for: a URL naming another
 * scheme, host, port or user must come with its password, or the stored one would go to that proxy.
 * `stored` is the profile's proxy URL in the file as the save writes it, so a password changed there
 * since the form was filled (a script rotating it, another save) is the one kept, never written over.
 */
function withKeptProxyPassword<I extends { proxyUrl?: string | undefined }>(input: I, stored: string | undefined): I {
  const password = stored === undefined ? '' : splitProxyPassword(stored).password;
  if (input.proxyUrl === undefined || password === '' || splitProxyPassword(input.proxyUrl).password !== '') return input;
  if (!isSameProxy(input.proxyUrl, stored!)) {
    throw new AppError('INVALID_INPUT', `proxyPassword ${PROXY_CHANGED_REASON}`, [{ field: 'proxyPassword', reason: PROXY_CHANGED_REASON }]);
  }
  return { ...input, proxyUrl: withProxyPassword(input.proxyUrl, password) };
}

type Loaded = LoadedStoreFile<ProfilesFile>;

async function load(path: string, dataDir: string, now: () => Date, isReadOnly: boolean): Promise<Loaded> {
  const empty: ProfilesFile = { version: 1, profiles: [], local: { rateBudgetRps: LOCAL_DEFAULT_RATE_BUDGET } };
  const leftInPlace = (reason: string): Loaded => ({
    file: empty,
    notice: `The profiles file ${path} could not be read (${reason}). It was left as it is and the app started with no saved profiles; none can be saved until the file can be read.`,
    isLeftInPlace: true,
    text: null,
  });
  let text: string;
  try {
    text = await readTextFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: empty, notice: null, isLeftInPlace: false, text: null };
    return leftInPlace(fileFailureReason(error));
  }
  const read = readProfilesText(text);
  if ('file' in read) return { file: read.file, notice: null, isLeftInPlace: false, text };
  const { problem } = read;
  if (isReadOnly) return { file: empty, notice: `the profiles file ${path} could not be read (${problem}); it was left as it is, for the app to set aside and say so when it starts.`, isLeftInPlace: true, text: null };
  const aside = join(dataDir, `profiles.invalid-${timestamp(now())}.json`);
  try {
    await rename(path, aside);
  } catch (error) {
    return leftInPlace(`${problem}, and it could not be moved aside: ${fileFailureReason(error)}`);
  }
  return { file: empty, notice: `The profiles file could not be read (${problem}). It was moved to ${aside} and the app started with no saved profiles.`, isLeftInPlace: false, text: null };
}

/** The profiles file's name in a data folder. */
export const PROFILES_FILE = 'profiles.json';

/**
 * Opens the store, loading (and if need be setting aside) `<dataDir>/profiles.json`.
 * @param options.isReadOnly for a reader that cannot show or mend the profiles (the CLI): a file
 *   that cannot be read is left in place, for the app to set aside and tell the user about, since a
 *   file moved by a command would be gone from the app with nothing said; the notice says so.
 */
export async function openProfileStore(dataDir: string, options: { now?: () => Date; isReadOnly?: boolean } = {}): Promise<ProfileStore> {
  const path = join(dataDir, PROFILES_FILE);
  const isReadOnly = options.isReadOnly ?? false;
  const store = keepStoreFile(path, await load(path, dataDir, options.now ?? (() => new Date()), isReadOnly), readProfilesText, {
    file: 'profiles file',
    items: 'profiles',
    count: (read) => `${read.profiles.length} profile${read.profiles.length === 1 ? '' : 's'}`,
    unchanged: 'The profiles were not changed',
  }, { isReadOnly });
  const notFound = (id: string, field: string) => new AppError('NOT_FOUND', `No profile ${id}`, [{ field, reason: 'is not a known profile' }]);

  return {
    get notice() {
      return store.notice;
    },
    refresh: store.refresh,
    list: () => store.current.profiles.map((p) => ({ ...p })),
    get: (id) => {
      const found = store.current.profiles.find((p) => p.id === id);
      return found ? { ...found } : null;
    },
    localRateBudget: () => store.current.local.rateBudgetRps,
    async save({ keepProxyPassword, ...input }) {
      if (input.caPem !== undefined) checkCertificates(input.caPem);
      const id = input.id ?? randomUUID();
      return store.change((from) => {
        const index = from.profiles.findIndex((p) => p.id === id);
        if (input.id !== undefined && index < 0) throw notFound(id, 'id');
        // On the file as it is now, not as the form last saw it: see withKeptProxyPassword.
        const profile = ProfileSchema.parse({ ...(keepProxyPassword ? withKeptProxyPassword(input, from.profiles[index]?.proxyUrl) : input), id });
        // Checked here, not only in the form: IPC input comes from the renderer and is validated in main.
        const clash = profileNameClash(profile.name, [{ id: LOCAL_PROFILE_ID, name: LOCAL_PROFILE_NAME }, ...from.profiles], id);
        if (clash) throw new AppError('INVALID_INPUT', `name ${clash}`, [{ field: 'name', reason: clash }]);
        const profiles = index < 0 ? [...from.profiles, profile] : from.profiles.map((p, i) => (i === index ? profile : p));
        return { next: { ...from, profiles }, result: { ...profile } };
      });
    },
    setRateBudget(id, rateBudgetRps) {
      return store.change((from) => {
        if (id === LOCAL_PROFILE_ID) return { next: { ...from, local: { rateBudgetRps } }, result: undefined };
        if (!from.profiles.some((p) => p.id === id)) throw notFound(id, 'profileId');
        return { next: { ...from, profiles: from.profiles.map((p) => (p.id === id ? { ...p, rateBudgetRps } : p)) }, result: undefined };
      });
    },
    delete(id) {
      return store.change((from) => (from.profiles.some((p) => p.id === id) ? { next: { ...from, profiles: from.profiles.filter((p) => p.id !== id) }, result: true } : { next: null, result: false }));
    },
  };
}
