import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Creates the folder `path` and any missing parents, as `mkdir -p` does.
 *
 * Not `mkdir(path, { recursive: true })`: Node's walk never returns when a parent exists but refuses
 * children with ENOENT, as procfs does (`--data-dir /proc/x` spun at full CPU forever): it creates
 * the parent (EEXIST), retries the child (ENOENT) and starts again. Here a child still missing
 * once its parent exists is final: ENOENT, naming that parent.
 *
 * Synchronous: a few mkdir calls, made once when a store opens its folder.
 * @param mode for each folder made (the umask applies, as with mkdir)
 * @throws the error of mkdir or stat with its `code` (ENOENT, ENOTDIR, EACCES, EEXIST when a file is in the way)
 */
export function makeDirectory(path: string, mode = 0o777): void {
  if (tryMake(path, mode)) return;
  const parent = dirname(path);
  if (parent === path) throw missing(path, 'the root itself does not exist');
  makeDirectory(parent, mode);
  if (!tryMake(path, mode)) throw missing(path, `${parent} exists but does not accept new folders`);
}

/** True once `path` is a folder (made now or already there); false when its parent is missing. */
function tryMake(path: string, mode: number): boolean {
  try {
    mkdirSync(path, { mode });
    return true;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return false;
    // Made meanwhile by another process, or there already: fine if it is a folder.
    if (code === 'EEXIST' && statSync(path).isDirectory()) return true;
    throw error;
  }
}

function missing(path: string, why: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: cannot create ${path}: ${why}`), { code: 'ENOENT', syscall: 'mkdir', path });
}
