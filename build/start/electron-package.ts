import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// What electron 45's own installer (node_modules/electron/install.js) decides, restated so the
// launcher can tell the user what it is about to fetch, from where, and where it lands. Every
// environment variable read here is one install.js or @electron/get reads, with the same meaning.

/** The installed `electron` npm package: its folder and the Electron version it pins. */
export interface ElectronPackage {
  dir: string;
  version: string;
}

/** The platform and architecture whose binary is fetched. */
export interface InstallTarget {
  platform: string;
  arch: string;
}

type Env = NodeJS.ProcessEnv;

/** Reads the package at `dir` (its package.json `version`). */
export function readElectronPackage(dir: string): ElectronPackage {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dir, version: manifest.version };
}

/** The platform/arch install.js downloads for (ELECTRON_INSTALL_* and npm_config_* override the host). */
export function installTarget(env: Env = process.env): InstallTarget {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  let arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  if (platform === 'darwin' && process.platform === 'darwin' && arch === 'x64' && env.npm_config_arch === undefined) {
    // Same as install.js: an x64 Node under Rosetta still wants the arm64 binary.
    try {
      if (execSync('sysctl -in sysctl.proc_translated').toString().trim() === '1') arch = 'arm64';
    } catch {
      // Not under Rosetta (or no sysctl): keep x64.
    }
  }
  return { platform, arch };
}

/** The executable's path inside dist/, as install.js writes it to path.txt. */
export function platformPath(platform: string): string {
  switch (platform) {
    case 'mas':
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'freebsd':
    case 'openbsd':
    case 'linux':
      return 'electron';
    case 'win32':
      return 'electron.exe';
    default:
      throw new Error(`Electron builds are not available on platform: ${platform}`);
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** install.js's isInstalled(): dist/version matches the package, path.txt names this platform's executable, and it exists. */
export function installedExecutable(pkg: ElectronPackage, env: Env = process.env): string | null {
  const executable = platformPath(env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform);
  if (readText(join(pkg.dir, 'dist', 'version'))?.trim().replace(/^v/, '') !== pkg.version) return null;
  if (readText(join(pkg.dir, 'path.txt')) !== executable) return null;
  const path = join(pkg.dir, 'dist', executable);
  return existsSync(path) ? path : null;
}

/** The executable index.js returns when ELECTRON_OVERRIDE_DIST_PATH is set (no download at all). */
export function overrideExecutable(pkg: ElectronPackage, overrideDir: string): string {
  const named = readText(join(pkg.dir, 'path.txt'));
  return join(overrideDir, named || platformPath(process.platform));
}

// @electron/get's mirrorVar(): .npmrc and package.json config first, then ELECTRON_<NAME>.
function mirrorVar(name: string, env: Env): string | undefined {
  const snake = name.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a}_${b}`).toLowerCase();
  return (
    env[`npm_config_electron_${name.toLowerCase()}`] ||
    env[`NPM_CONFIG_ELECTRON_${snake.toUpperCase()}`] ||
    env[`npm_config_electron_${snake}`] ||
    env[`npm_package_config_electron_${name}`] ||
    env[`npm_package_config_electron_${snake}`] ||
    env[`ELECTRON_${snake.toUpperCase()}`] ||
    undefined
  );
}

/** The URL @electron/get fetches the zip from (its getArtifactRemoteURL for the default options). */
export function artifactUrl(pkg: ElectronPackage, target: InstallTarget, env: Env = process.env): string {
  const version = `v${pkg.version.replace(/^v/, '')}`;
  const base = mirrorVar('mirror', env) ?? 'https://github.com/electron/electron/releases/download/';
  const dir = (mirrorVar('customDir', env) ?? version).replace('{{ version }}', version.slice(1));
  const file = mirrorVar('customFilename', env) ?? `electron-${version}-${target.platform}-${target.arch}.zip`;
  return `${base}${dir}/${file}`;
}

/** Whether install.js checks the mirror's SHASUMS256.txt instead of the package's checksums.json. */
export function usesRemoteChecksums(env: Env = process.env): boolean {
  return Boolean(env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums);
}

/** Where @electron/get caches downloaded zips (electron_config_cache, else env-paths' cache dir for "electron"). */
export function cacheDir(env: Env = process.env): string {
  if (env.electron_config_cache) return env.electron_config_cache;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'electron');
}
