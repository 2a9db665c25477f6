import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureElectron } from './start/ensure-electron.ts';
import { cacheDir, installTarget, readElectronPackage } from './start/electron-package.ts';
import { ELECTRON_UNAVAILABLE_EXIT, unavailableMessage } from './start/unavailable.ts';

/**
 * `npm start` (`node build/start.ts preview`) and `npm run dev` (`node build/start.ts dev`): make
 * sure the Electron binary is unpacked (electron 45 fetches it lazily, and electron-vite 6 never
 * triggers that), then run `electron-vite <command>` with ELECTRON_EXEC_PATH set to it. Further
 * arguments go to electron-vite (`npm start -- --skipBuild`).
 *
 * Exit codes: electron-vite's own (the app's), 2 for a usage error, 69 when Electron cannot be had.
 * SWAP_EXPLORER_ELECTRON_PACKAGE points at another copy of the electron package (the tests use a
 * fresh copy so they never touch node_modules/electron).
 */

const root = join(import.meta.dirname, '..');
const COMMANDS = ['preview', 'dev'];

function electronPackageDir(): string {
  const override = process.env.SWAP_EXPLORER_ELECTRON_PACKAGE;
  if (override) return override;
  return dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
}

async function executablePath(): Promise<string | number> {
  // A binary the user chose for electron-vite wins, as it does in electron-vite itself.
  if (process.env.ELECTRON_EXEC_PATH) return process.env.ELECTRON_EXEC_PATH;
  const pkg = readElectronPackage(electronPackageDir());
  const result = await ensureElectron(pkg, (line) => console.log(line));
  if (result.ok) return result.executable;
  const wanted = { version: pkg.version, ...installTarget(), cacheDir: cacheDir() };
  console.error(`\n${unavailableMessage('app', wanted, result.reason)}\n`);
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
