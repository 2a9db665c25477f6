import * as real from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_IMPORT, importedBindings } from './build-cli.ts';
import * as standIn from './cli-fs-promises.ts';

// The CLI bundle's node:fs/promises must answer what Node's module answers, errors included: the
// engine's stores match on `code` (ENOENT means "no file yet").
let dir: string;
beforeAll(async () => {
  dir = await real.mkdtemp(join(tmpdir(), 'cli-fs-promises-'));
});
afterAll(() => real.rm(dir, { recursive: true, force: true }));

async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await work() };
  } catch (error) {
    const { code, syscall, path } = error as NodeJS.ErrnoException;
    return { error: { code, syscall, path } };
  }
}

describe('the CLI stand-in for node:fs/promises', () => {
  it('exports every name the sources import from node:fs/promises', async () => {
    const sources: string[] = [];
    for await (const file of real.glob('src/**/*.ts', { cwd: join(import.meta.dirname, '..') })) if (!file.endsWith('.test.ts')) sources.push(file);
    const imported = new Set<string>();
    for (const file of sources) {
      const code = await real.readFile(join(import.meta.dirname, '..', file), 'utf8');
      for (const [, list, module] of code.matchAll(NODE_IMPORT)) {
        if (module === 'node:fs/promises') for (const { imported: name } of importedBindings(list!)) imported.add(name);
      }
    }
    expect(imported.size).toBeGreaterThan(3);
    for (const name of imported) expect(typeof (standIn as Record<string, unknown>)[name], name).toBe('function');
  });

  it('reads, writes, lists, renames, stats and removes as Node does, with the same errors', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    for (const [name, module] of [['real', real], ['stand-in', standIn]] as const) {
      const root = join(dir, name);
      expect(await outcome(() => module.mkdir(join(root, 'x', 'y'), { recursive: true })), name).toEqual({ value: root });
      await module.writeFile(join(root, 'f.txt'), 'héllo');
      expect(await module.readFile(join(root, 'f.txt'), 'utf8')).toBe('héllo');
      expect(Buffer.isBuffer(await module.readFile(join(root, 'f.txt')))).toBe(true);
      expect((await module.readdir(root)).sort()).toEqual(['f.txt', 'x']);
      await module.rename(join(root, 'f.txt'), join(root, 'g.txt'));
      expect((await module.stat(join(root, 'g.txt'))).size).toBe(6);
      expect((await module.mkdtemp(join(root, 'tmp-'))).startsWith(join(root, 'tmp-'))).toBe(true);
      await module.rm(join(root, 'x'), { recursive: true });
      expect((await module.readdir(root)).filter((entry) => !entry.startsWith('tmp-'))).toEqual(['g.txt']);
    }
    for (const work of [
      (module: typeof real) => module.readFile(a, 'utf8'),
      (module: typeof real) => module.readdir(a),
      (module: typeof real) => module.rename(a, b),
      (module: typeof real) => module.stat(a),
      (module: typeof real) => module.rm(a),
      (module: typeof real) => module.writeFile(join(a, 'f'), 'x'),
    ]) {
      expect(await outcome(() => work(standIn as unknown as typeof real))).toEqual(await outcome(() => work(real)));
    }
  });

  it('opens a real FileHandle', async () => {
    const handle = await standIn.open(join(dir, 'handle.txt'), 'w');
    await handle.writeFile('data');
    await handle.sync();
    await handle.close();
    expect(await real.readFile(join(dir, 'handle.txt'), 'utf8')).toBe('data');
  });
});
