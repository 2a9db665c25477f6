import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describeFailure } from './ensure-electron.ts';
import { artifactUrl, type ElectronPackage, type InstallTarget } from './electron-package.ts';

// electron-builder does not use node_modules/electron's binary: it fetches its own zip per target
// platform and arch through @electron/get (its own copy), into @electron/get's cache. The preflight
// makes that same fetch first, with electron-builder's own function, so a machine that cannot reach
// the zip gets one paragraph instead of a stack, and a machine that can has it cached for the build.

const PLATFORM_FLAGS: Record<string, string> = {
  '--linux': 'linux',
  '-l': 'linux',
  '--mac': 'darwin',
  '--macos': 'darwin',
  '-m': 'darwin',
  '-o': 'darwin',
  '--win': 'win32',
  '--windows': 'win32',
  '-w': 'win32',
};
const ARCH_FLAGS = ['--x64', '--ia32', '--armv7l', '--arm64', '--universal'];

/** The Electron zips electron-builder will fetch for these CLI arguments (host platform/arch by default). */
export function distTargets(args: string[]): InstallTarget[] {
  const platforms = [...new Set(args.flatMap((arg) => PLATFORM_FLAGS[arg] ?? []))];
  const archs = [...new Set(args.filter((arg) => ARCH_FLAGS.includes(arg)).flatMap((arg) => (arg === '--universal' ? ['x64', 'arm64'] : [arg.slice(2)])))];
  const targets: InstallTarget[] = [];
  for (const platform of platforms.length > 0 ? platforms : [process.platform]) {
    for (const arch of archs.length > 0 ? archs : [process.arch]) targets.push({ platform, arch });
  }
  return targets;
}

/** Whether the build brings its own Electron (`electronDist` in the config or as `-c.electronDist=`). */
export function hasCustomElectronDist(args: string[], config: { electronDist?: unknown }): boolean {
  return Boolean(config.electronDist) || args.some((arg) => /^(-c|--config)\.electronDist(=|$)/.test(arg));
}

interface ElectronGet {
  downloadElectronArtifactZip(options: Record<string, unknown>): Promise<string>;
}

/** Fetches (or finds cached) each target's zip the way electron-builder will; the first failure's reason. */
export async function preflightDist(
  root: string,
  pkg: ElectronPackage,
  targets: InstallTarget[],
  electronDownload: unknown,
): Promise<{ ok: true } | { ok: false; target: InstallTarget; reason: string }> {
  const require = createRequire(join(root, 'package.json'));
  const { downloadElectronArtifactZip } = require('app-builder-lib/out/util/electronGet.js') as ElectronGet;
  for (const target of targets) {
    try {
      await downloadElectronArtifactZip({ electronDownload, artifactName: 'electron', platformName: target.platform, arch: target.arch, version: pkg.version });
    } catch (error) {
      return { ok: false, target, reason: describeFailure(error, artifactUrl(pkg, target)) };
    }
  }
  return { ok: true };
}
