import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAtomically } from './write-atomically.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-atomically-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('replaces the file whole, in a folder it makes, readable by its owner only, and leaves no temp file', async () => {
    const path = join(dir, 'nested', 'profiles.json');
    await writeAtomically(path, 'first', 'the profiles');
    await writeAtomically(path, 'second', 'the profiles', { isDurable: false });
    expect(await readFile(path, 'utf8')).toBe('second');
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'nested'))).toEqual(['profiles.json']);
  });

  it('names the file and the reason when it cannot be written, and leaves the old one', async () => {
    const blocker = join(dir, 'blocker');
    await writeFile(blocker, 'a file where the folder would be');
    await expect(writeAtomically(join(blocker, 'runs.json'), '{}', 'the size ladder')).rejects.toMatchObject({
      code: 'STORAGE',
      message: expect.stringMatching(/^The size ladder could not be saved: E(NOTDIR|EXIST)/),
    });
    expect(await readFile(blocker, 'utf8')).toBe('a file where the folder would be');
  });
});
