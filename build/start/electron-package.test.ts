import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectronPackage, hasElectronBuild, overrideExecutable, platformPath } from './electron-package.ts';

const empty = mkdtempSync(join(tmpdir(), 'swap-explorer-no-electron-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('finding the electron package', () => {
  it('names node_modules/electron when a project folder has none (no throw, no stack)', () => {
    expect(findElectronPackage(empty, {})).toEqual({ ok: false, reason: `node_modules/electron was not found from ${empty}, MODULE_NOT_FOUND` });
  });

  it('reads the project\'s own package and its version', () => {
    const found = findElectronPackage(join(import.meta.dirname, '..', '..'), {});
    expect(found.ok && found.pkg.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('platforms Electron is built for', () => {
  it('knows install.js\'s platforms and refuses others without throwing', () => {
    for (const platform of ['darwin', 'mas', 'linux', 'freebsd', 'openbsd', 'win32']) expect(hasElectronBuild(platform)).toBe(true);
    for (const platform of ['aix', 'sunos', 'android', 'toString']) expect(hasElectronBuild(platform)).toBe(false);
    expect(() => platformPath('aix')).toThrow('Electron builds are not available on platform: aix');
  });

  it('an override folder is looked in without asking for a platform path that may not exist', () => {
    expect(overrideExecutable({ dir: empty, version: '45.0.0' }, '/opt/electron')).toBe(join('/opt/electron', platformPath(process.platform)));
  });
});
