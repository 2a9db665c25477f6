import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_WRAPPER, CodeCacheLoader } from './code-cache.ts';

const LOADER = new URL('./code-cache.ts', import.meta.url).href;

let dir: string;
let chunks: string;
let caches: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'code-cache-'));
  chunks = join(dir, 'chunks');
  caches = join(dir, 'caches');
  await mkdir(chunks);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A chunk whose exported function has a body big enough for its compiled code to show in a cache's size. */
function chunkWithWork(result: string): string {
  const steps = Array.from({ length: 200 }, (_, index) => `  total = (total * 31 + ${index}) % 1000003;`).join('\n');
  return `exports.work = function work() {\n  let total = 0;\n${steps}\n  return ${result};\n};\n`;
}

interface Start {
  result: unknown;
  counts: { loaded: number; accepted: number };
}

/**
 * One start of a command in a process of its own, as the CLI starts: V8 keeps what it compiled for
 * the life of a process, so a second load in this one would not read the cache at all.
 */
async function start(variant: string, options: { call?: boolean; isWholeRun?: boolean } = {}): Promise<Start> {
  const script = `import { CodeCacheLoader } from ${JSON.stringify(LOADER)};
const loader = new CodeCacheLoader(${JSON.stringify(caches)}, ${JSON.stringify(variant)});
const entry = loader.require(${JSON.stringify(join(chunks, 'entry.cjs'))});
const result = ${options.call === false ? 'null' : 'entry.work()'};
loader.save(${options.isWholeRun ?? true});
process.stdout.write(JSON.stringify({ result, counts: loader.counts }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout) as Start;
}

async function cacheFiles(): Promise<string[]> {
  return (await readdir(caches)).filter((name) => name.endsWith('.cache'));
}

describe('CodeCacheLoader', () => {
  it('runs CommonJS chunks once each, with their relative requires and Node modules', async () => {
    await writeFile(join(chunks, 'entry.cjs'), `const shared = require("./shared.cjs"); const again = require("./shared.cjs"); const { basename } = require("node:path");\nexports.answer = () => [shared.count, again === shared, basename(__filename), require("./shared.cjs").count];`);
    await writeFile(join(chunks, 'shared.cjs'), 'globalThis.__codeCacheRuns = (globalThis.__codeCacheRuns ?? 0) + 1; exports.count = globalThis.__codeCacheRuns;');
    const loader = new CodeCacheLoader(caches, 'price');
    const entry = loader.require(join(chunks, 'entry.cjs')) as { answer(): unknown[] };
    expect(entry.answer()).toEqual([1, true, 'entry.cjs', 1]);
    expect(loader.counts).toEqual({ loaded: 2, accepted: 0 });
  });

  // The build writes each chunk inside its function (build/build-cli.ts): run as it is, not wrapped twice.
  it('runs a chunk written inside its wrapper as it runs a plain one, and takes its cache on the next start', async () => {
    await writeFile(join(chunks, 'entry.cjs'), `${CHUNK_WRAPPER.head}\n${chunkWithWork('[typeof module, __filename.endsWith("entry.cjs")]')}${CHUNK_WRAPPER.tail}`);
    expect(await start('price')).toEqual({ result: ['object', true], counts: { loaded: 1, accepted: 0 } });
    expect(await start('price')).toEqual({ result: ['object', true], counts: { loaded: 1, accepted: 1 } });
  });

  // Files are read one after another into one buffer (1 MiB, grown for a larger file): a chunk read
  // after a larger one must get its own text and cache only, not the larger one's tail.
  it('reads each chunk and cache whole and alone, whatever the sizes of those read before', async () => {
    const padding = (length: number) => `/*${'x'.repeat(length)}*/\n`;
    await writeFile(join(chunks, 'entry.cjs'), `${padding(10)}const big = require("./big.cjs"); const small = require("./small.cjs");\nexports.work = () => [big.work(), small.work()];`);
    await writeFile(join(chunks, 'big.cjs'), `${padding(1_200_000)}${chunkWithWork('"big"')}`);
    await writeFile(join(chunks, 'small.cjs'), chunkWithWork('"small"'));
    expect(await start('price')).toEqual({ result: ['big', 'small'], counts: { loaded: 3, accepted: 0 } });
    expect(await start('price')).toEqual({ result: ['big', 'small'], counts: { loaded: 3, accepted: 3 } });
  });

  it('saves caches after the run, which the next start of the same command takes', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"first"'));
    expect(await start('price')).toEqual({ result: 'first', counts: { loaded: 1, accepted: 0 } });
    expect(await cacheFiles()).toHaveLength(1);
    expect(await start('price')).toEqual({ result: 'first', counts: { loaded: 1, accepted: 1 } });
  });

  it('saves the functions the command compiled as it ran, which a cache made at compile time lacks', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"ran"'));
    await start('idle', { call: false });
    await start('worked');
    const sizes = Object.fromEntries(await Promise.all((await cacheFiles()).map(async (name) => [name.split('.')[2], (await stat(join(caches, name))).size])));
    expect(sizes.worked).toBeGreaterThan(sizes.idle + 1_000);
  });

  // A first `price --help` must not leave every later `price` compiling what help never ran.
  it('keeps the cache of a run that stopped early as partial, until a whole run saves the full one', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"done"'));
    await start('price', { call: false, isWholeRun: false });
    expect(await cacheFiles()).toEqual([expect.stringMatching(/\.price\.[0-9a-z-]+\.partial\.cache$/)]);
    const partialSize = (await stat(join(caches, (await cacheFiles())[0]!))).size;
    expect(await start('price')).toEqual({ result: 'done', counts: { loaded: 1, accepted: 1 } });
    const [full] = await cacheFiles();
    expect(full).toMatch(/\.price\.[0-9a-z-]+(?<!\.partial)\.cache$/);
    expect((await stat(join(caches, full!))).size).toBeGreaterThan(partialSize + 1_000);
    // Another early stop leaves the full cache as it is, and the next whole run takes it.
    const written = (await stat(join(caches, full!))).mtimeMs;
    expect((await start('price', { call: false, isWholeRun: false })).counts.accepted).toBe(1);
    expect(await cacheFiles()).toEqual([full]);
    expect((await stat(join(caches, full!))).mtimeMs).toBe(written);
  });

  it('keeps caches per command: another command compiles for itself', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('1'));
    await start('price');
    expect((await start('compare')).counts.accepted).toBe(0);
    expect((await start('price')).counts.accepted).toBe(1);
  });

  // V8 checks only the source's length before it trusts a cache, and then runs the cached code.
  it('never runs a cache made for other source of the same length', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"old"'));
    await start('price');
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"new"'));
    expect(await start('price')).toEqual({ result: 'new', counts: { loaded: 1, accepted: 0 } });
  });

  // The build writes ASCII, read as one-byte text; a chunk edited by hand may not be.
  it('runs a chunk that is not ASCII as the UTF-8 it is, with and without its cache', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"prix \u2192 1\u202f000 \u00e9"').replace('exports.work', '// r\u00e9sum\u00e9\nexports.work'));
    expect(await start('price')).toEqual({ result: 'prix \u2192 1\u202f000 \u00e9', counts: { loaded: 1, accepted: 0 } });
    expect(await start('price')).toEqual({ result: 'prix \u2192 1\u202f000 \u00e9', counts: { loaded: 1, accepted: 1 } });
  });

  it('runs past a damaged cache, and replaces it after the run', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"ok"'));
    await start('price');
    const [name] = await cacheFiles();
    await writeFile(join(caches, name!), 'not a V8 code cache');
    expect(await start('price')).toEqual({ result: 'ok', counts: { loaded: 1, accepted: 0 } });
    expect((await start('price')).counts.accepted).toBe(1);
  });

  // Each build names its caches anew: without this the folder would keep every build's.
  it('removes caches not written for a week once it writes one, and leaves the rest', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"ok"'));
    await mkdir(caches, { mode: 0o700 });
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const seed = { 'old-build.cjs.price.1.cache': 8, 'crashed.cjs.price.1.cache.123.tmp': 8, 'other-install.cjs.price.2.cache': 6, 'notes.txt': 30 };
    for (const [name, age] of Object.entries(seed)) {
      await writeFile(join(caches, name), 'x');
      await utimes(join(caches, name), daysAgo(age), daysAgo(age));
    }
    expect((await start('price')).counts.accepted).toBe(0);
    const left = await readdir(caches);
    expect(left).toEqual(expect.arrayContaining(['other-install.cjs.price.2.cache', 'notes.txt', expect.stringMatching(/^entry\.cjs\.price\./)]));
    expect(left).toHaveLength(3);
  });

  it('leaves the folder as it is when a start takes its caches and writes none', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"ok"'));
    await start('price');
    const old = join(caches, 'old-build.cjs.price.1.cache');
    await writeFile(old, 'x');
    await utimes(old, new Date(0), new Date(0));
    expect((await start('price')).counts.accepted).toBe(1);
    expect(await cacheFiles()).toContain('old-build.cjs.price.1.cache');
  });

  it('neither reads nor writes caches in a folder that others may write to', async () => {
    await writeFile(join(chunks, 'entry.cjs'), chunkWithWork('"ok"'));
    await start('price');
    await chmod(caches, 0o777);
    expect(await start('price')).toEqual({ result: 'ok', counts: { loaded: 1, accepted: 0 } });
    await rm(join(caches, (await cacheFiles())[0]!));
    await start('price');
    expect(await cacheFiles()).toEqual([]);
  });

  it('creates its folder readable by its user only', async () => {
    await writeFile(join(chunks, 'entry.cjs'), 'exports.x = 1;');
    new CodeCacheLoader(caches, 'price').require(join(chunks, 'entry.cjs'));
    expect((await stat(caches)).mode & 0o777).toBe(0o700);
  });
});
