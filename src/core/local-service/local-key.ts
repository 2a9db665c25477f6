import { randomBytes } from 'node:crypto';
import { link, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileFailureReason } from '../file-failure.ts';

/**
 * The local service's API key: generated at first run and kept in `<serviceDir>/key` (mode 0600),
 * beside the certificate's private key. It is not a user secret (it only opens a sandbox on
 * 127.0.0.1) and the service must start even where there is no keychain, so it does not go through
 * the secret store; keeping it stable lets a user's curl commands keep working across restarts.
 *
 * One rule for every reader of the file (the app, `price`/`compare`, `serve`), kept here:
 * - a file that cannot be read, or does not hold a key, is refused, never replaced: integrators'
 *   clients may hold the key, and a new one would turn each of their requests into a 401 without a
 *   word. The refusal names the file and the way out (delete it to have a new key made there);
 * - a file other users can read or write (0644) is tightened to 0600 and said once, in a notice:
 *   refusing would stop the app and `serve` over a file the user can make private with no loss,
 *   and the notice says what tightening cannot undo (the key may have been read already);
 * - a missing file is made, linked into place so that two starts at once keep one key.
 */

const KEY_PATTERN = /^local_[0-9a-f]{64}$/;

/** Whether `text` is a key as this module makes them. */
export function isLocalKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** A new key of the form the key file holds. */
export function newLocalKey(): string {
  return `local_${randomBytes(32).toString('hex')}`;
}

/** The key's file name in the service's data dir (integrators read it into SVC_API_KEY). */
export const LOCAL_KEY_FILE = 'key';

/** The key, its file, whether this start made it, and what the user must be told of the file (it was tightened), or null. */
export type LocalKey = { key: string; path: string; isNew: boolean; notice: string | null };

/**
 * Why the key file cannot be used: `message` is one sentence naming the file and the way out;
 * `kind` lets a caller add its own (`serve`: or give --api-key).
 */
export type LocalKeyProblem = { kind: 'UNREADABLE' | 'NOT_A_KEY' | 'UNWRITABLE' | 'RACE'; message: string };

// Thrown inside this module only: loadOrCreateLocalKey returns it as a value.
class KeyFileProblem extends Error {
  readonly kind: LocalKeyProblem['kind'];
  constructor(kind: LocalKeyProblem['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * Reads the key kept in `serviceDir` (a folder that exists), or makes and keeps one when there is
 * none, under the rule above; `problem` when the file cannot be used.
 */
export async function loadOrCreateLocalKey(serviceDir: string): Promise<LocalKey | { problem: LocalKeyProblem }> {
  try {
    return await keptOrMade(join(serviceDir, LOCAL_KEY_FILE));
  } catch (error) {
    if (error instanceof KeyFileProblem) return { problem: { kind: error.kind, message: error.message } };
    throw error;
  }
}

async function keptOrMade(path: string): Promise<LocalKey> {
  const kept = await readKey(path);
  if (kept) return { path, isNew: false, ...kept };
  const made = await createKey(path);
  if (made !== null) return { key: made, path, isNew: true, notice: null };
  // Another start made it between the read and the link.
  const theirs = await readKey(path);
  if (theirs) return { path, isNew: false, ...theirs };
  throw new KeyFileProblem('RACE', `the API key file ${path} was made and removed by another start; start again`);
}

// Read, checked and tightened through one handle: the file checked is the file read and chmod-ed.
async function readKey(path: string): Promise<{ key: string; notice: string | null } | null> {
  let handle;
  try {
    handle = await open(path, 'r');
    const text = (await handle.readFile('utf8')).trim();
    if (!isLocalKey(text)) throw new KeyFileProblem('NOT_A_KEY', `the API key file ${path} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it)`);
    return { key: text, notice: await tightened(handle, path) };
  } catch (error) {
    if (error instanceof KeyFileProblem) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeyFileProblem('UNREADABLE', `the API key file ${path} cannot be read (${fileFailureReason(error)}); make it readable by this user (chmod 600) or delete it to have a new key made there`);
  } finally {
    await handle?.close();
  }
}

// Windows keeps no such mode bits (stat reports 0666 for every writable file): its folder's ACL,
// the user's profile, is what keeps other users out there.
async function tightened(handle: Awaited<ReturnType<typeof open>>, path: string): Promise<string | null> {
  if (process.platform === 'win32') return null;
  const mode = (await handle.stat()).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  const octal = mode.toString(8).padStart(4, '0');
  try {
    await handle.chmod(0o600);
  } catch (error) {
    throw new KeyFileProblem('UNREADABLE', `the API key file ${path} is open to other users (mode ${octal}) and cannot be made private (${fileFailureReason(error)}); chmod 600 it as its owner, or delete it to have a new key made there`);
  }
  return `The API key file ${path} was open to other users of this computer (mode ${octal}); it is now 0600, this user's only. Anyone who read it can still use the key: delete the file to have a new key made at the next start (clients must then take the new one from it).`;
}

// Written whole under another name and linked into place, which fails if the file exists: two
// starts at once (the app and `serve`, parallel test workers) then serve the one key the file
// holds, and neither can read a half-written file. The draft's name is this start's own: named by
// the process alone, two starts of one process (or two containers, each pid 1, on one volume)
// wrote one draft, and a start could link the other's key while answering with its own.
async function createKey(path: string): Promise<string | null> {
  const key = newLocalKey();
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  try {
    await writeFile(draft, `${key}\n`, { mode: 0o600 });
    await link(draft, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw new KeyFileProblem('UNWRITABLE', `the API key file ${path} cannot be written (${fileFailureReason(error)})`);
  } finally {
    // Linked or not, the draft is no longer needed; one left behind (removal refused) harms nothing.
    await rm(draft, { force: true }).catch(() => undefined);
  }
}
