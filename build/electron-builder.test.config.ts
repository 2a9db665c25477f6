import type { Configuration } from 'electron-builder';
import { releaseConfig, releaseFuses } from './electron-builder.config.ts';

// The e2e variant: a packaged app Playwright can drive. Playwright's _electron.launch starts the app
// with --inspect=0 and attaches to the main process through it, so the CLI-inspect fuse must stay
// on. Everything else matches release, so e2e exercises the shipped asar and fuses; output goes to
// its own folder so a test build is never mistaken for a release artifact.

/** Configuration for `npm run dist:test`: release plus the one fuse Playwright needs. */
export const testConfig: Configuration = {
  ...releaseConfig,
  directories: { ...releaseConfig.directories, output: 'dist-test' },
  electronFuses: { ...releaseFuses, enableNodeCliInspectArguments: true },
};

export default testConfig;
