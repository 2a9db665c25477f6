import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * One start at a time makes or replaces the certificate of a data dir. Starts that found no usable
 * pair at the same moment (an integrator's parallel test workers each running `serve` on a fresh
 * machine, or the app's service and a terminal's) each made a pair of their own and wrote it over
 * the others': all but the last then served a certificate other than the one their `caCertPath`
 * named, and every client that pinned that file failed its TLS check.
 *
 * The lock is a file created exclusively, holding its owner's pid. A lock whose owner is gone (it
 * was killed while making the pair) or that is older than a minute (making a pair takes well under
 * a second) is taken over, so a crash never blocks later starts.
 */

/** The lock's file name in the data dir. */
export const CERTIFICATE_LOCK_FILE = 'cert.lock';

const POLL_MS = 20;
const STALE_MS = 60_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// False when the lock is gone meanwhile (its owner finished): the caller tries to take it again.
async function isStale(path: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const pid = Number(text);
    // An empty file is a lock just created whose pid is not written yet: it is held.
    return Date.now() - info.mtimeMs > STALE_MS || (Number.isInteger(pid) && pid > 0 && !isRunning(pid));
  } catch {
    return false;
  }
}

async function take(path: string): Promise<boolean> {
  try {
    await writeFile(path, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Runs `work` holding the data dir's certificate lock, waiting for another start that holds it. */
export async function withCertificateLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const path = join(dataDir, CERTIFICATE_LOCK_FILE);
  while (!(await take(path))) {
    if (await isStale(path)) await rm(path, { force: true });
    else await delay(POLL_MS);
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}
