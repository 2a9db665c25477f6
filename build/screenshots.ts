import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * `npm run screenshots`: the e2e suite with UPDATE_SCREENSHOTS=1, so the tests write the README's
 * screenshots into docs/screenshots. A script rather than `UPDATE_SCREENSHOTS=1 playwright test` in
 * package.json, because an environment prefix is shell syntax that Windows' cmd does not run.
 * Further arguments go to Playwright (`npm run screenshots -- e2e/support.spec.ts --workers=1`).
 */

const root = join(import.meta.dirname, '..');

/** The Playwright command to run and its environment: the caller's plus UPDATE_SCREENSHOTS=1. */
export function screenshotsCommand(args: string[], env: NodeJS.ProcessEnv): { argv: string[]; env: NodeJS.ProcessEnv } {
  const cli = join(dirname(createRequire(join(root, 'package.json')).resolve('@playwright/test/package.json')), 'cli.js');
  return { argv: [cli, 'test', ...args], env: { ...env, UPDATE_SCREENSHOTS: '1' } };
}

if (import.meta.main) {
  const command = screenshotsCommand(process.argv.slice(2), process.env);
  const child = spawn(process.execPath, command.argv, { cwd: root, stdio: 'inherit', env: command.env });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
