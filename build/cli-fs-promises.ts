import type * as FsPromises from 'node:fs/promises';

/**
 * node:fs/promises as the CLI bundle sees it: build-cli.ts points our sources' imports of it here.
 * Node's own module loads readline, the REPL's history and the file watchers as it loads, about
 * 4 ms of every command's start (issue 14). These are node:fs's synchronous functions behind
 * promises: the same results and the same errors (`code`, `path`), as rejections. A command has
 * nothing to run beside a read of its profiles or a write of its run file, while each callback
 * call is a round trip through libuv's thread pool (fs.readFile alone is four: open, stat, read,
 * close); the bundled service uses them only as it starts. `open` answers a FileHandle, which only
 * the real module has, so it loads that module on first use (a profile save, never a price).
 * A name our sources import and this file lacks fails the build (rolldown: missing export).
 */

// By getter, not `import`: the ESM facade of node:fs would load its streams (see build-cli.ts).
const fs = process.getBuiltinModule('node:fs');

/** `sync` as a function that answers a promise: a throw becomes the promise's rejection. */
function settled<Args extends unknown[], Result>(sync: (...args: Args) => Result): (...args: Args) => Promise<Result> {
  return async (...args) => sync(...args);
}

export const link = settled(fs.linkSync) as typeof FsPromises.link;
export const mkdir = settled(fs.mkdirSync) as typeof FsPromises.mkdir;
export const mkdtemp = settled(fs.mkdtempSync) as typeof FsPromises.mkdtemp;
export const readFile = settled(fs.readFileSync) as typeof FsPromises.readFile;
export const readdir = settled(fs.readdirSync) as typeof FsPromises.readdir;
export const rename = settled(fs.renameSync) as typeof FsPromises.rename;
export const rm = settled(fs.rmSync) as typeof FsPromises.rm;
export const stat = settled(fs.statSync) as typeof FsPromises.stat;
export const writeFile = settled(fs.writeFileSync) as typeof FsPromises.writeFile;

/** The real `open` (a FileHandle), from node:fs/promises loaded on first use. */
export async function open(...args: Parameters<typeof FsPromises.open>): ReturnType<typeof FsPromises.open> {
  return (await import('node:fs/promises')).open(...args);
}
