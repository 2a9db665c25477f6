import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PROCESS_IO = new URL('./process-io.ts', import.meta.url).href;

/** Runs `script` (an ES module importing process-io) in a child with stdout and stderr piped. */
function child(script: string) {
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('directIo: the output of a short command', () => {
  it('writes everything, in order, when the pipe is non-blocking and full (EAGAIN): the rest goes through the stream', async () => {
    // `process.stdout` on a pipe makes the descriptor non-blocking (libuv), as a parent sharing
    // the pipe can. The test reads nothing until the child has written: 1 MiB cannot fit the pipe.
    const proc = child(`
      import { directIo, outputWritten } from ${JSON.stringify(PROCESS_IO)};
      process.stdout;
      const line = (i) => String(i).padStart(7, '0') + 'x'.repeat(56) + '\\n';
      let first = '';
      for (let i = 0; i < 16384; i++) first += line(i);
      directIo.stdout(first);
      directIo.stdout('end\\n');
      directIo.stderr('handed over\\n');
      await outputWritten();
    `);
    let stderr = '';
    const chunks: Buffer[] = [];
    proc.stdout.pause();
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('handed over')) proc.stdout.on('data', (data: Buffer) => chunks.push(data)).resume();
    });
    const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: 'handed over\n' });
    const lines = Buffer.concat(chunks).toString().split('\n');
    expect(lines).toHaveLength(16386);
    expect(lines.slice(0, 16384).every((text, i) => text.startsWith(String(i).padStart(7, '0')) && text.length === 63)).toBe(true);
    expect(lines.slice(16384)).toEqual(['end', '']);
  });
});
