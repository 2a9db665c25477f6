import type { Configuration } from 'electron-builder';

// Release configuration. electron-builder loads `.ts` configs through jiti (app-builder-lib
// util/config/load.js), so this file is type-checked with the rest of the repo and read by
// `npm run dist` as `electron-builder --config build/electron-builder.config.ts`.

/** The keychain binding's native files: N-API `.node` cannot be loaded from inside an asar archive. */
export const KEYCHAIN_UNPACK = ['node_modules/@napi-rs/keyring/**/*.node', 'node_modules/@napi-rs/keyring-*/**'];

/** Fuses flipped in the packaged Electron binary (https://www.electronjs.org/docs/latest/tutorial/fuses). */
export const releaseFuses = {
  // The app never needs ELECTRON_RUN_AS_NODE: the local service runs in a utilityProcess.
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  // Electron validates asar integrity on macOS and Windows only; on Linux the fuse is inert, and
  // electronFuses is one setting for all platforms.
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // The renderer is served from app://, never file://.
  grantFileProtocolExtraPrivileges: false,
} satisfies NonNullable<Configuration['electronFuses']>;

/** The release configuration used by `npm run dist`. */
export const releaseConfig: Configuration = {
  appId: 'dev.swapexplorer.app',
  productName: 'Swap Explorer',
  copyright: 'Copyright © 2026 Swap Explorer contributors',
  directories: { buildResources: 'build', output: 'dist' },
  // Only the electron-vite output and the manifest: sources, tests, build scripts and docs stay out.
  // Production node_modules are added by electron-builder from package.json's dependencies.
  // out/cli/ is the command-line build (bin/swap-explorer.js), not part of the app.
  files: ['out/**', '!out/cli/**', 'package.json', '!**/*.test.*', '!**/*.map'],
  asar: true,
  asarUnpack: KEYCHAIN_UNPACK,
  electronFuses: releaseFuses,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'Swap Explorer maintainers <maintainers@swapexplorer.dev>',
    icon: 'build/icons',
    synopsis: 'Explore and compare token-swap prices',
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    icon: 'build/icon.png',
  },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
};

export default releaseConfig;
