import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../src/ipc/index.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/core/content-security-policy.ts';
import { platformPath } from './electron-package.ts';
import { ELECTRON_UNAVAILABLE_EXIT } from './unavailable.ts';
import { closedMirrorUrl, startMirror, type Mirror } from './test-support/mirror.ts';
import { createZip } from './test-support/zip.ts';
import { freshElectronPackage, runScript, standInZip, type Run } from './test-support/fresh-install.ts';

// A new user's first `npm start`, offline: a fresh copy of the electron package (no binary), a
// local mirror serving this version's release zip (a stand-in executable) and SHASUMS256.txt, and
// package.json's start script (build/start.ts preview). `--skipBuild` is electron-vite preview's own
// flag: `npm test` builds out/ just before the unit tests, so rebuilding it here would only cost
// time; everything after the build (ensure the binary, electron-vite preview, the launch) is the
// user's path.

const root = join(import.meta.dirname, '..', '..');
const version = (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
const work = mkdtempSync(join(tmpdir(), 'swap-explorer-start-'));
const cache = join(work, 'cache');
let mirror: Mirror;

function env(electronPackage: string, name: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SWAP_EXPLORER_ELECTRON_PACKAGE: electronPackage,
    SWAP_EXPLORER_USER_DATA: join(work, `user-data-${name}`),
    STAND_IN_RECORD: join(work, `record-${name}.json`),
    ELECTRON_MIRROR: mirror.url,
    electron_use_remote_checksums: '1',
    electron_config_cache: cache,
    // .ci/run exports it for `npm ci`; electron 45's installer ignores it, and so must the launcher.
    ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    ...extra,
  };
}

// `npm start -- --skipBuild`: package.json's start script with electron-vite preview's own flag.
function npmStart(env: Record<string, string>): Promise<Run> {
  return runScript('start', ['--skipBuild'], env);
}

function launchRecord(name: string): { launch: { self: string; argv: string[]; cwd: string; env: Record<string, string>; parentArgv: string[] | null }; entry: string; app?: Record<string, unknown>; error?: string } {
  return JSON.parse(readFileSync(join(work, `record-${name}.json`), 'utf8'));
}

function hits(file: string): number {
  return mirror.hits.get(`/v${version}/${file}`) ?? 0;
}

// The paragraph is wrapped for the terminal; compare its words.
function said(run: Run): string {
  return run.stderr.replace(/\s+/g, ' ');
}

function expectClearFailure(run: Run): void {
  expect(run.code, run.stdout + run.stderr).toBe(ELECTRON_UNAVAILABLE_EXIT);
  expect(said(run)).toContain(`Swap Explorer cannot start without the Electron ${version} binary: `);
  const waysOut = [
    `run \`npm start\` once on a connected machine (the zip is cached in ${cache} and unpacked into node_modules/electron,`,
    `point ELECTRON_MIRROR at a mirror serving v${version}/${zipName} and v${version}/SHASUMS256.txt, its URL ending in /`,
    `set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron ${version}`,
  ];
  for (const wayOut of [...waysOut, 'npx swap-explorer serve', 'npx swap-explorer price', 'npx swap-explorer compare']) {
    expect(said(run)).toContain(wayOut);
  }
  expect(run.stderr + run.stdout).not.toMatch(/^\s+at /m);
  expect(run.stderr + run.stdout).not.toContain('Electron uninstall');
}

// build/start.ts sets ELECTRON_EXEC_PATH itself, so a launcher that spawned the binary directly
// would pass the launch checks too. electron-vite preview prints this line (its own wording, in
// electron-vite/dist/chunks/lib-*.js's preview()) right after its startElectron() spawned the binary;
// where /proc shows it, the binary's parent is electron-vite's CLI running `preview`.
const ELECTRON_VITE_LAUNCH_LINE = 'starting electron app...';
const ELECTRON_VITE_CLI = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');

