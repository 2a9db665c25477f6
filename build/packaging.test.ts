import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';
import { recordReliability } from '../src/test-support/reliability.ts';
import { readPngHeader } from './png.ts';

// Installers cannot be built offline (no Electron binary), so this checks the configuration as
// electron-builder itself loads and schema-validates it.
const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'package.json'));
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
const { DebugLogger } = require('builder-util');

async function load(file: string): Promise<Configuration> {
  const config = (await getConfig(root, file, null)) as Configuration;
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

const release = await load('build/electron-builder.config.ts');
const test = await load('build/electron-builder.test.config.ts');

// electron-builder normalises `files` into one {filter} set: include if a positive glob matches and
// no negated one does.
function isPackaged(config: Configuration, path: string): boolean {
  const filters = (config.files as Array<{ filter: string[] }>).flatMap((f) => f.filter);
  const positive = filters.filter((f) => !f.startsWith('!'));
  const negative = filters.filter((f) => f.startsWith('!')).map((f) => f.slice(1));
  return positive.some((g) => matchesGlob(path, g)) && !negative.some((g) => matchesGlob(path, g));
}

describe('release packaging configuration', () => {
  it('flips every release fuse the hardening issue lists', ({ task }) => {
    const fuses = Object.entries(release.electronFuses ?? {}).map(([fuse, on]) => `${fuse} ${String(on)}`);
    recordReliability(task, { area: 'packaging', done: 'electron-builder loads and schema-validates the release configuration', must: 'RunAsNode, NODE_OPTIONS, CLI inspect and file-protocol privileges off; cookie encryption, asar integrity and asar-only on', observed: fuses.join(', ') || 'no fuses' });
    expect(release.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the build output and manifest but no sources, tests or build scripts', ({ task }) => {
    const shipped = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json'];
    const notShipped = ['src/core/http/client.ts', 'main/index.ts', 'renderer/App.svelte', 'e2e/fixtures.ts', 'build/security-gate.ts', 'out/main/x.test.js', 'out/main/index.js.map', 'out/cli/swap-explorer.js'];
    const packed = [...shipped, ...notShipped].filter((path) => isPackaged(release, path));
    recordReliability(task, { area: 'packaging', done: `the release file filters are matched against ${shipped.length} build outputs and ${notShipped.length} sources, tests and maps`, must: 'pack only out/** and package.json', observed: `packed: ${packed.join(', ') || 'nothing'}` });
    for (const path of shipped) expect(isPackaged(release, path), path).toBe(true);
    for (const path of notShipped) expect(isPackaged(release, path), path).toBe(false);
  });

  it('packs into asar but unpacks the keychain native module and its platform packages', ({ task }) => {
    const unpack = release.asarUnpack as string[];
    const isUnpacked = (path: string) => unpack.some((g) => matchesGlob(path, g));
    const keychain = ['node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node', 'node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node', 'node_modules/@napi-rs/keyring-win32-x64-msvc/keyring.win32-x64-msvc.node'];
    recordReliability(task, { area: 'packaging', done: 'the asar settings are matched against the keychain binaries of 3 platforms and a plain JS module', must: 'asar on; only the native keychain module unpacked', observed: `asar ${String(release.asar)}; keychain binaries unpacked: ${keychain.filter(isUnpacked).length} of ${keychain.length}; zod unpacked: ${isUnpacked('node_modules/zod/index.js')}` });
    expect(release.asar).toBe(true);
    for (const path of keychain) expect(isUnpacked(path), path).toBe(true);
    expect(isUnpacked('node_modules/zod/index.js')).toBe(false);
  });

  it('targets AppImage and deb on Linux, dmg on macOS, nsis on Windows', ({ task }) => {
    recordReliability(task, { area: 'packaging', done: 'the release targets and macOS signing settings are read', must: 'AppImage + deb, dmg with hardened runtime and no unsigned executable memory, nsis', observed: `linux ${[release.linux?.target].flat().join(', ')}; mac ${[release.mac?.target].flat().join(', ')} (hardened runtime ${String(release.mac?.hardenedRuntime)}); win ${[release.win?.target].flat().join(', ')}` });
    expect(release.linux?.target).toEqual(['AppImage', 'deb']);
    expect(release.linux?.category).toBe('Development');
    expect(release.linux?.maintainer).toBeTruthy();
    expect(release.mac?.target).toEqual(['dmg']);
    expect(release.mac?.hardenedRuntime).toBe(true);
    expect(readFileSync(join(root, release.mac!.entitlements!), 'utf8')).not.toContain('allow-unsigned-executable-memory');
    expect(release.win?.target).toEqual(['nsis']);
    expect(release.productName).toBe('Swap Explorer');
    expect(release.directories).toEqual({ buildResources: 'build', output: 'dist' });
  });

  it('has a 512x512 PNG icon and a size-named Linux icon set', ({ task }) => {
    const icon = readPngHeader(readFileSync(join(root, 'build/icon.png')));
    const sizes = [16, 32, 48, 64, 128, 256, 512];
    const headers = sizes.map((size) => readPngHeader(readFileSync(join(root, `build/icons/${size}x${size}.png`))));
    recordReliability(task, { area: 'packaging', done: 'the icon and the Linux icon set are decoded', must: 'a 512x512 RGBA icon; each NxN.png really N by N', observed: `icon.png ${icon.width}x${icon.height}; set: ${headers.map((h) => `${h.width}x${h.height}`).join(', ')}` });
    expect(icon).toEqual({ width: 512, height: 512, bitDepth: 8, colorType: 6 });
    headers.forEach((header, index) => expect([header.width, header.height]).toEqual([sizes[index], sizes[index]]));
  });
});

describe('e2e packaging variant', () => {
  it('differs from release only in the inspect fuse and the output folder', ({ task }) => {
    const fuseChanges = Object.entries(test.electronFuses ?? {}).filter(([fuse, on]) => (release.electronFuses as Record<string, unknown>)[fuse] !== on);
    const otherChanges = Object.keys({ ...release, ...test }).filter((key) => key !== 'electronFuses' && JSON.stringify((release as Record<string, unknown>)[key]) !== JSON.stringify((test as Record<string, unknown>)[key]));
    recordReliability(task, { area: 'packaging', done: 'the e2e configuration is compared with the release one', must: 'differ only in the CLI-inspect fuse (Playwright attaches) and the output folder', observed: `fuses changed: ${fuseChanges.map(([fuse, on]) => `${fuse} ${String(on)}`).join(', ') || 'none'}; other keys changed: ${otherChanges.join(', ') || 'none'}` });
    expect(test.electronFuses).toEqual({ ...release.electronFuses, enableNodeCliInspectArguments: true });
    expect(test.directories).toEqual({ ...release.directories, output: 'dist-test' });
    const strip = ({ electronFuses: _f, directories: _d, ...rest }: Configuration) => rest;
    expect(strip(test)).toEqual(strip(release));
  });
});
