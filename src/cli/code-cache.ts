import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, lstatSync, openSync, readSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';
import { makeDirectory } from '../core/make-directory.ts';

// A cache from a run that went the whole way, and one from a run that stopped early (see below).
const FULL = '.cache';
const PARTIAL = '.partial.cache';
// Caches (and leftovers of interrupted writes) not written for this long are removed (see save()).
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The function a chunk runs in, as Node's own CommonJS loader wraps a file. The build writes each
 * chunk already inside it (build/build-cli.ts): wrapping the text here joins two strings, which V8
 * then copies into one before it compiles, a second copy of every chunk in new memory (page faults
 * are dear on the build machines: issue 14). A chunk without it (written by hand, or by a test) is
 * wrapped here, which runs it the same way.
 */
export const CHUNK_WRAPPER = { head: '(function (exports, require, module, __filename, __dirname) {', tail: '\n})' } as const;

/**
 * Loads the built CLI (CommonJS chunks, build/build-cli.ts) through V8 code caches made *after* the
 * command ran. V8 compiles a function on its first call; a cache made when a script is compiled
 * (Node's own compile cache) holds only the top level, so every start compiled again each function
 * the command calls. A cache made after the run (`Script#createCachedData`) holds those functions
 * too: the next start of the same command deserializes them instead.
 *
 * Caches are kept per command (`price` and `serve` call different functions of a shared chunk) and
 * named by the chunk file's identity: size, modification and change times (nanoseconds) and inode,
 * the fields git's index trusts. V8 checks only the source's length before it trusts a cache (and
 * then runs the cached code), so a chunk rewritten in place, reinstalled or rebuilt must not find
 * its old cache: any write changes the change time, which no tool can set back. Hashing the source
 * instead (SHA-256 of its UTF-8) and decoding it were 7% of a short command's instructions. The
 * build writes ASCII-only chunks, read here as one-byte strings without UTF-8 decoding (issue 14).
 * A cache V8 rejects (another Node, other flags, a damaged file) is replaced after the run. They
 * live in a folder of the user's own: one that another user owns or may write to is not read, and
 * then the CLI runs without caches, as it does with NODE_DISABLE_COMPILE_CACHE set.
 *
 * A cache holds only what its run compiled, and V8 never adds to an accepted one. So a run that
 * stopped early (`price --help`, a usage error, a failure) saves a *partial* cache, which serves
 * until a run goes the whole way and saves the full one: otherwise a first `--help` would leave
 * every later start compiling most of the command again (~6% of `price`, issue 14).
 */
export class CodeCacheLoader {
  readonly #cacheDir: string | undefined;
  readonly #variant: string;
  readonly #modules = new Map<string, { exports: unknown }>();
  readonly #toSave: { script: Script; cacheBase: string; hasCache: boolean }[] = [];
  readonly #counts = { loaded: 0, accepted: 0 };
  // Every file is read into this one: see ReusedBuffer.
  readonly #fileBytes = new ReusedBuffer();

  /**
   * @param cacheDir where caches are read and written; undefined runs without them
   * @param variant what this run does (the command's name): caches are per variant
   */
  constructor(cacheDir: string | undefined, variant: string) {
    this.#cacheDir = cacheDir !== undefined && isPrivateDir(cacheDir) ? cacheDir : undefined;
    this.#variant = variant.replace(/[^a-z0-9-]/gi, '_') || '_';
  }

