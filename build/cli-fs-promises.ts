import type * as FsPromises from 'node:fs/promises';

/**
 * node:fs/promises as the CLI bundle sees it: build-cli.ts points our sources' imports of it here.
 * Node's own module loads readline, the REPL's history and the file watchers as it loads, about
 * 4 ms of every command's start (issue 14). These are node:fs's callback functions promisified:
 * the same results and the same errors (`code`, `path`). `open` answers a FileHandle, which only
 * the real module has, so it loads that module on first use (a profile save, never a price).
 * A name our sources import and this file lacks fails the build (rolldown: missing export).
 */

// By getter, not `import`: the ESM facade of node:fs would load its streams (see build-cli.ts).
const fs = process.getBuiltinModule('node:fs');
const { promisify } = process.getBuiltinModule('node:util');

export const mkdir = promisify(fs.mkdir) as typeof FsPromises.mkdir;
export const mkdtemp = promisify(fs.mkdtemp) as typeof FsPromises.mkdtemp;
export const readFile = promisify(fs.readFile) as typeof FsPromises.readFile;
export const readdir = promisify(fs.readdir) as typeof FsPromises.readdir;
export const rename = promisify(fs.rename) as typeof FsPromises.rename;
export const rm = promisify(fs.rm) as typeof FsPromises.rm;
export const stat = promisify(fs.stat) as typeof FsPromises.stat;
export const writeFile = promisify(fs.writeFile) as typeof FsPromises.writeFile;

/** The real `open` (a FileHandle), from node:fs/promises loaded on first use. */
export async function open(...args: Parameters<typeof FsPromises.open>): ReturnType<typeof FsPromises.open> {
  return (await import('node:fs/promises')).open(...args);
}
