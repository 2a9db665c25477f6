import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  artifactUrl,
  cacheDir,
  hasElectronBuild,
  installedExecutable,
  installPlatform,
  installTarget,
  mirrorBase,
  overrideExecutable,
  platformPath,
  platformSource,
  usesRemoteChecksums,
  type ElectronPackage,
} from './electron-package.ts';

/** Where the executable came from: already unpacked, ELECTRON_OVERRIDE_DIST_PATH, or fetched now. */
export type ElectronSource = 'installed' | 'override' | 'fetched';

/** The outcome: the executable to hand electron-vite, or the one-line reason there is none. */
export type EnsureResult = { ok: true; executable: string; source: ElectronSource } | { ok: false; reason: string; unsupportedPlatform?: string };

interface DownloadArtifact {
  downloadArtifact(details: Record<string, unknown>): Promise<string>;
}
interface ExtractZip {
  extract(zipPath: string, options: { dir: string }): Promise<void>;
}

/**
 * Makes sure the Electron binary of `pkg` is unpacked, the way electron's own lazy installer
 * (install.js, run by `require('electron')`) does: same @electron/get call, same options from the
 * same environment variables, same extraction into dist/ and the same path.txt. It is restated
 * rather than spawned because install.js prints only `err.stack`, which drops the cause (the
 * ENOTFOUND behind "fetch failed") that the user needs to read.
 */
export async function ensureElectron(pkg: ElectronPackage, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<EnsureResult> {
  const overrideDir = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (overrideDir) {
    const executable = overrideExecutable(pkg, overrideDir);
    if (existsSync(executable)) return { ok: true, executable, source: 'override' };
    return { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH is set to ${overrideDir}, but it holds no ${executable.slice(overrideDir.length + 1)}` };
  }
  const platform = installPlatform(env);
  // install.js throws (a stack, no advice) for these; there is no zip to fetch, so say so instead.
  if (!hasElectronBuild(platform)) {
    return { ok: false, reason: `Electron publishes no build for the platform "${platform}" (named by ${platformSource(env)})`, unsupportedPlatform: platform };
  }
  const installed = installedExecutable(pkg, env);
  if (installed) return { ok: true, executable: installed, source: 'installed' };

  const target = installTarget(env);
  const url = artifactUrl(pkg, target, env);
  log(`Electron ${pkg.version} (${target.platform}-${target.arch}) is not unpacked yet: fetching it once from ${url} (cached in ${cacheDir(env)}).`);
  try {
    await fetchAndExtract(pkg, target, env);
  } catch (error) {
    const sums = usesRemoteChecksums(env) ? "the mirror's SHASUMS256.txt" : "the electron package's checksums.json; a mirror with its own builds needs electron_use_remote_checksums=1";
    return { ok: false, reason: `it is not in node_modules/electron yet and fetching it failed (${describeFailure(error, url, sums)}${unslashedMirror(env)})` };
  }
  const executable = installedExecutable(pkg, env);
  if (!executable) {
    return { ok: false, reason: `the archive from ${url} did not unpack to dist/${platformPath(target.platform)} with dist/version v${pkg.version}` };
  }
  log(`Electron unpacked into ${join(pkg.dir, 'dist')}; later starts use it without the network.`);
  return { ok: true, executable, source: 'fetched' };
}

// install.js's downloadArtifact(...).then(extractFile), with its modules resolved from the electron
// package itself so a different copy elsewhere in node_modules cannot be picked up.
async function fetchAndExtract(pkg: ElectronPackage, target: { platform: string; arch: string }, env: NodeJS.ProcessEnv): Promise<void> {
  const require = createRequire(join(pkg.dir, 'package.json'));
  const { downloadArtifact } = require('@electron/get') as DownloadArtifact;
  const { extract } = require('@electron-internal/extract-zip') as ExtractZip;
  const zipPath = await downloadArtifact({
    version: pkg.version,
    artifactName: 'electron',
    force: env.force_no_cache === 'true',
    cacheRoot: env.electron_config_cache,
    checksums: usesRemoteChecksums(env) ? undefined : require('./checksums.json'),
    platform: target.platform,
    arch: target.arch,
  });
  const dist = join(pkg.dir, 'dist');
  await extract(zipPath, { dir: dist });
  if (existsSync(join(dist, 'electron.d.ts'))) renameSync(join(dist, 'electron.d.ts'), join(pkg.dir, 'electron.d.ts'));
  writeFileSync(join(pkg.dir, 'path.txt'), platformPath(target.platform));
}

// @electron/get joins the mirror and the release folder as they are: a mirror named without its
// last / (as its own site names it) is asked for ".../electronv45.4.1/…", a 404 whose URL alone
// did not tell the user which of the two was wrong.
function unslashedMirror(env: NodeJS.ProcessEnv): string {
  const mirror = mirrorBase(env);
  if (mirror === undefined || mirror.endsWith('/')) return '';
  return `; ELECTRON_MIRROR ${mirror} does not end in /, so the release folder was joined to its last part: end it with /`;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
  errors?: unknown[];
  response?: { status?: number; statusText?: string };
}

// The innermost network code: fetch wraps it as "fetch failed" with a cause, and a host with
// several addresses gives an AggregateError whose parts carry the code.
function networkCode(error: ErrorLike | undefined): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current.code) return current.code;
    const inner = (current.errors?.[0] ?? current.cause) as ErrorLike | undefined;
    current = inner;
  }
  return undefined;
}

/** One line saying why the fetch failed: the host and network code, the HTTP status, or the checksum (checked against `sums`). */
export function describeFailure(error: unknown, url: string, sums = 'its published checksums'): string {
  const failure = (error ?? {}) as ErrorLike;
  const host = URL.canParse(url) ? new URL(url).host : url;
  if (failure.name === 'HTTPError' && failure.response?.status) {
    return `${url} answered HTTP ${failure.response.status} ${failure.response.statusText ?? ''}`.trimEnd();
  }
  const code = networkCode(failure.cause as ErrorLike | undefined) ?? networkCode(failure);
  if (code) return `could not reach ${host}: ${code}`;
  const message = (failure.message ?? String(error)).split('\n')[0] ?? '';
  if (/checksum/i.test(message)) return `the download from ${host} did not match the SHA-256 in ${sums}`;
  return `fetching ${url} failed: ${message}`;
}
