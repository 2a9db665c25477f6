import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir, findElectronPackage } from './start/electron-package.ts';
import { distTargets, hasCustomElectronDist, preflightDist } from './start/dist-preflight.ts';
import { ELECTRON_UNAVAILABLE_EXIT, missingPackageMessage, unavailableMessage } from './start/unavailable.ts';

/**
 * `npm run dist` / `npm run dist:test` (`node build/dist.ts --config <file> [electron-builder args]`):
 * fetch the Electron zip of every target first, exactly as electron-builder will (its own download
 * function, so ELECTRON_MIRROR and its cache behave the same), then run electron-builder with the
 * arguments as given. When a zip cannot be had: one paragraph and exit 69, as `npm start` does.
 * electron-builder also fetches packaging tools (AppImage, fpm, NSIS) from GitHub while it builds;
 * those are not checked here (ELECTRON_BUILDER_BINARIES_MIRROR points them at a mirror).
 */

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'package.json'));

function configFile(args: string[]): string {
  const index = args.findIndex((arg) => arg === '--config' || arg === '-c');
  return resolve(root, (index >= 0 && args[index + 1]) || 'build/electron-builder.config.ts');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const config = ((await import(pathToFileURL(configFile(args)).href)) as { default: { electronDist?: unknown; electronDownload?: unknown } }).default;
  if (!hasCustomElectronDist(args, config)) {
    const found = findElectronPackage(root);
    if (!found.ok) {
      console.error(`\n${missingPackageMessage('dist', found.reason)}\n`);
      process.exit(ELECTRON_UNAVAILABLE_EXIT);
    }
    const { pkg } = found;
    const result = await preflightDist(root, pkg, distTargets(args), config.electronDownload);
    if (!result.ok) {
      // electron-builder's @electron/get cache: electron_config_cache is read by electron's installer only.
      const wanted = { version: pkg.version, ...result.target, cacheDir: cacheDir({ ...process.env, electron_config_cache: undefined }) };
      console.error(`\n${unavailableMessage('dist', wanted, result.reason)}\n`);
      process.exit(ELECTRON_UNAVAILABLE_EXIT);
    }
  }
  const cli = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

await main();
