import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fileFailureReason } from '../file-failure.ts';
import { readTextFile } from '../read-text-file.ts';
import { keepStoreFile, type LoadedStoreFile } from '../json-store-file.ts';
import { MAX_NAME_LENGTH, SavedRequestFieldsSchema, SavedRequestSchema, SavedRequestsFileSchema, type ImportProblem, type ImportRename, type SavedRequest } from '../../ipc/channels/saved-requests.ts';
import { toFieldErrors } from '../../spec/index.ts';
import { redactHeaders } from '../../domain/redact.ts';

/**
 * Saved Explorer requests in `<dataDir>/saved-requests.json`, per profile, written atomically (temp
 * file + rename). A file that does not validate is moved aside, never overwritten, and the store
 * starts empty; one that cannot be read at all (permission denied, a folder) or moved is left in
 * place, and every save that would write over it is refused until the file reads and validates
 * again (mended by the user, or removed): then it is taken as it is, at the next list or change, and
 * `notice` says so (as the profiles store does). Import is all or nothing: a file
 * with any bad request changes nothing and answers every problem with its request index, field and
 * reason.
 */

const StoreFileSchema = z.strictObject({ version: z.literal(1), requests: z.array(SavedRequestSchema) });
type StoreFile = z.output<typeof StoreFileSchema>;

/** What a save receives. */
export type SavedRequestInput = z.output<typeof SavedRequestFieldsSchema> & { profileId: string };

/** The saved-requests store. */
export interface SavedRequestStore {
  /**
   * Set when the file was unreadable at load (moved aside, or left in place): where it went and why,
   * for the user; for one left in place that reads later, what was taken then. Null otherwise.
   */
  readonly notice: string | null;
  /** Reads again a file left in place at load, and takes it once it reads and validates; nothing otherwise. */
  refresh(): Promise<void>;
  /** A profile's requests, by name. */
  list(profileId: string): SavedRequest[];
  /** Saves a request; an existing name in the same profile is replaced. */
  save(input: SavedRequestInput): Promise<SavedRequest>;
  delete(id: string): Promise<boolean>;
  /** A profile's requests as an export file (JSON text). */
  exportJson(profileId: string): string;
  /**
   * Imports an export file into a profile: all requests, or none with the reasons. A request saved
   * in the profile under a name the file uses is kept: the file's request, when it differs, is saved
   * under a name of its own (`renamed`), and when it is the same is not saved twice.
   */
  importJson(profileId: string, json: string): Promise<ImportAnswer>;
}

/** What an import did: how many requests the file held, or its problems, and the requests kept under another name. */
export interface ImportAnswer {
  imported: number;
  problems: ImportProblem[];
  renamed: ImportRename[];
}

type Loaded = LoadedStoreFile<StoreFile>;

// A request copied in the file by hand keeps the id of the one it was copied from: the copy is given
// an id of its own, kept from the next change on, so that deleting one does not delete both (and the
// list, keyed by id, shows each). Ids are the store's own: nothing outside the file refers to them.
function withOwnIds(requests: readonly SavedRequest[]): SavedRequest[] {
  const seen = new Set<string>();
  return requests.map((request) => {
    const isRepeated = seen.has(request.id);
    seen.add(request.id);
    return isRepeated ? { ...request, id: randomUUID() } : request;
  });
}

// The file's text as the store's content, or why it is not.
function readStoreText(text: string): { file: StoreFile } | { problem: string } {
  try {
    const data: unknown = JSON.parse(text);
    const parsed = StoreFileSchema.safeParse(data);
    if (parsed.success) return { file: { ...parsed.data, requests: withOwnIds(parsed.data.requests).map((request) => ({ ...request, params: redactHeaders(request.params) })) } };
    const first = toFieldErrors(parsed.error, data, 'is not a field of the saved requests file')[0];
    return { problem: first ? `${first.field === '(input)' ? '(file)' : first.field} ${first.reason}` : 'is invalid' };
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
}

async function load(path: string): Promise<Loaded> {
  const empty: StoreFile = { version: 1, requests: [] };
  const leftInPlace = (reason: string): Loaded => ({
    file: empty,
    text: null,
    notice: `The saved requests file ${path} could not be read (${reason}). It was left as it is and the app started with no saved requests; none can be saved until the file can be read.`,
    isLeftInPlace: true,
  });
  let text: string;
  try {
    text = await readTextFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: empty, notice: null, isLeftInPlace: false, text: null };
    return leftInPlace(fileFailureReason(error));
  }
  const read = readStoreText(text);
  if ('file' in read) return { file: read.file, notice: null, isLeftInPlace: false, text };
  const { problem } = read;
  const aside = `${path.replace(/\.json$/, '')}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  try {
    await rename(path, aside);
  } catch (error) {
    return leftInPlace(`${problem}, and it could not be moved aside: ${fileFailureReason(error)}`);
  }
  return { file: empty, notice: `The saved requests file could not be read (${problem}). It was moved to ${aside} and the app started with no saved requests.`, isLeftInPlace: false, text: null };
}

/** Reads an export file: the requests, or every problem found (index null: the file itself). */
export function parseExport(json: string): { requests: z.output<typeof SavedRequestFieldsSchema>[] } | { problems: ImportProblem[] } {
  if (json.trim() === '') return { problems: [{ index: null, field: '(file)', reason: 'is empty' }] };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return { problems: [{ index: null, field: '(file)', reason: `is not JSON (${(error as Error).message})` }] };
  }
  const file = SavedRequestsFileSchema.safeParse(data);
  // toFieldErrors names the value itself "(input)": here that is the file, or one of its requests.
  if (!file.success) return { problems: toFieldErrors(file.error, data, 'is not a field of a saved-requests file').map(({ field, reason }) => ({ index: null, field: field === '(input)' ? '(file)' : field, reason })) };
  const requests: z.output<typeof SavedRequestFieldsSchema>[] = [];
  const problems: ImportProblem[] = [];
  // A name saves once per profile (a later one replaces it), so a second request of one name in the
  // file would be counted as imported and then lost: refused, naming the request it repeats.
  const firstOfName = new Map<string, number>();
  file.data.requests.forEach((item, index) => {
    const parsed = SavedRequestFieldsSchema.safeParse(item);
    if (!parsed.success) {
      for (const { field, reason } of toFieldErrors(parsed.error, item, 'is not a field of a saved request (name, endpoint, params)')) problems.push({ index, field: field === '(input)' ? '(request)' : field, reason });
      return;
    }
    const first = firstOfName.get(parsed.data.name);
    if (first !== undefined) problems.push({ index, field: 'name', reason: `repeats the name of request #${first + 1}; names must differ within a file` });
    else firstOfName.set(parsed.data.name, index);
    requests.push(parsed.data);
  });
  return problems.length > 0 ? { problems } : { requests };
}

