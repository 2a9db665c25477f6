import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distTargets, hasCustomElectronDist } from './dist-preflight.ts';
import { ELECTRON_UNAVAILABLE_EXIT } from './unavailable.ts';
import { closedMirrorUrl } from './test-support/mirror.ts';
import { runScript } from './test-support/fresh-install.ts';

// `npm run dist` checks, before electron-builder starts, that electron-builder's own Electron
// download works (it never uses node_modules/electron's binary). A successful build needs the real
// binary and packaging tools from the network, so only the refusal is run end to end here.

const root = join(import.meta.dirname, '..', '..');
const version = (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'swap-explorer-dist-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run dist without a reachable Electron', { timeout: 120_000 }, () => {
  it('says electron-builder could not fetch its own copy, the ways out, and exits 69 without a stack', async () => {
    const mirror = await closedMirrorUrl();
    // A fresh cache (env-paths reads XDG_CACHE_HOME on Linux, HOME elsewhere) so no earlier zip is found.
    const run = await runScript('dist', ['--linux', '--x64'], { ELECTRON_MIRROR: mirror, XDG_CACHE_HOME: join(work, 'cache'), HOME: join(work, 'home') });
    const out = run.stdout + run.stderr;
    const said = out.replace(/\s+/g, ' ');
    expect(run.code, out).toBe(ELECTRON_UNAVAILABLE_EXIT);
    expect(said).toContain(`electron-builder fetches its own copy of Electron ${version}`);
    expect(said).toContain(`could not reach ${new URL(mirror).host}: ECONNREFUSED`);
    expect(said).toContain(`point ELECTRON_MIRROR at a mirror serving v${version}/electron-v${version}-linux-x64.zip and v${version}/SHASUMS256.txt, its URL ending in /`);
    expect(said).toContain('-c.electronDist=<path>');
    expect(said).toContain('npx swap-explorer serve');
    expect(out).not.toMatch(/^\s+at /m);
  });
});

describe('npm run dist without the electron package', { timeout: 120_000 }, () => {
  it('says to run npm install and exits 69 without a stack', async () => {
    const run = await runScript('dist', ['--linux', '--x64'], { SWAP_EXPLORER_ELECTRON_PACKAGE: join(work, 'no-install', 'node_modules', 'electron') });
    const out = run.stdout + run.stderr;
    expect(run.code, out).toBe(ELECTRON_UNAVAILABLE_EXIT);
    expect(out.replace(/\s+/g, ' ')).toContain('npm run dist cannot build installers: the electron npm package is not installed here');
    expect(out.replace(/\s+/g, ' ')).toContain('Run `npm install` in the project folder');
    expect(out).not.toMatch(/^\s+at /m);
  });
});

describe('the zips electron-builder will fetch', () => {
  it('is the host platform and arch when no flag names one', () => {
    expect(distTargets(['--config', 'build/electron-builder.config.ts'])).toEqual([{ platform: process.platform, arch: process.arch }]);
  });

  it('is every named platform for every named arch, universal meaning both mac archs', () => {
    expect(distTargets(['--linux', 'AppImage', '-w', '--x64', '--arm64'])).toEqual([
      { platform: 'linux', arch: 'x64' },
      { platform: 'linux', arch: 'arm64' },
      { platform: 'win32', arch: 'x64' },
      { platform: 'win32', arch: 'arm64' },
    ]);
    expect(distTargets(['--mac', '--universal'])).toEqual([
      { platform: 'darwin', arch: 'x64' },
      { platform: 'darwin', arch: 'arm64' },
    ]);
  });

  it('is none to check when the build brings its own Electron', () => {
    expect(hasCustomElectronDist(['-c.electronDist=/opt/electron'], {})).toBe(true);
    expect(hasCustomElectronDist([], { electronDist: '/opt/electron' })).toBe(true);
    expect(hasCustomElectronDist(['--linux'], {})).toBe(false);
  });
});