  /** Runs the CommonJS file at `file` (an absolute path) once, and returns its exports. */
  require(file: string): unknown {
    const known = this.#modules.get(file);
    if (known) return known.exports;
    const module = { exports: {} as unknown };
    // Registered before it runs, as Node's loader does, so that a cycle sees the partial exports.
    this.#modules.set(file, module);
    const { source, identity } = readChunk(file, this.#fileBytes);
    const cacheBase = this.#cacheDir && join(this.#cacheDir, `${basename(file)}.${this.#variant}.${identity}`);
    // The chunk's text is a string of its own by now, so its cache may take the same buffer.
    const full = cacheBase ? readOrUndefined(`${cacheBase}${FULL}`, this.#fileBytes) : undefined;
    const cachedData = full ?? (cacheBase ? readOrUndefined(`${cacheBase}${PARTIAL}`, this.#fileBytes) : undefined);
    const wrapped = source.startsWith(CHUNK_WRAPPER.head) ? source : `${CHUNK_WRAPPER.head}${source}${CHUNK_WRAPPER.tail}`;
    const script = new Script(wrapped, {
      filename: file,
      cachedData,
      // A chunk's `import()` of a package (none today: the build turns them into require) resolves as in any module.
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    this.#counts.loaded++;
    const isAccepted = cachedData !== undefined && !script.cachedDataRejected;
    if (isAccepted) this.#counts.accepted++;
    // A full cache V8 took is final; anything less may be replaced after the run.
    if (cacheBase && !(isAccepted && full)) this.#toSave.push({ script, cacheBase, hasCache: isAccepted });
    const dir = dirname(file);
    // Node's require only for the rare package or built-in a chunk asks for by name, made then.
    let nodeRequire: NodeJS.Require | undefined;
    const requireChunk = (id: string): unknown => (id.startsWith('./') ? this.require(join(dir, id)) : (nodeRequire ??= createRequire(file))(id));
    (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, requireChunk, module, file, dir);
    return module.exports;
  }

  /**
   * Writes the caches this run can improve on, now that the command has run and compiled what it
   * calls: after a run that went the whole way, a full cache for each script that had none (or a
   * partial one); after a run that stopped early, a partial cache for each that had none. Call it
   * after the command; a cache that cannot be written is skipped (the next start compiles, as this
   * one did). A run that wrote a cache then removes those not written for a week (removeStale).
   * @param isWholeRun the command did its work (not help, a usage error or a failure)
   */
  save(isWholeRun: boolean): void {
    let hasWritten = false;
    for (const { script, cacheBase, hasCache } of this.#toSave.splice(0)) {
      if (!isWholeRun && hasCache) continue;
      const cacheFile = `${cacheBase}${isWholeRun ? FULL : PARTIAL}`;
      // Written aside and renamed: two commands starting at once never read half a file.
      const aside = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(aside, script.createCachedData(), { flag: 'wx', mode: 0o600 });
        renameSync(aside, cacheFile);
        hasWritten = true;
        // The full cache supersedes the partial one, which nothing would read again.
        if (isWholeRun) rmSync(`${cacheBase}${PARTIAL}`, { force: true });
      } catch {
        // Best effort by design: the cache only saves start time. A half-written file goes.
        rmSync(aside, { force: true });
      }
    }
    if (hasWritten && this.#cacheDir) removeStale(this.#cacheDir, Date.now() - STALE_AFTER_MS);
  }

  /** How many chunks this run loaded, and how many of them from a cache V8 accepted. */
  get counts(): { loaded: number; accepted: number } {
    return { ...this.#counts };
  }
}

/**
 * Removes the caches written before `writtenBefore`, and leftovers of writes a crash interrupted.
 * Each build or reinstall names its chunks' caches anew and nothing reads the old ones again, so
 * without this the folder grows by about 0.5 MB per command per build. Their names cannot tell an
 * old build's cache from one that another install of the same version still reads, so age decides.
 * It runs only after a run that wrote a cache (the first of a command after a build): a start that
 * finds its caches pays nothing. A cache still in use but older than the limit goes too, and the
 * next start of its command writes it again, one slower start.
 */
function removeStale(dir: string, writtenBefore: number): void {
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.cache') && !name.endsWith('.tmp')) continue;
      const path = join(dir, name);
      try {
        const stat = lstatSync(path);
        if (stat.isFile() && stat.mtimeMs < writtenBefore) rmSync(path, { force: true });
      } catch {
        // Removed or replaced by another run meanwhile: that run's business.
      }
    }
  } catch {
    // Best effort, as the caches are: an unreadable folder keeps its files.
  }
}

/** The folder exists (made if missing, mode 700), is a real folder (not a link), is this user's, and no one else may write to it. */
function isPrivateDir(dir: string): boolean {
  try {
    makeDirectory(dir, 0o700);
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return false;
    // Windows has no owner ids or mode bits here; its temp folder is the user's own.
    if (process.platform === 'win32') return true;
    return stat.uid === process.getuid!() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * A buffer that files are read into one after another, grown when one is larger. Each new buffer
 * is new memory, and on the build machines each of its pages costs a fault of ~15 µs on first
 * touch (issue 14). A chunk's text is copied into a string before its cache is read, and the cache
 * is consumed by `new Script` before the next file is read, so one buffer serves a whole start.
 */
class ReusedBuffer {
  // Larger than any chunk or cache today, at no cost: the system backs only the pages a read touches.
  #bytes = Buffer.allocUnsafeSlow(1024 * 1024);

  /** The file open at `fd`, `size` bytes (fewer if it ends sooner); valid until the next fill. */
  fill(fd: number, size: number): Buffer {
    if (size > this.#bytes.length) this.#bytes = Buffer.allocUnsafeSlow(size);
    let filled = 0;
    while (filled < size) {
      const got = readSync(fd, this.#bytes, filled, size - filled, filled);
      if (got === 0) break;
      filled += got;
    }
    return this.#bytes.subarray(0, filled);
  }
}

/**
 * A chunk's text and the identity its cache is named by, both from one open file (a chunk replaced
 * between a stat and a read could otherwise pair new text with the old file's cache).
 */
function readChunk(file: string, into: ReusedBuffer): { source: string; identity: string } {
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd, { bigint: true });
    const bytes = into.fill(fd, Number(stat.size));
    const identity = [stat.size, stat.mtimeNs, stat.ctimeNs, stat.ino].map((field) => field.toString(36)).join('-');
    // ASCII is read as Latin-1: the same text, made without decoding (a chunk edited by hand may not be ASCII).
    return { source: isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'), identity };
  } finally {
    closeSync(fd);
  }
}

/** The whole file read into `into`, or undefined when it cannot be read (no cache yet). */
function readOrUndefined(file: string, into: ReusedBuffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    return into.fill(fd, fstatSync(fd).size);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
