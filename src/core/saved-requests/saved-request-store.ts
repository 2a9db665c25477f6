import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../ipc/result.ts';
import { writeAtomically } from '../write-atomically.ts';
import { fileFailureReason } from '../file-failure.ts';
import { readTextFile } from '../read-text-file.ts';
import { SavedRequestFieldsSchema, SavedRequestSchema, SavedRequestsFileSchema, type ImportProblem, type SavedRequest } from '../../ipc/channels/saved-requests.ts';
import { toFieldErrors } from '../../spec/index.ts';

/**
 * Saved Explorer requests in `<dataDir>/saved-requests.json`, per profile, written atomically (temp
 * file + rename). A file that does not validate is moved aside, never overwritten, and the store
 * starts empty; one that cannot be read at all (permission denied, a folder) or moved is left in
 * place, and every save that would write over it is refused. Import is all or nothing: a file
 * with any bad request changes nothing and answers every problem with its request index, field and
 * reason.
 */

const StoreFileSchema = z.strictObject({ version: z.literal(1), requests: z.array(SavedRequestSchema) });
type StoreFile = z.output<typeof StoreFileSchema>;

/** What a save receives. */
export type SavedRequestInput = z.output<typeof SavedRequestFieldsSchema> & { profileId: string };

/** The saved-requests store. */
export interface SavedRequestStore {
  /** Set when the file was unreadable and moved aside at load: where it went and why, for the user. */
  readonly notice: string | null;
  /** A profile's requests, by name. */
  list(profileId: string): SavedRequest[];
  /** Saves a request; an existing name in the same profile is replaced. */
  save(input: SavedRequestInput): Promise<SavedRequest>;
  delete(id: string): Promise<boolean>;
  /** A profile's requests as an export file (JSON text). */
  exportJson(profileId: string): string;
  /** Imports an export file into a profile: all requests, or none with the reasons. */
  importJson(profileId: string, json: string): Promise<{ imported: number; problems: ImportProblem[] }>;
}

interface Loaded {
  file: StoreFile;
  notice: string | null;
  /** The file holds requests this store could not load and was left where it is: writing would lose them. */
  isLeftInPlace: boolean;
}

async function load(path: string): Promise<Loaded> {
  const empty: StoreFile = { version: 1, requests: [] };
  const leftInPlace = (reason: string): Loaded => ({
    file: empty,
    notice: `The saved requests file ${path} could not be read (${reason}). It was left as it is and the app started with no saved requests; none can be saved until the file can be read.`,
    isLeftInPlace: true,
  });
  let text: string;
  try {
    text = await readTextFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: empty, notice: null, isLeftInPlace: false };
    return leftInPlace(fileFailureReason(error));
  }
  let problem: string;
  try {
    const data: unknown = JSON.parse(text);
    const parsed = StoreFileSchema.safeParse(data);
    if (parsed.success) return { file: parsed.data, notice: null, isLeftInPlace: false };
    const first = toFieldErrors(parsed.error, data, 'is not a field of the saved requests file')[0];
    problem = first ? `${first.field === '(input)' ? '(file)' : first.field} ${first.reason}` : 'is invalid';
  } catch (error) {
    problem = `not JSON (${(error as Error).message})`;
  }
  const aside = `${path.replace(/\.json$/, '')}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  try {
    await rename(path, aside);
  } catch (error) {
    return leftInPlace(`${problem}, and it could not be moved aside: ${fileFailureReason(error)}`);
  }
  return { file: empty, notice: `The saved requests file could not be read (${problem}). It was moved to ${aside} and the app started with no saved requests.`, isLeftInPlace: false };
}

/** Reads an export file: the requests, or every problem found (index null: the file itself). */
export function parseExport(json: string): { requests: z.output<typeof SavedRequestFieldsSchema>[] } | { problems: ImportProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return { problems: [{ index: null, field: '(file)', reason: `is not JSON (${(error as Error).message})` }] };
  }
  const file = SavedRequestsFileSchema.safeParse(data);
  if (!file.success) return { problems: toFieldErrors(file.error, data, 'is not a field of a saved-requests file').map(({ field, reason }) => ({ index: null, field: field || '(file)', reason })) };
  const requests: z.output<typeof SavedRequestFieldsSchema>[] = [];
  const problems: ImportProblem[] = [];
  // A name saves once per profile (a later one replaces it), so a second request of one name in the
  // file would be counted as imported and then lost: refused, naming the request it repeats.
  const firstOfName = new Map<string, number>();
  file.data.requests.forEach((item, index) => {
    const parsed = SavedRequestFieldsSchema.safeParse(item);
    if (!parsed.success) {
      for (const { field, reason } of toFieldErrors(parsed.error, item, 'is not a field of a saved request (name, endpoint, params)')) problems.push({ index, field: field || '(request)', reason });
      return;
    }
    const first = firstOfName.get(parsed.data.name);
    if (first !== undefined) problems.push({ index, field: 'name', reason: `repeats the name of request #${first + 1}; names must differ within a file` });
    else firstOfName.set(parsed.data.name, index);
    requests.push(parsed.data);
  });
  return problems.length > 0 ? { problems } : { requests };
}

/** Opens the store on `<dataDir>/saved-requests.json`. */
export async function openSavedRequestStore(dataDir: string, options: { now?: () => Date } = {}): Promise<SavedRequestStore> {
  const path = join(dataDir, 'saved-requests.json');
  const now = options.now ?? (() => new Date());
  const loaded = await load(path);
  let file = loaded.file;
  let queue: Promise<unknown> = Promise.resolve();
  const commit = (next: StoreFile): Promise<void> => {
    if (loaded.isLeftInPlace) return Promise.reject(new AppError('STORAGE', `The request was not saved: ${loaded.notice}`));
    const write = queue.then(() => writeAtomically(path, `${JSON.stringify(next, null, 2)}\n`, 'the saved requests'));
    queue = write.catch(() => undefined);
    return write.then(() => {
      file = next;
    });
  };
  const upsert = (requests: SavedRequest[], item: SavedRequest) => [...requests.filter((r) => !(r.profileId === item.profileId && r.name === item.name)), item];
  const make = (profileId: string, fields: z.output<typeof SavedRequestFieldsSchema>): SavedRequest => ({ ...fields, id: randomUUID(), profileId, savedAt: now().toISOString() });

  return {
    notice: loaded.notice,
    list: (profileId) => file.requests.filter((r) => r.profileId === profileId).sort((a, b) => a.name.localeCompare(b.name)),
    async save(input) {
      const { profileId, ...fields } = input;
      const item = make(profileId, SavedRequestFieldsSchema.parse(fields));
      await commit({ ...file, requests: upsert(file.requests, item) });
      return item;
    },
    async delete(id) {
      if (!file.requests.some((r) => r.id === id)) return false;
      await commit({ ...file, requests: file.requests.filter((r) => r.id !== id) });
      return true;
    },
    exportJson(profileId) {
      const requests = file.requests.filter((r) => r.profileId === profileId).map(({ name, endpoint, params }) => ({ name, endpoint, params }));
      return `${JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests }, null, 2)}\n`;
    },
    async importJson(profileId, json) {
      const parsed = parseExport(json);
      if ('problems' in parsed) return { imported: 0, problems: parsed.problems };
      let requests = file.requests;
      for (const fields of parsed.requests) requests = upsert(requests, make(profileId, fields));
      await commit({ ...file, requests });
      return { imported: parsed.requests.length, problems: [] };
    },
  };
}
