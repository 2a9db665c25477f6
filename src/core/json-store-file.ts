import { AppError } from '../ipc/result.ts';
import type { FieldError } from '../spec/index.ts';
import { fileFailureReason } from './file-failure.ts';
import { readTextFile } from './read-text-file.ts';
import { writeAtomically } from './write-atomically.ts';

/**
 * The file behind a JSON store (profiles, saved requests) once it is loaded: what it holds now, read
 * again before each change and on refresh, and changed one change after another. The stores differ
 * in how they load a file that cannot be read (set aside, or left in place) and in what they keep;
 * how they live with the file afterwards is this one module, so that both take an outside edit, and
 * refuse to write over a file they cannot read, in the same way.
 */

/** A file's text as the store's content, or why it is not (its first problem, and each field's). */
export type ReadStoreText<F> = (text: string) => { file: F } | { problem: string; details?: FieldError[] };

/** How a store names its file, what it holds and what a refused change did not do. */
export interface StoreFileNames<F> {
  /** The file's kind: "profiles file". */
  file: string;
  /** What the store saves: "profiles". */
  items: string;
  /** How many a file holds: "2 profiles". */
  count: (file: F) => string;
  /** Opens the refusal of a change: "The profiles were not changed". */
  unchanged: string;
}

/** What the store loaded: the file's content, its text (null: none), and a file left in place. */
export interface LoadedStoreFile<F> {
  file: F;
  text: string | null;
  notice: string | null;
  /** The file holds what this store could not load and was left where it is: writing would lose it. */
  isLeftInPlace: boolean;
}

/** Why the file as it is now cannot be used: a clause ("the profiles file … cannot be read now (…)") and its fields. */
export interface FileProblem {
  reason: string;
  details: FieldError[];
}

export interface StoreFile<F> {
  /** The content as last read or written. */
  readonly current: F;
  /** Why the file was set aside or left in place at load, or what was taken once it read again. */
  readonly notice: string | null;
  /**
   * Reads the file again, in turn with the changes: an outside edit that validates is taken; one
   * that does not is returned, the content as last read kept. Null when there is nothing to say (a
   * file left in place included: the notice says so, and says when it was taken once it read again).
   */
  refresh(): Promise<FileProblem | null>;
  /** Makes a change on the file as it is now and writes it (next null: nothing to write). */
  change<T>(edit: (from: F) => { next: F | null; result: T }): Promise<T>;
}

/**
 * Keeps a loaded store's file. A file left in place at load holds what this store never read:
 * nothing is written until it reads and validates (the user mended it) or is gone (removed); then it
 * is taken as it is, never written over by the taking, and the notice says so. `isReadOnly` (a
 * reader such as the CLI) never takes it: the app sets it aside and says so when it starts.
 */
export function keepStoreFile<F>(path: string, loaded: LoadedStoreFile<F>, read: ReadStoreText<F>, names: StoreFileNames<F>, options: { isReadOnly?: boolean } = {}): StoreFile<F> {
  let { file, notice, isLeftInPlace } = loaded;
  // The text last read from or written to the file: any other is an edit made outside the app.
  let known = loaded.text;
  const takeLeftInPlace = async (): Promise<void> => {
    if (options.isReadOnly) return;
    const text = await readTextIfPresent(path);
    if (typeof text === 'object') return;
    const taken = text === null ? { file } : read(text);
    if ('problem' in taken) return;
    file = taken.file;
    known = text;
    isLeftInPlace = false;
    notice =
      text === null
        ? `The ${names.file} ${path}, which could not be read when the app started, is gone; ${names.items} can be saved again (to a new file).`
        : `The ${names.file} ${path}, which could not be read when the app started, can be read now: it was taken as it is (${names.count(file)}), and ${names.items} can be saved again.`;
  };
  // The file as it is now: this store's, or one a script or an editor changed since, taken when it
  // validates so that a change is made on it rather than over it. A file removed meanwhile leaves the
  // content as it was, for the next change to write again.
  // One that reads but does not validate can be mended; one that cannot be read may read again.
  const reread = async (): Promise<(FileProblem & { isMendable: boolean }) | null> => {
    const text = await readTextIfPresent(path);
    if (typeof text === 'object' && text !== null) return { reason: `the ${names.file} ${path} cannot be read now (${text.unreadable})`, details: [], isMendable: false };
    if (text === null || text === known) return null;
    const now = read(text);
    if ('problem' in now) return { reason: `the ${names.file} ${path} was changed outside the app and cannot be read now (${now.problem})`, details: now.details ?? [], isMendable: true };
    file = now.file;
    known = text;
    return null;
  };
  // Changes and refreshes go one after another, each on the file as it is then, so that two changes
  // never race on the rename and a refresh never takes a file a change is about to replace.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    get current() {
      return file;
    },
    get notice() {
      return notice;
    },
    refresh: () =>
      inTurn(async () => {
        if (isLeftInPlace) {
          await takeLeftInPlace();
          return null;
        }
        const problem = await reread();
        return problem && { reason: problem.reason, details: problem.details };
      }),
    change: (edit) =>
      inTurn(async () => {
        if (isLeftInPlace) await takeLeftInPlace();
        if (isLeftInPlace) throw new AppError('STORAGE', `${names.unchanged}: ${notice}`);
        const problem = await reread();
        if (problem) {
          const mend = problem.isMendable ? ' Mend it, or restart the app to set it aside.' : '';
          throw new AppError('STORAGE', `${names.unchanged}: ${problem.reason}.${mend}`, problem.details);
        }
        const { next, result } = edit(file);
        if (next === null) return result;
        const text = `${JSON.stringify(next, null, 2)}\n`;
        await writeAtomically(path, text, `the ${names.file.replace(/ file$/, '')}`);
        file = next;
        known = text;
        return result;
      }),
  };
}

// The file's text, null when there is none, or why it cannot be read.
async function readTextIfPresent(path: string): Promise<string | null | { unreadable: string }> {
  try {
    return await readTextFile(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : { unreadable: fileFailureReason(error) };
  }
}
