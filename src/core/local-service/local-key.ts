import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeDirectory } from '../make-directory.ts';

/**
 * The local service's API key: generated at first run and kept in `<serviceDir>/key` (mode 0600),
 * beside the certificate's private key. It is not a user secret (it only opens a sandbox on
 * 127.0.0.1) and the service must start even where there is no keychain, so it does not go through
 * the secret store; keeping it stable lets a user's curl commands keep working across restarts.
 */

const KEY_PATTERN = /^local_[0-9a-f]{64}$/;

/** Whether `text` is a key as this module makes them (`serve` reads the same file). */
export function isLocalKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** A new key of the form the key file holds. */
export function newLocalKey(): string {
  return `local_${randomBytes(32).toString('hex')}`;
}

/** The key's file name in the service's data dir (integrators read it into SVC_API_KEY). */
export const LOCAL_KEY_FILE = 'key';

/** Reads the key, or generates and stores one when there is none (or the file is damaged). */
export async function loadOrCreateLocalKey(serviceDir: string): Promise<string> {
  const path = join(serviceDir, LOCAL_KEY_FILE);
  makeDirectory(serviceDir, 0o700);
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (isLocalKey(text)) return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = newLocalKey();
  await writeFile(path, `${key}\n`, { mode: 0o600 });
  return key;
}