function expectLaunchedByElectronVite(run: Run, parentArgv: string[] | null): void {
  expect(run.stdout).toContain(ELECTRON_VITE_LAUNCH_LINE);
  if (parentArgv === null) return;
  expect(parentArgv.slice(1, 3)).toEqual([realpathSync(ELECTRON_VITE_CLI), 'preview']);
}

// The newest app source (main/, src/, renderer/; tests and test support do not go into out/).
function newestSource(): { path: string; mtimeMs: number } {
  let newest = { path: '', mtimeMs: 0 };
  for (const dir of ['main', 'src', 'renderer']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (!entry.isFile() || /\.test\.ts$|test-support/.test(path)) continue;
      const { mtimeMs } = statSync(path);
      if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
    }
  }
  return newest;
}

beforeAll(async () => {
  const built = join(root, 'out', 'main', 'index.js');
  if (!existsSync(built) || !existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    throw new Error('out/ is not built: run `npm run build` first (`npm test` does, before the unit tests)');
  }
  const newest = newestSource();
  if (newest.mtimeMs > statSync(built).mtimeMs) {
    throw new Error(`out/ is older than ${newest.path}: run \`npm run build\` first (\`npm test\` does, before the unit tests)`);
  }
  mirror = await startMirror(version, { [zipName]: standInZip(version) });
});

afterAll(async () => {
  await mirror?.close();
  rmSync(work, { recursive: true, force: true });
});

// Each case spawns Node three deep (launcher, electron-vite, stand-in running the app): generous on a busy 2-core CI.
const SLOW = { timeout: 120_000 };
// The first start runs the whole app in the stand-in; the others only need to see the launch.
const LAUNCH_ONLY = { STAND_IN_LAUNCH_ONLY: '1' };

describe('npm start on a fresh install', SLOW, () => {
  const electronPackage = freshElectronPackage(join(work, 'fresh'));

  it('fetches Electron once from the mirror, then electron-vite launches it on the built app', async () => {
    const run = await npmStart(env(electronPackage, 'first'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`fetching it once from ${mirror.url}v${version}/${zipName}`);
    expect({ zip: hits(zipName), shasums: hits('SHASUMS256.txt') }).toEqual({ zip: 1, shasums: 1 });
    expect(readFileSync(join(electronPackage, 'path.txt'), 'utf8')).toBe(platformPath(process.platform));
    expect(readFileSync(join(electronPackage, 'dist', 'version'), 'utf8')).toBe(`v${version}`);

    const { launch, entry, app, error } = launchRecord('first');
    expect(error).toBeUndefined();
    expectLaunchedByElectronVite(run, launch.parentArgv);
    expect(launch.self).toBe(join(electronPackage, 'dist', platformPath(process.platform)));
    expect(launch.argv).toEqual(['.']);
    expect(launch.cwd).toBe(root);
    expect(launch.env.ELECTRON_EXEC_PATH).toBe(launch.self);
    expect(entry).toBe(join(root, 'out', 'main', 'index.js'));
    expect(app).toMatchObject({ windows: 1, loadedUrl: 'app://swap-explorer/index.html', sandbox: true, appInfoOk: true });
    expect(String(app?.preload)).toBe(join(root, 'out', 'preload', 'index.cjs'));
    expect(app?.privilegedSchemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    expect(app?.page).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, html: true });
    expect(app?.ipcChannels).toEqual([...CHANNEL_NAMES].sort());
    expect(app?.forksAtLaunch).toBe(0);
    expect(app?.forks).toEqual([join(root, 'out', 'main', 'local-service.js')]);
    expect(app?.localService).toMatchObject({ started: { state: 'running', baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+/), error: null }, stopped: 'stopped' });
    // The bundled main started the bundled data worker, and it stayed up.
    expect(app?.history).toEqual({ count: 0, notices: [] });
  });

  it('does not fetch again on the second start', async () => {
    const run = await npmStart(env(electronPackage, 'second', LAUNCH_ONLY));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('fetching');
    expect({ zip: hits(zipName), shasums: hits('SHASUMS256.txt') }).toEqual({ zip: 1, shasums: 1 });
    expectLaunchedByElectronVite(run, launchRecord('second').launch.parentArgv);
    expect(launchRecord('second').launch).toMatchObject({ self: join(electronPackage, 'dist', platformPath(process.platform)), argv: ['.'] });
  });

  it('uses an unpacked Electron named by ELECTRON_OVERRIDE_DIST_PATH without any download', async () => {
    const untouched = freshElectronPackage(join(work, 'override'));
    const before = hits(zipName);
    const run = await npmStart(env(untouched, 'override', { ...LAUNCH_ONLY, ELECTRON_OVERRIDE_DIST_PATH: join(electronPackage, 'dist') }));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(hits(zipName)).toBe(before);
    expect(launchRecord('override').launch.self).toBe(join(electronPackage, 'dist', platformPath(process.platform)));
    expect(existsSync(join(untouched, 'dist'))).toBe(false);
  });
});

