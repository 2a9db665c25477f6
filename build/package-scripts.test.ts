import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshotsCommand } from './screenshots.ts';

// npm runs scripts with sh on Linux and macOS but with cmd.exe on Windows (npm's script-shell
// default), so package.json scripts may only use what both understand: commands and arguments,
// double quotes, and the `&&` / `||` chaining cmd shares with sh. Anything else belongs in a node
// script under build/ (as build/start.ts and build/screenshots.ts are).

const root = join(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

// Each rule: what it catches and why cmd.exe cannot run it.
const SHELL_ONLY: { rule: string; pattern: RegExp }[] = [
  { rule: 'an environment prefix (VAR=value command): cmd runs "VAR=value" as a command', pattern: /(^|&&|\|\||[|;(])\s*[A-Za-z_][A-Za-z0-9_]*=/ },
  { rule: 'a $ expansion ($VAR, ${VAR}, $(command)): cmd passes it on literally', pattern: /\$/ },
  { rule: 'a %VAR% expansion: sh passes it on literally', pattern: /%[A-Za-z_][A-Za-z0-9_]*%/ },
  { rule: 'a backtick command substitution: cmd passes it on literally', pattern: /`/ },
  { rule: 'single quotes: cmd keeps them as part of the argument', pattern: /'/ },
  { rule: 'a ; separator: cmd does not split commands on it', pattern: /;/ },
  { rule: 'a POSIX-only command (rm, cp, mv, export, cat, ls, test, [): cmd has none of them', pattern: /(^|&&|\|\|)\s*(rm|cp|mv|export|cat|ls|test|\[)\s/ },
];

/** The shell-only constructs a script uses, as readable rule names. */
function shellOnly(script: string): string[] {
  return SHELL_ONLY.filter(({ pattern }) => pattern.test(script)).map(({ rule }) => rule);
}

describe('package.json scripts', () => {
  it.each(Object.entries(scripts))('%s runs the same under sh and cmd.exe', (_name, script) => {
    expect(shellOnly(script)).toEqual([]);
  });

  it('the rules catch what they are for and allow && chains', () => {
    expect(shellOnly('UPDATE_SCREENSHOTS=1 playwright test')).toHaveLength(1);
    expect(shellOnly('npm run build && NODE_ENV=production node x.js')).toHaveLength(1);
    expect(shellOnly('node x.js --out $HOME/out')).toHaveLength(1);
    expect(shellOnly("eslint 'src/**/*.ts'")).toHaveLength(1);
    expect(shellOnly('rm -rf out && node build/build-cli.ts')).toHaveLength(1);
    expect(shellOnly('npm run lint && npm run typecheck || node report.ts')).toEqual([]);
    expect(shellOnly('node build/dist.ts --config build/electron-builder.config.ts')).toEqual([]);
  });
});

describe('npm run screenshots', () => {
  it('is a node script that runs Playwright with UPDATE_SCREENSHOTS=1 and the arguments given', () => {
    expect(scripts.screenshots).toBe('node build/screenshots.ts');
    const command = screenshotsCommand(['e2e/support.spec.ts', '--workers=1'], { PATH: '/usr/bin', UPDATE_SCREENSHOTS: '0' });
    expect(existsSync(command.argv[0]!)).toBe(true);
    expect(command.argv[0]).toMatch(/@playwright[\\/]test[\\/]cli\.js$/);
    expect(command.argv.slice(1)).toEqual(['test', 'e2e/support.spec.ts', '--workers=1']);
    expect(command.env).toEqual({ PATH: '/usr/bin', UPDATE_SCREENSHOTS: '1' });
  });

  it('sets the variable the tests read to decide where screenshots go', () => {
    // The e2e helpers write into docs/screenshots only when this exact variable is "1".
    expect(readFileSync(join(root, 'e2e', 'pages', 'app-page.ts'), 'utf8')).toContain("process.env.UPDATE_SCREENSHOTS === '1'");
  });
});
