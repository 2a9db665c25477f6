import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { inProcess as cli, spawnCli } from './test-support.ts';
import { COMMANDS } from './commands.ts';

/** The codes a help text gives: its "Exit codes:" paragraph ("…: 0 done, 1 …") and any "exit N". */
function exitCodesIn(help: string): Set<number> {
  const paragraph = /Exit codes:[\s\S]*?(?:\n\n|$)/.exec(help)?.[0] ?? '';
  const listed = [...paragraph.matchAll(/(?::|,)\s(\d+)\s/g)].map((match) => Number(match[1]));
  const said = [...help.matchAll(/\bexit (\d+)\b/g)].map((match) => Number(match[1]));
  return new Set([...listed, ...said]);
}

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

  it('lists in --help the exit codes every command gives in its own help, and 141 for a closed pipe', async () => {
    const top = await cli(['--help']);
    const codes = exitCodesIn(top.stdout);
    for (const name of Object.keys(COMMANDS)) {
      const own = exitCodesIn((await cli([name, '--help'])).stdout);
      expect(own.size, name).toBeGreaterThan(0);
      expect([...own].filter((code) => !codes.has(code)), `${name}'s codes missing from swap-explorer --help`).toEqual([]);
    }
    expect([...codes].sort((a, b) => a - b)).toEqual([0, 1, 2, 130, 141]);
    // The same text where a bare `swap-explorer` prints it, on stderr with its usage exit.
    const bare = await cli([]);
    expect([bare.code, exitCodesIn(bare.stderr)]).toEqual([2, codes]);
  });
});
