import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAccessLog } from './access-log-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'access-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('openAccessLog', () => {
  it('writes a turn of lines together, in order, and close() writes those still held', async () => {
    const file = join(dir, 'access.log');
    const log = openAccessLog(file, { mode: 0o600 });
    log.write('{"n":1}');
    log.write('{"n":2}');
    await turn();
    log.write('{"n":3}');
    // Held until the next turn: close() must not lose it.
    await log.close();
    expect(await readFile(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('appends to the file that is there', async () => {
    const file = join(dir, 'access.log');
    const first = openAccessLog(file);
    first.write('a');
    await first.close();
    const second = openAccessLog(file);
    second.write('b');
    await second.close();
    expect(await readFile(file, 'utf8')).toBe('a\nb\n');
  });

  it('writes to the fallback when no file is named, one write per turn', async () => {
    const writes: string[] = [];
    const log = openAccessLog(undefined, { fallback: (text) => writes.push(text) });
    log.write('x');
    log.write('y');
    expect(writes).toEqual([]);
    await turn();
    log.write('z');
    await log.close();
    expect(writes).toEqual(['x\ny\n', 'z\n']);
  });
});
