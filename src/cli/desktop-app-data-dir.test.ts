import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { desktopAppDataDir } from './desktop-app-data-dir.ts';

// Electron names userData after package.json's name; these are the folders it makes of it.
describe('desktopAppDataDir', () => {
  it('is named after package.json, which is where Electron takes the name from', () => {
    expect(packageJson.name).toBe('swap-explorer');
  });

  it('on Linux, is under XDG_CONFIG_HOME when it is set', () => {
    expect(desktopAppDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ana')).toBe('/xdg/swap-explorer');
  });

  it('on Linux, is under ~/.config when XDG_CONFIG_HOME is unset or empty', () => {
    expect(desktopAppDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/swap-explorer');
    expect(desktopAppDataDir('linux', { XDG_CONFIG_HOME: '' }, '/home/ana')).toBe('/home/ana/.config/swap-explorer');
  });

  it('on macOS, is under ~/Library/Application Support whatever XDG_CONFIG_HOME says', () => {
    expect(desktopAppDataDir('darwin', { XDG_CONFIG_HOME: '/xdg' }, '/Users/ana')).toBe('/Users/ana/Library/Application Support/swap-explorer');
  });

  it('on Windows, is under APPDATA, else the roaming folder in the home folder', () => {
    expect(desktopAppDataDir('win32', { APPDATA: 'D:\\Roam' }, 'C:\\Users\\ana')).toBe('D:\\Roam\\swap-explorer');
    expect(desktopAppDataDir('win32', {}, 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Roaming\\swap-explorer');
  });
});
