import { isAscii } from 'node:buffer';
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './build-cli.ts';
import { CHUNK_WRAPPER } from '../src/cli/code-cache.ts';
import { constants as lazyHttp2Constants } from './http2-lazy.ts';
import { startLocalService } from '../src/service/index.ts';
import { openProfileStore, ProfileInputSchema } from '../src/core/profiles/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let dir: string;

// A copy of the package layout (bin/ + out/cli/) in a temp dir, so the test never races other tests
// that run the repository's own bin/ while out/cli/ is rebuilt.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'built-cli-'));
  for (const layout of ['built', 'source']) await mkdir(join(dir, layout, 'bin'), { recursive: true });
  await copyFile(join(ROOT, 'bin/swap-explorer.js'), join(dir, 'built/bin/swap-explorer.js'));
  await copyFile(join(ROOT, 'bin/swap-explorer.js'), join(dir, 'source/bin/swap-explorer.js'));
  await buildCli(join(dir, 'built/out/cli'));
  await symlink(join(ROOT, 'src'), join(dir, 'source/src'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'source/node_modules'));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * The files a CommonJS chunk loads before it runs: itself and the chunks it requires at its top
 * level, transitively (not those required inside a function, which load when it is called).
 */
async function staticClosure(outDir: string, entry: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (files.has(name)) continue;
    const code = await readFile(join(outDir, name), 'utf8');
    files.set(name, code);
    for (const match of code.matchAll(/^(?:const|let|var) \w+ = require\("(\.\/[^"]+)"\);$/gm)) pending.push(match[1]!.slice(2));
  }
  return files;
}

