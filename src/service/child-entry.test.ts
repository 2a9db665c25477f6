import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_ENV, ReadyLineSchema } from '../domain/local-service-child.ts';

const ENTRY = fileURLToPath(new URL('./child-entry.ts', import.meta.url));
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
  });
}

describe('local service child entry', () => {
  it('prints the ready line and exits when its parent goes away (stdin ends)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'child-entry-'));
    dirs.push(dir);
    const child = spawn(process.execPath, [ENTRY], { env: { ...process.env, [CHILD_ENV.dataDir]: dir, [CHILD_ENV.apiKey]: 'local_test' }, stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = ReadyLineSchema.parse(JSON.parse(await firstLine(child.stdout)));
    expect(ready.caCertPath).toBe(join(dir, 'cert.pem'));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('refuses to start without its data dir and key', async () => {
    const child = spawn(process.execPath, [ENTRY], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain(CHILD_ENV.apiKey);
  });
});
