import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { nonEmpty } from './data-dir-names.ts';

/**
 * The desktop app's data folder as Electron names it, for the CLI to find the app's history without
 * being told. Electron's `app.getPath('userData')` is `appData` joined with the app's name, and the
 * name is package.json's `productName`, else its `name` (electronjs.org/docs/latest/api/app#appgetname,
 * #appgetpathname). main/index.ts never renames it, and `productName` lives only in electron-builder's
 * config, which does not copy it into the packaged package.json: so the folder is `name`,
 * `swap-explorer`. `appData` is `$XDG_CONFIG_HOME` else `~/.config` on Linux (Chromium's XDG rule:
 * an empty variable counts as unset), `~/Library/Application Support` on macOS, `%APPDATA%` on
 * Windows. SWAP_EXPLORER_USER_DATA moves the app's folder; the caller reads that variable first.
 */
export function desktopAppDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const name = packageJson.name;
  if (platform === 'win32') return win32.join(nonEmpty(env.APPDATA) ?? win32.join(home, 'AppData', 'Roaming'), name);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', name);
  return posix.join(nonEmpty(env.XDG_CONFIG_HOME) ?? posix.join(home, '.config'), name);
}
