import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './main.ts';

/** The repository root and the bin launcher a user runs (`npx swap-explorer`). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin/swap-explorer.js');

/** What a CLI run wrote and the code it ended with (null: ended by a signal). */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in this process through `main`, capturing what it writes. */
export async function inProcess(args: string[]): Promise<Ran & { code: number }> {
  const io = { stdout: '', stderr: '' };
  const code = await main(args, { stdout: (text) => (io.stdout += text), stderr: (text) => (io.stderr += text) });
  return { code, ...io };
}

/** Runs a command through the bin launcher in a child process, as a user does; `env` adds to this process's. */
export function spawnCli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Runs the CLI as a user whose home and config folders are these (HOME, XDG_CONFIG_HOME), with no
 * variable naming a data folder unless `named` sets one: a lookup then reads the CLI's default folder
 * (<home>/.swap-explorer) and then the desktop app's (<xdg>/swap-explorer, as Electron names it on Linux).
 */
export function spawnCliAsUser(args: string[], user: { home: string; xdg: string }, named: NodeJS.ProcessEnv = {}, cwd = ROOT): Promise<Ran> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: user.home, XDG_CONFIG_HOME: user.xdg };
  delete env.SWAP_EXPLORER_DATA_DIR;
  delete env.SWAP_EXPLORER_USER_DATA;
  Object.assign(env, named);
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
