import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../src/ipc/index.ts';
import { CONTENT_SECURITY_POLICY } from '../src/core/content-security-policy.ts';
import { FakeWebContents, type createFakeElectron } from './test-support/fake-electron.ts';

// main/ runs against a recording fake of electron (the binary cannot run here); vi.mock swaps the
// module for every import of 'electron' in this file's module graph.
const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./test-support/fake-electron.ts');
  fake.current = create();
  return fake.current.module;
});

function record() {
  if (!fake.current) throw new Error('electron fake not loaded');
  return fake.current.record;
}

const USER_DATA = '/tmp/swap-explorer-shell-test';

function listenersOf(event: 'uncaughtException' | 'unhandledRejection'): unknown[] {
  return event === 'uncaughtException' ? process.listeners('uncaughtException') : process.listeners('unhandledRejection');
}

// The process's own handlers before main adds its own (vitest has some).
const processListeners = { uncaughtException: listenersOf('uncaughtException'), unhandledRejection: listenersOf('unhandledRejection') };

beforeAll(async () => {
  process.env.SWAP_EXPLORER_USER_DATA = USER_DATA;
  await import('./index.ts');
  await vi.waitFor(() => expect(record().windows).toHaveLength(1));
});

describe('the window', () => {
  it('is sandboxed, isolated and without Node, set explicitly', () => {
    const prefs = record().windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
  });

  it('loads the renderer from app://, not file://', () => {
    expect(record().windows[0]?.loadedUrl).toBe('app://swap-explorer/index.html');
  });

  it('denies navigation, redirects, webviews and new windows', () => {
    const contents = record().windows[0]!.webContents;
    expect(contents.emitPreventable('will-navigate', 'https://example.com')).toBe(true);
    expect(contents.emitPreventable('will-redirect', 'https://example.com')).toBe(true);
    expect(contents.emitPreventable('will-attach-webview')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });

  it('denies every permission request and check but writing to the clipboard', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'clipboard-sanitized-write']) {
      record().permissionRequestHandler?.(null, permission, (granted: boolean) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, true]);
    expect(record().permissionCheckHandler?.(null, 'clipboard-read')).toBe(false);
    expect(record().permissionCheckHandler?.(null, 'clipboard-sanitized-write')).toBe(true);
  });

  it('locks down every web contents the app creates, not only the main window', () => {
    const created = record().appListeners.get('web-contents-created')?.[0];
    const contents = new FakeWebContents();
    created?.({}, contents);
    expect(contents.emitPreventable('will-navigate', 'https://example.com')).toBe(true);
    expect(contents.windowOpenHandler?.({})).toEqual({ action: 'deny' });
  });
});

describe('the app lifecycle', () => {
  it('takes the single-instance lock and honours the user-data override', () => {
    expect(record().singleInstanceLockRequested).toBe(1);
    expect(record().paths.get('userData')).toBe(USER_DATA);
  });

  it('registers app:// as a standard, secure scheme', () => {
    expect(record().privilegedSchemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
  });

  it('serves the renderer over app:// with the CSP header', async () => {
    const handler = record().protocolHandlers.get('app');
    const response = await handler!(new Request('app://swap-explorer/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const foreign = await handler!(new Request('app://elsewhere/index.html'));
    expect(foreign.status).toBe(404);
  });
});

describe('a bug nothing caught', () => {
  // Electron shows an uncaught exception's stack in a dialog unless the app handles the event itself.
  it.for(['uncaughtException', 'unhandledRejection'] as const)('%s is logged with its stack, redacted, not left to Electron\'s stack-trace dialog', (event) => {
    const added = listenersOf(event).filter((listener) => !processListeners[event].includes(listener));
    expect(added).toHaveLength(1);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const error = new Error('proxy http://alice:Pr0xy-S3cret@proxy.corp:3128 and svc-api-key: k3y-0123456789abcdef');
      (added[0] as (error: unknown) => void)(error);
      const text = logged.mock.calls.flat().join(' ');
      expect(text).toContain('http://REDACTED:REDACTED@proxy.corp:3128');
      expect(text).toContain('shell.test.ts');
      expect(text).not.toMatch(/Pr0xy-S3cret|k3y-0123456789abcdef/);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('IPC registration', () => {
  it('registers every contract channel and nothing else', () => {
    expect([...record().ipcHandlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('answers the app page and refuses other senders', async () => {
    const handler = record().ipcHandlers.get('app.info')!;
    const ours = (await handler({ senderFrame: { url: 'app://swap-explorer/index.html' } }, undefined)) as { ok: boolean; value?: { dataDir: string } };
    expect(ours.ok).toBe(true);
    expect(ours.value?.dataDir).toBe(USER_DATA);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', undefined]) {
      const answer = (await handler({ senderFrame: url ? { url } : null }, undefined)) as { ok: boolean; error?: { code: string } };
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });

  it('answers invalid input with INVALID_INPUT instead of throwing', async () => {
    const handler = record().ipcHandlers.get('app.info')!;
    const answer = (await handler({ senderFrame: { url: 'app://swap-explorer/' } }, { unexpected: true })) as { ok: boolean; error?: { code: string } };
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('the data worker', () => {
  const app = { senderFrame: { url: 'app://swap-explorer/index.html' } };

  it('answers history channels through IPC, and is closed when the app quits', async () => {
    const count = record().ipcHandlers.get('history.count')!;
    expect(await count(app, undefined)).toMatchObject({ ok: true, value: { count: expect.any(Number) } });
    for (const listener of record().appListeners.get('will-quit') ?? []) listener();
    await vi.waitFor(async () => expect(await count(app, undefined)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } }));
  });
});