describe('npm start after a fresh npm install, offline', SLOW, () => {
  it('unpacks the zip cached by an earlier start without the network (the package\'s own checksums)', async () => {
    const zip = standInZip(version);
    const checksums = { [zipName]: createHash('sha256').update(zip).digest('hex') };
    const ownCache = { ...LAUNCH_ONLY, electron_config_cache: join(work, 'cache-local-sums'), electron_use_remote_checksums: '' };
    const first = freshElectronPackage(join(work, 'connected'), checksums);
    const online = await startMirror(version, { [zipName]: zip });
    try {
      const run = await npmStart(env(first, 'connected', { ...ownCache, ELECTRON_MIRROR: online.url }));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(online.hits.get(`/v${version}/SHASUMS256.txt`)).toBeUndefined();
    } finally {
      await online.close();
    }
    // Same URL, nothing listening any more: @electron/get keys its cache by the URL's folder.
    const reinstalled = freshElectronPackage(join(work, 'reinstalled'), checksums);
    const run = await npmStart(env(reinstalled, 'reinstalled', { ...ownCache, ELECTRON_MIRROR: online.url }));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(launchRecord('reinstalled').launch.self).toBe(join(reinstalled, 'dist', platformPath(process.platform)));
  });
});

describe('npm start when Electron cannot be had', SLOW, () => {
  it('says the mirror is unreachable and the three ways out, and exits 69 without a stack', async () => {
    const electronPackage = freshElectronPackage(join(work, 'down'));
    const down = await closedMirrorUrl();
    const run = await npmStart(env(electronPackage, 'down', { ELECTRON_MIRROR: down }));
    expectClearFailure(run);
    expect(said(run)).toContain(`it is not in node_modules/electron yet and fetching it failed (could not reach ${new URL(down).host}: ECONNREFUSED)`);
    expect(existsSync(join(work, 'record-down.json'))).toBe(false);
    expect(existsSync(join(electronPackage, 'path.txt'))).toBe(false);
  });

  it('names the HTTP status when the mirror lacks this release', async () => {
    const electronPackage = freshElectronPackage(join(work, 'missing'));
    const run = await npmStart(env(electronPackage, 'missing', { ELECTRON_MIRROR: `${mirror.url}elsewhere/` }));
    expectClearFailure(run);
    expect(said(run)).toContain('answered HTTP 404');
  });

  it('says a mirror named without its last / was joined to the release folder, and fetches once it ends in /', async () => {
    // Mirrors of many projects serve Electron under a folder of their own, and are often named
    // without the last / that @electron/get needs: it asked for .../electronv<version>/, a 404.
    const foldered = await startMirror(version, { [zipName]: standInZip(version) }, {}, 'electron');
    try {
      const unslashed = foldered.url.slice(0, -1);
      const electronPackage = freshElectronPackage(join(work, 'unslashed'));
      const run = await npmStart(env(electronPackage, 'unslashed', { ELECTRON_MIRROR: unslashed, ...LAUNCH_ONLY }));
      expectClearFailure(run);
      expect(said(run)).toContain(`${unslashed}v${version}/${zipName} answered HTTP 404 Not Found; ELECTRON_MIRROR ${unslashed} does not end in /, so the release folder was joined to its last part: end it with /)`);
      const fixed = await npmStart(env(electronPackage, 'unslashed', { ELECTRON_MIRROR: foldered.url, ...LAUNCH_ONLY }));
      expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
      expect(fixed.stdout).toContain(`fetching it once from ${foldered.url}v${version}/${zipName}`);
    } finally {
      await foldered.close();
    }
  });

  it('refuses a download that does not match the mirror\'s SHA-256 checksum', async () => {
    const electronPackage = freshElectronPackage(join(work, 'tampered'));
    const tampered = await startMirror(version, { [zipName]: standInZip(version) }, { [zipName]: '0'.repeat(64) });
    try {
      const run = await npmStart(env(electronPackage, 'tampered', { ELECTRON_MIRROR: tampered.url }));
      expectClearFailure(run);
      expect(said(run)).toContain(`the download from ${new URL(tampered.url).host} did not match the SHA-256 in the mirror's SHASUMS256.txt`);
      expect(existsSync(join(electronPackage, 'path.txt'))).toBe(false);
    } finally {
      await tampered.close();
    }
  });

  it('says when the archive does not hold this version\'s executable', async () => {
    const electronPackage = freshElectronPackage(join(work, 'broken'));
    const broken = await startMirror(version, { [zipName]: createZip([{ name: 'README', data: 'not electron' }]) });
    try {
      const run = await npmStart(env(electronPackage, 'broken', { ELECTRON_MIRROR: broken.url }));
      expectClearFailure(run);
      expect(said(run)).toContain(`the archive from ${broken.url}v${version}/${zipName} did not unpack to dist/${platformPath(process.platform)} with dist/version v${version}`);
    } finally {
      await broken.close();
    }
  });

  it('says the electron package itself is missing and to run npm install, exits 69 without a stack', async () => {
    const missing = join(work, 'no-install', 'node_modules', 'electron');
    const run = await npmStart(env(missing, 'no-package'));
    expect(run.code, run.stdout + run.stderr).toBe(ELECTRON_UNAVAILABLE_EXIT);
    expect(said(run)).toContain(`Swap Explorer cannot start: the electron npm package is not installed here (no package.json in ${missing}, ENOENT)`);
    expect(said(run)).toContain('Run `npm install` in the project folder');
    expect(said(run)).toContain('npx swap-explorer serve');
    expect(run.stderr + run.stdout).not.toMatch(/^\s+at /m);
    expect(existsSync(join(work, 'record-no-package.json'))).toBe(false);
  });

  it('says Electron has no build for the platform asked for, without fetching, exits 69 without a stack', async () => {
    const electronPackage = freshElectronPackage(join(work, 'aix'));
    const before = { zip: hits(zipName), shasums: hits('SHASUMS256.txt') };
    const run = await npmStart(env(electronPackage, 'aix', { ELECTRON_INSTALL_PLATFORM: 'aix' }));
    expect(run.code, run.stdout + run.stderr).toBe(ELECTRON_UNAVAILABLE_EXIT);
    expect(said(run)).toContain(`Swap Explorer cannot start: Electron publishes no build for the platform "aix" (named by ELECTRON_INSTALL_PLATFORM), so there is no Electron ${version} binary to fetch.`);
    expect(said(run)).toContain(`set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an Electron ${version} built for this machine`);
    expect(said(run)).toContain('npx swap-explorer serve');
    expect(run.stderr + run.stdout).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toContain('Electron builds are not available');
    expect({ zip: hits(zipName), shasums: hits('SHASUMS256.txt') }).toEqual(before);
  });

  it('says when ELECTRON_OVERRIDE_DIST_PATH holds no Electron', async () => {
    const electronPackage = freshElectronPackage(join(work, 'empty-override'));
    const run = await npmStart(env(electronPackage, 'empty-override', { ELECTRON_OVERRIDE_DIST_PATH: join(work, 'nothing-here') }));
    expectClearFailure(run);
    expect(said(run)).toContain(`ELECTRON_OVERRIDE_DIST_PATH is set to ${join(work, 'nothing-here')}`);
  });
});
