import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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

/**
 * The project's electron package (SWAP_EXPLORER_ELECTRON_PACKAGE points at another copy: the tests
 * use a fresh one), or why it cannot be read: not installed, or a package.json without a version.
 */
export function findElectronPackage(root: string, env: Env = process.env): { ok: true; pkg: ElectronPackage } | { ok: false; reason: string } {
  const override = env.SWAP_EXPLORER_ELECTRON_PACKAGE;
  try {
    const dir = override || dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
    const pkg = readElectronPackage(dir);
    if (typeof pkg.version !== 'string' || pkg.version === '') return { ok: false, reason: `${join(dir, 'package.json')} names no version` };
    return { ok: true, pkg };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const where = override ? `no package.json in ${override}` : `node_modules/electron was not found from ${root}`;
    if (code === 'MODULE_NOT_FOUND' || code === 'ENOENT') return { ok: false, reason: `${where}, ${code}` };
    return { ok: false, reason: `its package.json could not be read: ${code ?? message.split('\n')[0]}` };
  }
}

/** The platform install.js downloads for (ELECTRON_INSTALL_PLATFORM, npm_config_platform, else the host). */
export function installPlatform(env: Env = process.env): string {
  return env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
}

/** The platform/arch install.js downloads for (ELECTRON_INSTALL_* and npm_config_* override the host). */
export function installTarget(env: Env = process.env): InstallTarget {
  const platform = installPlatform(env);
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

// install.js's getPlatformPath(): the executable inside dist/ for each platform Electron is built for.
const PLATFORM_EXECUTABLES: Record<string, string> = {
  mas: 'Electron.app/Contents/MacOS/Electron',
  darwin: 'Electron.app/Contents/MacOS/Electron',
  freebsd: 'electron',
  openbsd: 'electron',
  linux: 'electron',
  win32: 'electron.exe',
};

/** Whether Electron publishes builds for the platform (install.js throws for any other). */
export function hasElectronBuild(platform: string): boolean {
  return Object.hasOwn(PLATFORM_EXECUTABLES, platform);
}

/** The executable's path inside dist/, as install.js writes it to path.txt; throws for a platform without builds. */
export function platformPath(platform: string): string {
  const executable = hasElectronBuild(platform) ? PLATFORM_EXECUTABLES[platform] : undefined;
  if (executable === undefined) throw new Error(`Electron builds are not available on platform: ${platform}`);
  return executable;
}

/** Where the platform to fetch for was named: install.js's variables, else this machine. */
export function platformSource(env: Env = process.env): string {
  if (env.ELECTRON_INSTALL_PLATFORM) return 'ELECTRON_INSTALL_PLATFORM';
  if (env.npm_config_platform) return 'npm_config_platform';
  return 'this machine';
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
  const executable = platformPath(installPlatform(env));
  if (readText(join(pkg.dir, 'dist', 'version'))?.trim().replace(/^v/, '') !== pkg.version) return null;
  if (readText(join(pkg.dir, 'path.txt')) !== executable) return null;
  const path = join(pkg.dir, 'dist', executable);
  return existsSync(path) ? path : null;
}

/** The executable index.js returns when ELECTRON_OVERRIDE_DIST_PATH is set (no download at all). */
export function overrideExecutable(pkg: ElectronPackage, overrideDir: string): string {
  const named = readText(join(pkg.dir, 'path.txt'));
  // index.js falls back to `electron`; this machine's own name where Electron has one (electron.exe).
  return join(overrideDir, named || (hasElectronBuild(process.platform) ? platformPath(process.platform) : 'electron'));
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

/** ELECTRON_MIRROR as @electron/get reads it (.npmrc and package.json config first), or undefined. */
export function mirrorBase(env: Env = process.env): string | undefined {
  return mirrorVar('mirror', env);
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