describe('the built CLI', () => {
  it('is what `npx swap-explorer` runs: package.json bin is bin/swap-explorer.js, which loads out/cli/', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.bin['swap-explorer']).toBe('./bin/swap-explorer.js');
    const bin = await readFile(join(ROOT, 'bin/swap-explorer.js'), 'utf8');
    expect(bin).toContain("'../out/cli/swap-explorer.js'");
  });

  it('is built by `npm install` (prepare) and by `npm run build`, which `npm test` runs before the tests', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // npm runs `prepare` after installing the dependencies: the first `npx swap-explorer` after
    // `npm install` runs the built CLI, not the TypeScript fallback.
    expect(scripts.prepare).toBe('node build/build-cli.ts');
    expect(scripts.build).toContain('build/build-cli.ts');
    const steps = scripts.test!.split('&&').map((step) => step.trim());
    expect(steps.indexOf('npm run build')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('npm run build')).toBeLessThan(steps.indexOf('npm run test:unit'));
  });

  it('runs from bin/ as plain JavaScript, with the local-service entry beside it', async () => {
    const built = join(dir, 'built/bin/swap-explorer.js');
    const help = await run(built, ['price', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: swap-explorer price');
    expect(help.stderr).toBe('');
    expect(await readdir(join(dir, 'built/out/cli'))).toEqual(expect.arrayContaining(['swap-explorer.js', 'cli.cjs', 'local-service.js', 'cluster-worker.js']));
    const usage = await run(built, ['price', '--chain', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--chain');
  });

  it('stops quietly with 141 (128 + SIGPIPE) when the reader closes the pipe early, as `| head` does', async () => {
    const child = spawn(process.execPath, [join(dir, 'built/bin/swap-explorer.js'), 'price', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command writes: its first write meets a pipe with no reader (EPIPE).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 141, stderr: '' });
  });

  it('says in one line, and exits 1, when its output cannot be written (a full disk)', async () => {
    const full = await open('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [join(dir, 'built/bin/swap-explorer.js'), 'price', '--help'], { stdio: ['ignore', full.fd, 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/^swap-explorer: cannot write to standard output: ENOSPC[^\n]*\n$/);
    } finally {
      await full.close();
    }
  });

  // src/cli/code-cache.ts: the commands' chunks run through V8 code caches made after a run.
  it('keeps code caches per command in a folder of its own under TMPDIR, and none with NODE_DISABLE_COMPILE_CACHE', async () => {
    const built = join(dir, 'built/bin/swap-explorer.js');
    const temp = await mkdtemp(join(tmpdir(), 'cli-tmpdir-'));
    try {
      expect((await run(built, ['price', '--help'], { TMPDIR: temp, NODE_DISABLE_COMPILE_CACHE: '1' })).code).toBe(0);
      expect(await readdir(temp), "no caches").toEqual([]);
      expect((await run(built, ['price', '--help'], { TMPDIR: temp })).code).toBe(0);
      // Beside Node's own compile cache (bin/ enables it for the launcher).
      const folder = `swap-explorer-code-cache-${process.getuid!()}-${process.version}-${process.arch}`;
      expect(await readdir(temp)).toContain(folder);
      // Named by the chunk file's size, modification and change times and inode (base 36); help
      // stops early, so its caches are partial, and a command that did its work keeps full ones.
      const named = (command: string, chunk: RegExp, kind: string) => new RegExp(`${chunk.source}\\.${command}\\.[0-9a-z]+(-[0-9a-z]+){3}${kind}$`);
      const helped = await readdir(join(temp, folder));
      for (const chunk of [/^cli\.cjs/, /^price-[\w-]+\.cjs/]) expect(helped.some((name) => named('price', chunk, '\\.partial\\.cache').test(name)), chunk.source).toBe(true);
      const url = 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000';
      expect((await run(built, ['explain', url], { TMPDIR: temp })).code).toBe(0);
      const explained = (await readdir(join(temp, folder))).filter((name) => name.includes('.explain.'));
      for (const chunk of [/^cli\.cjs/, /^explain-[\w-]+\.cjs/]) expect(explained.some((name) => named('explain', chunk, '\\.cache').test(name)), chunk.source).toBe(true);
      expect(explained.filter((name) => name.endsWith('.partial.cache'))).toEqual([]);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

  // src/cli/code-cache.ts reads an ASCII chunk as a one-byte string, without decoding UTF-8.
  it('writes the commands as ASCII: every chunk `price` loads whole, the rest but for quoted license comments', async () => {
    const outDir = join(dir, 'built/out/cli');
    const chunks = (await readdir(outDir)).filter((name) => name.endsWith('.cjs'));
    const price = chunks.find((name) => name.startsWith('price-'))!;
    for (const [name, code] of await staticClosure(outDir, price)) expect(isAscii(Buffer.from(code)), name).toBe(true);
    for (const name of chunks) {
      const code = (await readFile(join(outDir, name), 'utf8')).replace(/\/\*![\s\S]*?\*\//g, '');
      expect(isAscii(Buffer.from(code)), name).toBe(true);
    }
  });

  // CodeCacheLoader runs a wrapped chunk as it is, without joining a copy of its text (issue 14).
  it('writes each command chunk inside the function CodeCacheLoader runs it in', async () => {
    const outDir = join(dir, 'built/out/cli');
    for (const name of (await readdir(outDir)).filter((file) => file.endsWith('.cjs'))) {
      const code = await readFile(join(outDir, name), 'latin1');
      expect(code.startsWith(CHUNK_WRAPPER.head) && code.endsWith(CHUNK_WRAPPER.tail), name).toBe(true);
    }
  });

  it('falls back to the TypeScript source with one line on stderr when it has not been built', async () => {
    const source = await run(join(dir, 'source/bin/swap-explorer.js'), ['price', '--help']);
    expect(source.code).toBe(0);
    expect(source.stdout).toContain('Usage: swap-explorer price');
    expect(source.stderr.trim().split('\n')).toEqual([expect.stringContaining('the CLI is not built (run `npm run build:cli`)')]);
  });

  // Issue 14: a command loads only what it uses. price and compare send through node:https, the
  // ladder is loaded only for --amounts, node:child_process only to start the local service, and
  // node:fs/promises (readline, file watchers) not at all; undici stays in the bundle for a proxied profile.
  // viem (explain's calldata decoding) neither: the fees, taxes and issues they print need none of it.
  it.for(['price', 'compare'])('%s loads neither undici, viem, the size ladder, node:child_process nor node:fs/promises before it runs', async (command) => {
    const outDir = join(dir, 'built/out/cli');
    const names = await readdir(outDir);
    // The command's own chunk: its name and an 8-character hash, not compare-ladder-… or compare-run-…,
    // which sort before it whenever its hash starts with a letter after theirs.
    const chunk = names.find((name) => new RegExp(`^${command}-[\\w-]{8}\\.cjs$`).test(name));
    expect(chunk, `the ${command} chunk`).toBeDefined();
    const loaded = await staticClosure(outDir, chunk!);
    expect(loaded.size).toBeGreaterThan(2);
    for (const [name, code] of loaded) {
      expect(code, name).not.toMatch(/^\/\/ (\S*\/)?node_modules\/(undici|viem)\//m);
      expect(code, name).not.toContain('// src/ipc/channels/ladder.ts');
      expect(code, name).not.toMatch(/getBuiltinModule\(["']node:(child_process|fs\/promises)["']\)|^(?:const|let|var) .* = require\(["']node:(child_process|fs\/promises)["']\)/m);
    }
    const all = await Promise.all(names.map((name) => readFile(join(outDir, name), 'utf8')));
    expect(all.some((code) => /^\/\/ (\S*\/)?node_modules\/undici\//m.test(code))).toBe(true);
  });

  // src/cli/zod-jitless.ts: zod reads the setting when a schema is made. A setting made after a
  // command's first schemas left them compiling their parsers with new Function on first parse.
  it('compiles no code at run time in a short command: zod is jitless before any of its schemas is made', async () => {
    const preload = join(dir, 'count-functions.cjs');
    await writeFile(
      preload,
      `let made = 0;
globalThis.Function = new Proxy(Function, { construct: (target, args) => (made++, Reflect.construct(target, args)), apply: (target, self, args) => (made++, Reflect.apply(target, self, args)) });
process.on('exit', () => require('node:fs').writeSync(2, 'functions made: ' + made + '\\n'));`,
    );
    // The request is parsed (CompareRequestSchema, made at load) before the unknown profile fails it.
    const child = spawn(process.execPath, ['-r', preload, join(dir, 'built/bin/swap-explorer.js'), 'price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--profile', 'Nope', '--data-dir', join(dir, 'data')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--profile "Nope" is not a saved profile');
    expect(stderr).toContain('functions made: 0\n');
  });

  // src/core/monotonic-ms.ts: the first touch of the `performance` global loads perf_hooks and
  // eight modules behind it, ~2 ms of a start that no request needs.
  it('leaves perf_hooks unloaded through a whole price request: the engine times with process.hrtime', async () => {
    const service = await startLocalService({ dataDir: join(dir, 'perf-service'), apiKeys: [{ key: 'perf-key', team: 'perf' }] });
    try {
      const dataDir = join(dir, 'perf-data');
      const profiles = await openProfileStore(dataDir);
      await profiles.save(ProfileInputSchema.parse({ name: 'Perf', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
      const preload = join(dir, 'list-modules.cjs');
      const listed = join(dir, 'modules.txt');
      await writeFile(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(listed)}, process.moduleLoadList.join('\\n')));`);
      const ran = await run(join(dir, 'built/bin/swap-explorer.js'), ['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Perf', '--data-dir', dataDir], { SVC_API_KEY: 'perf-key', NODE_OPTIONS: `--require ${JSON.stringify(preload)}` });
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^zid\s+0x[0-9a-f]{24}$/m);
      const modules = (await readFile(listed, 'utf8')).split('\n');
      expect(modules).toContain('NativeModule https');
      expect(modules.filter((name) => /perf_hooks|internal\/perf\/(performance|usertiming)$/.test(name))).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it("gives undici node:http2's own constants while leaving node:http2 unloaded", async () => {
    const { constants } = await import('node:http2');
    for (const [name, value] of Object.entries(lazyHttp2Constants)) expect(value, name).toBe(constants[name as keyof typeof constants]);
  });
});
