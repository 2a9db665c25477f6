import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-package.ts and ensure-electron.ts restate what electron's lazy installer decides (which
// zip, from where, checked how, cached where, unpacked how). Restated code does not follow an
// upgrade by itself, so each file it restates is pinned by its SHA-256: when an electron,
// @electron/get or env-paths upgrade changes one, this fails and names what to re-check.

const root = join(import.meta.dirname, '..', '..');
const electronDir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
// Resolved as install.js resolves them: from the electron package, then from @electron/get.
const getEntry = createRequire(join(electronDir, 'package.json')).resolve('@electron/get');
const getDir = dirname(dirname(getEntry));
const envPathsEntry = createRequire(getEntry).resolve('env-paths');

interface Pinned {
  file: string;
  sha256: string;
  restatedIn: string;
}

const PINNED: Pinned[] = [
  {
    file: join(electronDir, 'install.js'),
    sha256: '3b9e0c3c9070edbdb732dc05ed23c6f1c6b7a404bd623033a2f0b71052534e93',
    restatedIn: 'electron-package.ts (installTarget, platformPath, installedExecutable, usesRemoteChecksums) and ensure-electron.ts (fetchAndExtract: the downloadArtifact options, extraction, electron.d.ts, path.txt)',
  },
  {
    file: join(electronDir, 'index.js'),
    sha256: '331e1e14d5f00ccbc61af0df6af6767ebabd48cf2f05d38d3d3345b20f8ce3f9',
    restatedIn: 'electron-package.ts (overrideExecutable: ELECTRON_OVERRIDE_DIST_PATH)',
  },
  {
    file: join(getDir, 'dist', 'artifact-utils.js'),
    sha256: '90c0ba570fe50779c1c9239c60d22be73438c57e3cd718aeb8eb13b43f434a22',
    restatedIn: 'electron-package.ts (mirrorVar, artifactUrl: ELECTRON_MIRROR, custom dir and file name)',
  },
  {
    file: join(getDir, 'dist', 'Cache.js'),
    sha256: '49dfbf8ae8a3ab565f0530605e3ed7b27ab578e5f3addfcb47ab913eedfdb2c1',
    restatedIn: 'electron-package.ts (cacheDir) and build/README.md (the cache keyed by the URL\'s folder)',
  },
  {
    file: envPathsEntry,
    sha256: '52d9fa02d2c9c01a9a1505103cb79ed3cefda2d043f31dc43890fb42bc0125bb',
    restatedIn: 'electron-package.ts (cacheDir: the per-platform cache folders) and the README\'s cache paths',
  },
];

function versionOf(file: string): string {
  let dir = dirname(file);
  while (dirname(dir) !== dir) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name && manifest.version) return `${manifest.name}@${manifest.version}`;
    } catch {
      // No package.json at this level (dist/): keep walking up.
    }
    dir = dirname(dir);
  }
  return 'unknown package';
}

describe("the electron installer code the launcher restates", () => {
  it.each(PINNED.map((pinned) => [relative(root, pinned.file), pinned] as const))('%s is the version that was restated', (_name, pinned) => {
    const actual = createHash('sha256').update(readFileSync(pinned.file)).digest('hex');
    const advice =
      `${relative(root, pinned.file)} (${versionOf(pinned.file)}) changed since build/start/ restated it. ` +
      `Re-check ${pinned.restatedIn} against it, then put its new SHA-256 ${actual} in ${relative(root, import.meta.filename)}.`;
    expect(actual, advice).toBe(pinned.sha256);
  });
});
