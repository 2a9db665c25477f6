import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileFailureReason } from '../core/file-failure.ts';
import { LOCAL_KEY_FILE, isLocalKey, newLocalKey } from '../core/local-service/local-key.ts';

/**
 * The key `serve` accepts when no --api-key is given: kept in the data dir's key file (mode 0600),
 * the file the app and `price`/`compare` keep theirs in, so an integrator who put it in a client's
 * config is still let in after a restart (each start made a new one, and the client got 401).
 *
 * A file that does not hold a key is refused, not replaced as the certificate is: the key may be
 * in clients' configs, and a new one would turn each of their requests into a 401 without a word.
 */

/** The key, its file, and whether this start made it. */
export type ServeKey = { key: string; path: string; isNew: boolean };

// Thrown inside this module only: loadOrCreateServeKey returns it as a value.
class ServeKeyProblem extends Error {}

type Read = { key: string } | { missing: true };

async function readKey(path: string): Promise<Read> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    throw new ServeKeyProblem(`the API key file ${path} cannot be read (${fileFailureReason(error)}); make it readable by this user (chmod 600), delete it to have a new key made there, or give --api-key`);
  }
  if (isLocalKey(text)) return { key: text };
  throw new ServeKeyProblem(`the API key file ${path} does not hold a key (local_ and 64 hex digits); delete it to have a new key made there (clients must then take the new one from it), or give --api-key`);
}

// Written whole under another name and linked into place, which fails if the file exists: two
// starts at once (parallel test workers) then serve the one key the file holds, and neither can
// read a half-written file.
async function createKey(path: string): Promise<string | null> {
  const key = newLocalKey();
  const draft = `${path}.${process.pid}.new`;
  try {
    await writeFile(draft, `${key}\n`, { mode: 0o600 });
    await link(draft, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw new ServeKeyProblem(`the API key file ${path} cannot be written (${fileFailureReason(error)}); give --api-key, or a --data-dir this user can write to`);
  } finally {
    // Linked or not, the draft is no longer needed; one left behind (removal refused) harms nothing.
    await rm(draft, { force: true }).catch(() => undefined);
  }
}

/**
 * Reads the key kept in `dataDir`, or makes and keeps one when there is none; `problem` when the
 * file cannot be read or written, or does not hold a key: one sentence naming the file and the way out.
 */
export async function loadOrCreateServeKey(dataDir: string): Promise<ServeKey | { problem: string }> {
  try {
    return await keptOrMade(join(dataDir, LOCAL_KEY_FILE));
  } catch (error) {
    if (error instanceof ServeKeyProblem) return { problem: error.message };
    throw error;
  }
}

async function keptOrMade(path: string): Promise<ServeKey> {
  const kept = await readKey(path);
  if ('key' in kept) return { key: kept.key, path, isNew: false };
  const made = await createKey(path);
  if (made !== null) return { key: made, path, isNew: true };
  // Another start made it between the read and the link.
  const theirs = await readKey(path);
  if ('key' in theirs) return { key: theirs.key, path, isNew: false };
  throw new ServeKeyProblem(`the API key file ${path} was made and removed by another start; start again`);
}
