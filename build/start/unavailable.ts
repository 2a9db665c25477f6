/**
 * The exit code of `npm start`, `npm run dev` and `npm run dist` when the Electron binary cannot be
 * had: 69 is sysexits' EX_UNAVAILABLE ("a required service is unavailable"), distinct from the
 * 1 of a failed build and the 2 of a usage error.
 */
export const ELECTRON_UNAVAILABLE_EXIT = 69;

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
    `point ELECTRON_MIRROR at a mirror serving v${version}/electron-v${version}-${platform}-${arch}.zip and v${version}/SHASUMS256.txt (behind a proxy: ELECTRON_GET_USE_PROXY=1 with HTTPS_PROXY);`,
    `or ${override}.`,
    'Without Electron, `npx swap-explorer serve`, `npx swap-explorer price` and `npx swap-explorer compare` work as they are.',
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
