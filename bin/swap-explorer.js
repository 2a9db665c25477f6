#!/usr/bin/env node
// Launcher of the `swap-explorer` command: the CLI is TypeScript run by Node's type stripping,
// which is on by default from Node 22.18 (and 23.6); older Node gets a clear message instead of a
// syntax error.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`swap-explorer needs Node 22.18 or newer (this is Node ${process.versions.node}). Run it through npm (npx swap-explorer), which uses the project's pinned Node.\n`);
  process.exit(1);
}
const { main } = await import(new URL('../src/cli/main.ts', import.meta.url).href);
const args = process.argv.slice(2);
const code = await main(args);
// serve resolves only after SIGINT/SIGTERM has closed it; every other command exits with its code.
process.exitCode = code;
