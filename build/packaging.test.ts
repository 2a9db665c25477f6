import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';
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
  it('flips every release fuse the hardening issue lists', () => {
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

  it('ships the build output and manifest but no sources, tests or build scripts', () => {
    expect(isPackaged(release, 'out/main/index.js')).toBe(true);
    expect(isPackaged(release, 'out/preload/index.cjs')).toBe(true);
    expect(isPackaged(release, 'out/renderer/index.html')).toBe(true);
    expect(isPackaged(release, 'package.json')).toBe(true);
    for (const path of ['src/core/http/client.ts', 'main/index.ts', 'renderer/App.svelte', 'e2e/fixtures.ts', 'build/security-gate.ts', 'out/main/x.test.js', 'out/main/index.js.map']) {
      expect(isPackaged(release, path), path).toBe(false);
    }
  });

  it('packs into asar but unpacks the keychain native module and its platform packages', () => {
    expect(release.asar).toBe(true);
    const unpack = release.asarUnpack as string[];
    for (const path of ['node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node', 'node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node', 'node_modules/@napi-rs/keyring-win32-x64-msvc/keyring.win32-x64-msvc.node']) {
      expect(unpack.some((g) => matchesGlob(path, g)), path).toBe(true);
    }
    expect(unpack.some((g) => matchesGlob('node_modules/zod/index.js', g))).toBe(false);
  });

  it('targets AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
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

  it('has a 512x512 PNG icon and a size-named Linux icon set', () => {
    expect(readPngHeader(readFileSync(join(root, 'build/icon.png')))).toEqual({ width: 512, height: 512, bitDepth: 8, colorType: 6 });
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      const header = readPngHeader(readFileSync(join(root, `build/icons/${size}x${size}.png`)));
      expect([header.width, header.height]).toEqual([size, size]);
    }
  });
});

describe('e2e packaging variant', () => {
  it('differs from release only in the inspect fuse and the output folder', () => {
    expect(test.electronFuses).toEqual({ ...release.electronFuses, enableNodeCliInspectArguments: true });
    expect(test.directories).toEqual({ ...release.directories, output: 'dist-test' });
    const strip = ({ electronFuses: _f, directories: _d, ...rest }: Configuration) => rest;
    expect(strip(test)).toEqual(strip(release));
  });
});
