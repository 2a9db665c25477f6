import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createZip } from './zip.ts';
import { platformPath } from '../electron-package.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * A copy of the project's `node_modules/electron` package as `npm install` leaves it on a fresh
 * machine (no dist/, no path.txt), under `<dir>/node_modules/electron`, with its two installer
 * dependencies linked to the project's so they resolve as they would in a real install. The
 * project's own copy is never touched. `checksums` replaces checksums.json (the release's own
 * SHA-256 list) with the stand-in zip's, as the real package lists the real zip's.
 */
export function freshElectronPackage(dir: string, checksums?: Record<string, string>): string {
  const source = realpathSync(join(root, 'node_modules', 'electron'));
  const target = join(dir, 'node_modules', 'electron');
  cpSync(source, target, { recursive: true, filter: (path) => !['dist', 'path.txt'].includes(basename(path)) || dirname(path) !== source });
  if (checksums) writeFileSync(join(target, 'checksums.json'), JSON.stringify(checksums, null, 2));
  for (const dependency of ['@electron/get', '@electron-internal/extract-zip']) {
    const link = join(dir, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(root, 'node_modules', dependency)), link, 'junction');
  }
  return target;
}

/**
 * The release zip for this platform: a stand-in executable at the path Electron's own zip has it
 * (a script that runs stand-in-electron.ts on this Node, passing its own path) and `version`.
 */
export function standInZip(version: string): Buffer {
  const standIn = join(import.meta.dirname, 'stand-in-electron.ts');
  const script = `#!/bin/sh\nSTAND_IN_SELF="$0" exec "${process.execPath}" "${standIn}" "$@"\n`;
  return createZip([
    { name: platformPath(process.platform), data: script, mode: 0o755 },
    { name: 'version', data: `v${version}` },
    { name: 'LICENSE', data: 'stand-in for the Electron license\n' },
  ]);
}

/** What one run of the launcher printed and how it ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Variables from the developer's or CI's shell that would steer the download or the launch away
// from what the test sets (npm exports .npmrc settings as npm_config_*).
const INHERITED = /^(ELECTRON_|npm_config_electron_|npm_package_config_electron_|npm_config_platform$|npm_config_arch$|electron_)/i;

/**
 * Runs package.json's `script` (e.g. `start`: `node build/start.ts preview`) as npm would, on this
 * Node, with `args` appended as `npm start -- <args>` does, in a clean Electron environment plus
 * `env`. Reading the script keeps the test on the command a user's `npm start` runs.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...scriptArgs] = (scripts[script] ?? '').split(' ');
  if (command !== 'node') throw new Error(`package.json's "${script}" script is "${scripts[script]}", not a node command`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED.test(name)));
  const child = spawn(process.execPath, [...scriptArgs, ...args], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
