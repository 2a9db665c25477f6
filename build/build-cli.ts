import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type InputOptions, type OutputOptions } from 'rolldown';
import { CHUNK_WRAPPER } from '../src/cli/code-cache.ts';

/**
 * Builds the `swap-explorer` command into out/cli/: plain JavaScript that Node runs without type
 * stripping, dependencies bundled (no module resolution at start), one chunk per command so a
 * command loads only what it uses. The commands (src/cli/main.ts) are CommonJS, `cli.cjs` and its
 * chunks, so that src/cli/code-cache.ts can run them through V8 code caches made after a command
 * ran (an ES module's cache can only be made before it runs: see there). The ES modules are the
 * entry that does so, `swap-explorer.js` (src/cli/launch-built.ts), and the processes started by
 * file name: `local-service.js`, the child process that the CLI's default profile starts, and
 * `cluster-worker.js`, a worker of `serve --workers N`. The native keychain binding stays external
 * (it cannot be bundled). Run by `npm run build` (and so by `npm test`); `npm run build:cli` alone
 * takes a second or two.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
// `undici` -> build/undici-cli.js, and its node:http2 -> build/http2-lazy.ts (see why there).
const undiciSubset = {
  name: 'undici-subset',
  resolveId(source: string, importer: string | undefined) {
    if (source === 'node:http2' && importer?.endsWith('client-h2.js')) return `${root}build/http2-lazy.ts`;
    return source === 'undici' && !importer?.endsWith('undici-cli.js') ? `${root}build/undici-cli.js` : null;
  },
};

// `import { x } from 'node:m'` -> `const { x } = process.getBuiltinModule('node:m')` in our own
// sources. Node's ESM facade of a built-in reads every export, which loads lazy parts that a command
// never uses (node:fs loads its streams, node:http its WebSocket): tens of ms of a short command.
// node:fs/promises itself loads readline and the file watchers: build/cli-fs-promises.ts stands in.
export const NODE_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'(node:[a-z_/]+)';/gm;
const FS_PROMISES_STAND_IN = `${root}build/cli-fs-promises.ts`;

/** The value bindings of an import list (`a, b as c, type T`): `[{ imported: 'a', local: 'a' }, { imported: 'b', local: 'c' }]`. */
export function importedBindings(list: string): { imported: string; local: string }[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => {
      const [imported, local = imported] = name.split(/\s+as\s+/) as [string, string?];
      return { imported, local };
    });
}

const builtinsByGetter = {
  name: 'builtins-by-getter',
  transform(code: string, id: string) {
    if (!id.startsWith(`${root}src/`) || !id.endsWith('.ts')) return null;
    return code.replace(NODE_IMPORT, (_, list: string, module: string) => {
      const bindings = importedBindings(list);
      if (bindings.length === 0) return '';
      const as = (separator: string) => bindings.map(({ imported, local }) => (imported === local ? imported : `${imported}${separator}${local}`)).join(', ');
      if (module === 'node:fs/promises') return `import { ${as(' as ')} } from '${FS_PROMISES_STAND_IN}';`;
      return `const { ${as(': ')} } = process.getBuiltinModule('${module}');`;
    });
  },
};

/** Builds the CLI into `outDir` (default out/cli/, where bin/swap-explorer.js looks); resolves once written. */
export async function buildCli(outDir = `${root}out/cli`): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  const shared: InputOptions = {
    platform: 'node',
    plugins: [undiciSubset, builtinsByGetter],
    // node:http2 is left to the plugin above (undici's require of it becomes build/http2-lazy.ts).
    external: [/^node:(?!http2$)/, '@napi-rs/keyring'],
    logLevel: 'warn',
  };
  // Flat, both builds in one folder: child-process-host finds local-service.js next to whichever chunk it lands in.
  // ASCII only (non-ASCII escaped) and no JSDoc: the loader reads a chunk as a one-byte string
  // without decoding, and V8 scans less (issue 14). License comments stay.
  const output: OutputOptions = { dir: outDir, minify: false, sourcemap: false, charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } };
  await build({
    ...shared,
    input: {
      'swap-explorer': `${root}src/cli/launch-built.ts`,
      'local-service': `${root}src/service/child-entry.ts`,
      // One process of `serve --workers N` (src/service/cluster.ts forks it).
      'cluster-worker': `${root}src/service/cluster-worker.ts`,
    },
    output: { ...output, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
  });
  await build({
    ...shared,
    input: { cli: `${root}src/cli/main.ts` },
    // `import()` of a chunk or package becomes require: CodeCacheLoader loads both. Each chunk is
    // written inside the function CodeCacheLoader runs it in (see CHUNK_WRAPPER), so not for Node's require.
    output: { ...output, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs', dynamicImportInCjs: false, banner: CHUNK_WRAPPER.head, footer: CHUNK_WRAPPER.tail },
  });
}

if (import.meta.main) await buildCli();
