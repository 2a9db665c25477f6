import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectory } from './make-directory.ts';

const dir = mkdtempSync(join(tmpdir(), 'make-directory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs makeDirectory in a child with a deadline: the failure this guards against is a loop that
 * never returns, which in-process would stall the test run instead of failing it.
 */
function makeInChild(path: string): { code: string; message: string } | 'made' | 'timed out' {
  const module = fileURLToPath(new URL('./make-directory.ts', import.meta.url));
  const script = `import { makeDirectory } from ${JSON.stringify(module)};
try { makeDirectory(${JSON.stringify(path)}); console.log('"made"'); }
catch (error) { console.log(JSON.stringify({ code: error.code, message: error.message })); }`;
  const ran = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  if (ran.error && (ran.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return 'timed out';
  return JSON.parse(ran.stdout) as { code: string; message: string } | 'made';
}

describe('makeDirectory', () => {
  it('makes a folder and its missing parents with the mode given, and accepts one already there', () => {
    const nested = join(dir, 'a', 'b', 'c');
    makeDirectory(nested, 0o700);
    expect(statSync(nested).isDirectory()).toBe(true);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    expect(() => makeDirectory(nested)).not.toThrow();
  });

  it('throws with the code of what is in the way: a file at the path, or a file as a parent', () => {
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(() => makeDirectory(file)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(() => makeDirectory(join(file, 'below'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('refuses a folder under /proc with ENOENT naming the parent, where recursive mkdir never returns', () => {
    expect(makeInChild('/proc/swap-explorer-test/data')).toEqual({
      code: 'ENOENT',
      message: 'ENOENT: cannot create /proc/swap-explorer-test: /proc exists but does not accept new folders',
    });
  });
});
