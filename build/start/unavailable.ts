/**
 * The exit code of `npm start`, `npm run dev` and `npm run dist` when the Electron binary cannot be
 * had: 69 is sysexits' EX_UNAVAILABLE ("a required service is unavailable"), distinct from the
 * 1 of a failed build and the 2 of a usage error.
 */
export const ELECTRON_UNAVAILABLE_EXIT = 69;

const WITHOUT_ELECTRON = 'Without Electron, `npx swap-explorer serve`, `npx swap-explorer price` and `npx swap-explorer compare` work as they are.';

/** What the binary is needed for: the app (start/dev) or the installers (dist, through electron-builder). */
export type Purpose = 'app' | 'dist';

/** What the paragraph names: the Electron version, the target, and where a fetched zip is cached. */
export interface Wanted {
  version: string;
  platform: string;
  arch: string;
  cacheDir: string;
}

/**
 * The one paragraph printed when Electron cannot be had: what failed, the three ways out, and the
 * commands that need no Electron at all. No stack: the reason is already one line.
 */
export function unavailableMessage(purpose: Purpose, wanted: Wanted, reason: string): string {
  const { version, platform, arch } = wanted;
  const what =
    purpose === 'app'
      ? `Swap Explorer cannot start without the Electron ${version} binary: ${reason}.`
      : `npm run dist cannot build installers: electron-builder fetches its own copy of Electron ${version} (into its cache, not node_modules/electron) and that fetch failed (${reason}).`;
  const override =
    purpose === 'app'
      ? `set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron ${version}`
      : `pass an Electron ${version} zip or unpacked folder with \`npm run dist -- -c.electronDist=<path>\``;
  const sentences = [
    what,
    purpose === 'app'
      ? `Ways out: run \`npm start\` once on a connected machine (the zip is cached in ${wanted.cacheDir} and unpacked into node_modules/electron, so later starts need no network);`
      : `Ways out: build installers on a connected machine (electron-builder also downloads its packaging tools; the zip is cached in ${wanted.cacheDir});`,
    `point ELECTRON_MIRROR at a mirror serving v${version}/electron-v${version}-${platform}-${arch}.zip and v${version}/SHASUMS256.txt, its URL ending in / (behind a proxy: ELECTRON_GET_USE_PROXY=1 with HTTPS_PROXY);`,
    `or ${override}.`,
    WITHOUT_ELECTRON,
    `(exit code ${ELECTRON_UNAVAILABLE_EXIT})`,
  ];
  return wrap(sentences.join(' '), 100);
}

/**
 * The paragraph when the electron npm package itself is missing or unreadable (no version to
 * fetch): `npm install` is the way out, since the package comes from the registry, not a mirror.
 */
export function missingPackageMessage(purpose: Purpose, reason: string): string {
  const what = purpose === 'app' ? 'Swap Explorer cannot start' : 'npm run dist cannot build installers';
  const sentences = [
    `${what}: the electron npm package is not installed here (${reason}), so there is no Electron version to fetch.`,
    'Run `npm install` in the project folder: it installs the package from the npm registry (the binary is fetched later, by the first `npm start`).',
    WITHOUT_ELECTRON,
    `(exit code ${ELECTRON_UNAVAILABLE_EXIT})`,
  ];
  return wrap(sentences.join(' '), 100);
}

/**
 * The paragraph when Electron publishes no build for the platform asked for: nothing can be
 * fetched, so the mirror and the connected machine are no way out; a self-built Electron is.
 */
export function unsupportedPlatformMessage(version: string, reason: string): string {
  const sentences = [
    `Swap Explorer cannot start: ${reason}, so there is no Electron ${version} binary to fetch.`,
    'Ways out: if ELECTRON_INSTALL_PLATFORM or npm_config_platform named it, unset it;',
    `or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an Electron ${version} built for this machine.`,
    WITHOUT_ELECTRON,
    `(exit code ${ELECTRON_UNAVAILABLE_EXIT})`,
  ];
  return wrap(sentences.join(' '), 100);
}

// One paragraph, broken at spaces so it reads in an 80-100 column terminal.
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join('\n');
}
