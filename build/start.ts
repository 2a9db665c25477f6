import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureElectron } from './start/ensure-electron.ts';
import { cacheDir, findElectronPackage, installTarget } from './start/electron-package.ts';
import { ELECTRON_UNAVAILABLE_EXIT, missingPackageMessage, unavailableMessage, unsupportedPlatformMessage } from './start/unavailable.ts';

/**
 * `npm start` (`node build/start.ts preview`) and `npm run dev` (`node build/start.ts dev`): make
 * sure the Electron binary is unpacked (electron 45 fetches it lazily, and electron-vite 6 never
 * triggers that), then run `electron-vite <command>` with ELECTRON_EXEC_PATH set to it. Further
 * arguments go to electron-vite (`npm start -- --skipBuild`).
 *
 * Exit codes: electron-vite's own (the app's), 2 for a usage error, 69 when Electron cannot be had
 * (not fetchable, no build for the platform, or the electron package itself missing).
 * SWAP_EXPLORER_ELECTRON_PACKAGE points at another copy of the electron package (the tests use a
 * fresh copy so they never touch node_modules/electron).
 */

const root = join(import.meta.dirname, '..');
const COMMANDS = ['preview', 'dev'];

async function executablePath(): Promise<string | number> {
  // A binary the user chose for electron-vite wins, as it does in electron-vite itself.
  if (process.env.ELECTRON_EXEC_PATH) return process.env.ELECTRON_EXEC_PATH;
  const found = findElectronPackage(root);
  if (!found.ok) {
    console.error(`\n${missingPackageMessage('app', found.reason)}\n`);
    return ELECTRON_UNAVAILABLE_EXIT;
  }
  const { pkg } = found;
  const result = await ensureElectron(pkg, (line) => console.log(line));
  if (result.ok) return result.executable;
  if (result.unsupportedPlatform) {
    console.error(`\n${unsupportedPlatformMessage(pkg.version, result.reason)}\n`);
  } else {
    const wanted = { version: pkg.version, ...installTarget(), cacheDir: cacheDir() };
    console.error(`\n${unavailableMessage('app', wanted, result.reason)}\n`);
  }
  return ELECTRON_UNAVAILABLE_EXIT;
}

function runElectronVite(command: string, args: string[], executable: string): void {
  const bin = join(dirname(createRequire(join(root, 'package.json')).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const child = spawn(process.execPath, [bin, command, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_EXEC_PATH: executable },
  });
  // A terminal's Ctrl+C reaches the whole group; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !COMMANDS.includes(command)) {
    console.error(`usage: node build/start.ts <${COMMANDS.join('|')}> [electron-vite options]`);
    process.exit(2);
  }
  const executable = await executablePath();
  if (typeof executable === 'number') process.exit(executable);
  runElectronVite(command, args, executable);
}

await main();
