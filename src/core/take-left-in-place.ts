import { readTextFileIfPresent } from './read-text-file.ts';

/** How a store names its file and what it holds, for the notice of a file taken (see below). */
export interface LeftInPlaceNames<F> {
  /** The file's kind: "profiles file". */
  file: string;
  /** What the store saves: "profiles". */
  items: string;
  /** How many the taken file holds: "2 profiles". */
  count: (file: F) => string;
}

/**
 * A store's file that could not be read at start was left in place (a folder in its place, no
 * permission), and nothing is written over it. Read again, it is taken once it reads and validates
 * (the user mended it) or is gone (the user removed it: the store's file as it is then, written at
 * the next change). The file to take, its text (null: gone) and the notice that says so; undefined
 * while it still cannot be read or validated. The profiles and saved-requests stores share it.
 */
export async function takeLeftInPlace<F>(path: string, current: F, read: (text: string) => { file: F } | { problem: string }, names: LeftInPlaceNames<F>): Promise<{ file: F; text: string | null; notice: string } | undefined> {
  const text = await readTextFileIfPresent(path);
  if (text === undefined) return undefined;
  const taken = text === null ? { file: current } : read(text);
  if ('problem' in taken) return undefined;
  const notice =
    text === null
      ? `The ${names.file} ${path}, which could not be read when the app started, is gone; ${names.items} can be saved again (to a new file).`
      : `The ${names.file} ${path}, which could not be read when the app started, can be read now: it was taken as it is (${names.count(taken.file)}), and ${names.items} can be saved again.`;
  return { file: taken.file, text, notice };
}
