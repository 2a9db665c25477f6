import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { inProcess as cli, spawnCli } from './test-support.ts';

describe('swap-explorer', () => {
  it('prints its version for --version, -V and version, from source and as built', async () => {
    for (const flag of ['--version', '-V', 'version']) {
      const ran = await cli([flag]);
      expect([ran.code, ran.stdout], flag).toEqual([0, `swap-explorer ${packageJson.version} (Node ${process.versions.node})\n`]);
    }
    // The built bundle loads package.json lazily too.
    expect((await spawnCli(['--version'])).stdout).toBe(`swap-explorer ${packageJson.version} (Node ${process.versions.node})\n`);
  });

  it('takes `help <command>` for `<command> --help`', async () => {
    const asked = await cli(['help', 'price']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toBe((await cli(['price', '--help'])).stdout);
    expect(asked.stdout).toMatch(/^Usage: swap-explorer price /);
    expect((await cli(['help'])).stdout).toMatch(/^Usage: swap-explorer <command>/);
  });
});
