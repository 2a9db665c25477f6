import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, splitChannel } from '../../src/ipc/index.ts';
import { createFakeElectron } from '../test-support/fake-electron.ts';

// The built preload (npm run build runs before the unit tests) is what a sandboxed renderer gets:
// it may require only 'electron', since a sandboxed preload has no module loader for anything else.
const BUNDLE = join(import.meta.dirname, '../../out/preload/index.cjs');

function loadBundle(): string {
  try {
    return readFileSync(BUNDLE, 'utf8');
  } catch {
    throw new Error(`${BUNDLE} is missing: run npm run build before the unit tests`);
  }
}

describe('the built preload', () => {
  it('requires nothing but electron', () => {
    const required = [...loadBundle().matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((match) => match[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('exposes window.api with one method per channel that invokes that channel', async () => {
    const { module, record } = createFakeElectron();
    const requireFake = (name: string) => {
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return module;
    };
    new Function('require', 'module', 'exports', loadBundle())(requireFake, { exports: {} }, {});
    const api = record.exposedInMainWorld.get('api') as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
    expect([...record.exposedInMainWorld.keys()]).toEqual(['api']);
    for (const name of CHANNEL_NAMES) {
      const { area, verb } = splitChannel(name);
      await expect(api[area]?.[verb]?.({ probe: name })).resolves.toEqual({ channel: name, input: { probe: name } });
    }
    const methodCount = Object.values(api).reduce((sum, area) => sum + Object.keys(area).length, 0);
    expect(methodCount).toBe(CHANNEL_NAMES.length);
  });
});
