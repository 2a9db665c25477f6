import { randomUUID } from 'node:crypto';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../ipc/result.ts';
import { makeDirectory } from './make-directory.ts';

/**
 * Writes `text` to `path` so that a crash leaves the old file or the new one, never half of one:
 * a temp file beside it, named for this write alone (two processes, the app and the CLI, may save
 * at once), readable by its owner only (profiles name certificates and proxies, saved requests
 * their parameters, runs the bodies answered), then renamed over `path`. Its folder is made if missing.
 * @param what the file as a sentence names it: "the profiles", "the comparison"
 * @param options.isDurable flush to disk before the rename (default): a file the user made, which a
 *   power cut must not take back; false for a record that can be lost, where the flush would cost
 *   a short command its time (a CLI run's file: issue 14)
 * @throws AppError STORAGE "<What> could not be saved: <reason>"
 */
export async function writeAtomically(path: string, text: string, what: string, options: { isDurable?: boolean } = {}): Promise<void> {
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    makeDirectory(dirname(path));
    if (options.isDurable ?? true) {
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } else {
      // One call, no file handle to make: the quicker way when nothing is flushed.
      await writeFile(temp, text, { mode: 0o600 });
    }
    await rename(temp, path);
  } catch (error) {
    // Cleaning up must not hide the write's own error (rm fails too when the folder is gone).
    await rm(temp, { force: true }).catch(() => undefined);
    throw new AppError('STORAGE', `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be saved: ${(error as Error).message}`);
  }
}
