#!/usr/bin/env node
// Launcher of the `swap-explorer` command. It runs the built CLI (out/cli/, made by `npm run build`
// or `npm run build:cli`, and by `npm test`): plain JavaScript, dependencies bundled, each command
// loaded only when it runs, through V8 code caches made after the command ran (src/cli/code-cache.ts).
// In a fresh clone that has not been built it says so in one line on stderr and runs the TypeScript
// source instead (Node's type stripping: correct, slower to start).
const [major, minor] = process.versions.node.split('.').map(Number);
// node:sqlite (history) and type stripping (the unbuilt fallback) need 22.18; older Node gets a
// clear message instead of a syntax or import error.
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`swap-explorer needs Node 22.18 or newer (this is Node ${process.versions.node}). Run it through npm (npx swap-explorer), which uses the project's pinned Node.\n`);
  process.exit(1);
}
// Built-ins by getter, not `import`: Node's ESM facade of node:fs would load its streams too.
const { existsSync, mkdirSync } = process.getBuiltinModule('node:fs');
// Node's code cache on disk for the ES modules on the way in (this file and out/cli/swap-explorer.js),
// in Node's default folder (NODE_COMPILE_CACHE has Node enable it at start in the one it names;
// NODE_DISABLE_COMPILE_CACHE turns it off). The folder is made here, one level: Node's own
// recursive mkdir never returns for a TMPDIR under /proc (src/core/make-directory.ts), and without
// the folder the command only starts slower.
if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  const compileCacheDir = `${process.getBuiltinModule('node:os').tmpdir()}/node-compile-cache`;
  let hasFolder = true;
  try {
    mkdirSync(compileCacheDir);
  } catch (error) {
    // EEXIST is the usual case; any other error leaves the folder missing.
    hasFolder = error.code === 'EEXIST';
  }
  if (hasFolder) process.getBuiltinModule('node:module').enableCompileCache(compileCacheDir);
}
const built = new URL('../out/cli/swap-explorer.js', import.meta.url);
const isBuilt = existsSync(built);
if (!isBuilt) process.stderr.write('swap-explorer: the CLI is not built (run `npm run build:cli`); running the TypeScript source, which starts slower\n');
const { main } = await import(isBuilt ? built.href : new URL('../src/cli/main.ts', import.meta.url).href);
// main() writes the output, and stops quietly with 141 when a reader such as `| head` closed the
// pipe early (src/cli/process-io.ts); it resolves once what it wrote has been handed to the system.
const code = await main(process.argv.slice(2));
// The command has finished (serve resolves only once SIGINT/SIGTERM has closed it): exit now rather
// than tear down every module and handle it loaded, which takes a short command several ms more.
// A stream write that failed at once reports it on the next tick: let it, before exiting.
await new Promise((resolve) => setImmediate(resolve));
process.exit(code);
