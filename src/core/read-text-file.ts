import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * A UTF-8 text file as the user's tools wrote it, less a leading byte order mark. Windows Notepad
 * (profiles.json edited by hand), PowerShell and Fiddler (a customer's HAR) may start the file with
 * U+FEFF, which Node keeps and JSON.parse refuses as an unexpected token the user cannot see. The
 * renderer's File.text() already drops it; files read here must too.
 */
export async function readTextFile(path: string): Promise<string> {
  return withoutByteOrderMark(await readFile(path, 'utf8'));
}

/**
 * readTextFile for a file that may be absent or, for now, unreadable: its text, null when there is
 * no file, undefined when there is one that cannot be read (a folder in its place, no permission).
 * The stores that take a file left in place once it reads again (profiles.json, saved-requests.json)
 * tell the two apart: a removed file is taken as empty, an unreadable one is tried again later.
 */
export async function readTextFileIfPresent(path: string): Promise<string | null | undefined> {
  try {
    return await readTextFile(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}

/** readTextFile, for the few callers that must not wait. */
export function readTextFileSync(path: string): string {
  return withoutByteOrderMark(readFileSync(path, 'utf8'));
}

/** The text less a leading byte order mark (standard input from a PowerShell pipe starts with one too). */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