type Fields = z.output<typeof SavedRequestFieldsSchema>;

function isSameRequest(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a.params);
  return a.endpoint === b.endpoint && keys.length === Object.keys(b.params).length && keys.every((key) => Object.hasOwn(b.params, key) && b.params[key] === a.params[key]);
}

// The name a file's request is imported under: its own, unless the profile keeps another request
// under it (an import must not replace what the user saved); then the first "<name> (imported[ n])"
// that is free or already holds this very request (a file imported twice is not saved twice). Names
// the file uses are never taken, so that none of its requests replaces another.
function importName(fields: Fields, saved: readonly SavedRequest[], fileNames: ReadonlySet<string>): string {
  const holder = (name: string) => saved.find((request) => request.name === name);
  const own = holder(fields.name);
  if (!own || isSameRequest(own, fields)) return fields.name;
  for (let count = 1; ; count++) {
    const suffix = count === 1 ? ' (imported)' : ` (imported ${count})`;
    const name = `${fields.name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    const taken = holder(name);
    if (taken ? isSameRequest(taken, fields) : !fileNames.has(name)) return name;
  }
}

/** Opens the store on `<dataDir>/saved-requests.json`. */
export async function openSavedRequestStore(dataDir: string, options: { now?: () => Date } = {}): Promise<SavedRequestStore> {
  const path = join(dataDir, 'saved-requests.json');
  const now = options.now ?? (() => new Date());
  const store = keepStoreFile(path, await load(path), readStoreText, {
    file: 'saved requests file',
    items: 'requests',
    count: (read) => `${read.requests.length} saved request${read.requests.length === 1 ? '' : 's'}`,
    unchanged: 'The request was not saved',
  });
  const requestsOf = (profileId: string) => store.current.requests.filter((r) => r.profileId === profileId);
  const upsert = (requests: SavedRequest[], item: SavedRequest) => [...requests.filter((r) => !(r.profileId === item.profileId && r.name === item.name)), item];
  // A key never goes in a query (the profile's keychain holds it), so a parameter named as a
  // credential (x-api-key, api_key, Authorization: a customer's request, a colleague's file) is kept
  // with its value redacted, as History keeps and exports it; a file written before is read so.
  const make = (profileId: string, fields: z.output<typeof SavedRequestFieldsSchema>): SavedRequest => ({ ...fields, params: redactHeaders(fields.params), id: randomUUID(), profileId, savedAt: now().toISOString() });

  return {
    get notice() {
      return store.notice;
    },
    async refresh() {
      // An edit that cannot be read leaves the list as last read; a change says why.
      await store.refresh();
    },
    list: (profileId) => requestsOf(profileId).sort((a, b) => a.name.localeCompare(b.name)),
    save(input) {
      const { profileId, ...fields } = input;
      const item = make(profileId, SavedRequestFieldsSchema.parse(fields));
      return store.change((from) => ({ next: { ...from, requests: upsert(from.requests, item) }, result: item }));
    },
    delete(id) {
      return store.change((from) => (from.requests.some((r) => r.id === id) ? { next: { ...from, requests: from.requests.filter((r) => r.id !== id) }, result: true } : { next: null, result: false }));
    },
    exportJson(profileId) {
      const requests = requestsOf(profileId).map(({ name, endpoint, params }) => ({ name, endpoint, params }));
      return `${JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests }, null, 2)}\n`;
    },
    async importJson(profileId, json) {
      const parsed = parseExport(json);
      if ('problems' in parsed) return { imported: 0, problems: parsed.problems, renamed: [] };
      return store.change((from) => {
        let requests = from.requests;
        const renamed: ImportRename[] = [];
        const fileNames = new Set(parsed.requests.map((fields) => fields.name));
        for (const read of parsed.requests) {
          // Compared as it is kept (make's redaction), so a file imported again is seen to be saved.
          const fields = { ...read, params: redactHeaders(read.params) };
          const saved = requests.filter((request) => request.profileId === profileId);
          const name = importName(fields, saved, fileNames);
          if (name !== fields.name) renamed.push({ from: fields.name, to: name });
          // Already saved as it is: left as it was (its id and time), not saved twice.
          if (saved.some((request) => request.name === name && isSameRequest(request, fields))) continue;
          requests = upsert(requests, make(profileId, { ...fields, name }));
        }
        return { next: { ...from, requests }, result: { imported: parsed.requests.length, problems: [], renamed } };
      });
    },
  };
}
