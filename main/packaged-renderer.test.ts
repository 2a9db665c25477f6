import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { createFakeElectron } from './test-support/fake-electron.ts';

// The packaged app started with ELECTRON_RENDERER_URL in its environment (electron-vite sets it in
// development only): the release fuses turn off ELECTRON_RUN_AS_NODE and NODE_OPTIONS so that the
// environment cannot take the app over, and the renderer is app:// in production.
const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./test-support/fake-electron.ts');
  fake.current = create();
  (fake.current.module.app as { isPackaged: boolean }).isPackaged = true;
  return fake.current.module;
});

const ELSEWHERE = 'http://elsewhere.example:5173';

beforeAll(async () => {
  process.env.SWAP_EXPLORER_USER_DATA = await mkdtemp(join(tmpdir(), 'packaged-renderer-'));
  process.env.ELECTRON_RENDERER_URL = `${ELSEWHERE}/`;
  await import('./index.ts');
  await vi.waitFor(() => expect(fake.current!.record.windows).toHaveLength(1));
});

afterAll(() => {
  delete process.env.ELECTRON_RENDERER_URL;
  for (const listener of fake.current!.record.appListeners.get('will-quit') ?? []) listener();
});

describe('the packaged app with ELECTRON_RENDERER_URL set', () => {
  it('loads its own renderer from app://, not the page the environment names', () => {
    expect(fake.current!.record.windows[0]!.loadedUrl).toBe('app://swap-explorer/index.html');
  });

  it('answers no IPC from that page', async () => {
    const handler = fake.current!.record.ipcHandlers.get('profiles.list')!;
    const answer = (await handler({ senderFrame: { url: `${ELSEWHERE}/index.html` } }, undefined)) as { ok: boolean };
    expect(answer.ok).toBe(false);
  });
});
