import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/ipc/index.ts';
import { SettingsState, keyStateText, testText } from './profiles.svelte.ts';
import { deferred } from './test-support.ts';

// The engine's reasons, as src/core/secrets/secret-store.ts builds them from a D-Bus failure.
const DBUS = 'org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files';
const SET_REASON = `No keychain is available (${DBUS}); the key is kept in memory for this run only`;
const STATUS_REASON = `No keychain is available (${DBUS})`;

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('keyStateText', () => {
  it('before a save, says a typed key is stored on save and promises no keychain', () => {
    const text = keyStateText(null);
    expect(text).toMatch(/^No key stored yet/);
    expect(text).not.toMatch(/keychain/i);
  });

  it('with the OS keychain, says where the key is, or will go', () => {
    expect(keyStateText({ stored: true, backend: 'keychain', reason: null })).toBe('Key stored in the OS keychain');
    const empty = keyStateText({ stored: false, backend: 'keychain', reason: null });
    expect(empty).toMatch(/^No key stored\. /);
    expect(empty).toContain('OS keychain');
    expect(empty).not.toMatch(/no keychain|memory/i);
  });

  it('a key kept in memory: the D-Bus reason and "memory for this run only" said once, no keychain promise', () => {
    const text = keyStateText({ stored: true, backend: 'memory', reason: SET_REASON });
    expect(text).toBe(`Key stored: no keychain is available (${DBUS}); the key is kept in memory for this run only. Enter it again after a restart.`);
    expect(count(text, DBUS)).toBe(1);
    expect(count(text, 'memory for this run only')).toBe(1);
    expect(text).not.toMatch(/OS keychain|sent once to the keychain/);
  });

  it('no key and no keychain: says a typed key would be kept in memory, without asking to enter it again', () => {
    const text = keyStateText({ stored: false, backend: 'memory', reason: STATUS_REASON });
    expect(text).toBe(`No key stored: no keychain is available (${DBUS}); a key typed here is kept in memory for this run only.`);
    expect(count(text, DBUS)).toBe(1);
    expect(text).not.toMatch(/OS keychain|restart/);
  });

  it('a locked keychain is named as locked, not as missing', () => {
    const text = keyStateText({ stored: true, backend: 'memory', reason: 'The keychain is locked (unlock prompt dismissed); the key is kept in memory for this run only' });
    expect(text).toMatch(/^Key stored: the keychain is locked \(unlock prompt dismissed\); the key is kept in memory for this run only\./);
    expect(text).not.toMatch(/no keychain/i);
  });

  it('a memory status without a reason still says why and where', () => {
    expect(keyStateText({ stored: true, backend: 'memory', reason: null })).toBe('Key stored: no keychain is available; the key is kept in memory for this run only. Enter it again after a restart.');
  });
});

describe('testText', () => {
  it('a service that answers with an error (the key refused) is reported as a failure in words, not as reachable alone', () => {
    const error = { code: 'AUTH_FAILED' as const, message: 'The service refused the API key (HTTP 401 Unauthorized): UNAUTHORIZED', details: { status: 401 } };
    const text = testText({ reachable: true, status: 401, durationMs: 12.4, error });
    expect(text).toBe('Reachable in 12 ms, but the test request failed: The service refused the API key (HTTP 401 Unauthorized): UNAUTHORIZED');
    expect(text).not.toMatch(/^Reachable:/);
  });

  it('a 200 is reachable, with its status and time', () => {
    expect(testText({ reachable: true, status: 200, durationMs: 7.6, error: null })).toBe('Reachable: HTTP 200 in 8 ms');
  });
});

describe('SettingsState.test', () => {
  afterEach(() => {
    delete window.api;
  });

  const ok = <T>(value: T) => ({ ok: true as const, value });
  const profile = (baseUrl: string) => ({ id: 'staging', name: 'Staging', baseUrl, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' }, version: 'v2', caPem: null, proxyUrl: null, hasProxyPassword: false, trustSystemCertificates: true, rateBudgetRps: 5, key: null });

  it("keeps the result of the profile's latest test when an earlier one, of settings since mended, answers after it", async () => {
    let listed = profile('https://wrong.example');
    const tests: ReturnType<typeof deferred<unknown>>[] = [];
    window.api = {
      profiles: {
        list: () => Promise.resolve(ok({ profiles: [listed], notice: null })),
        test: () => {
          const answer = deferred<unknown>();
          tests.push(answer);
          return answer.promise;
        },
      },
      localService: { status: () => Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'n/a' } }) },
    } as unknown as AppApi;
    const settings = new SettingsState();
    await settings.load();
    // The wrong URL's test hangs until its time-out; the user mends the URL (saved: Settings reads
    // the list again) and tests again, and that test answers first.
    const first = settings.test('staging');
    listed = profile('https://right.example');
    await settings.load();
    const second = settings.test('staging');
    tests[1]!.resolve(ok({ reachable: true, status: 200, durationMs: 40, error: null }));
    await second;
    expect(testText(settings.tests.staging!)).toMatch(/^Reachable/);
    tests[0]!.resolve(ok({ reachable: false, status: null, durationMs: 10_000, error: { code: 'TIMEOUT', message: 'The service did not answer within 10 s' } }));
    await first;
    expect(testText(settings.tests.staging!)).toBe('Reachable: HTTP 200 in 40 ms');
  });
});

describe('SettingsState.clearKey', () => {
  afterEach(() => {
    delete window.api;
  });

  const ok = <T>(value: T) => ({ ok: true as const, value });
  const stored = { stored: true, backend: 'keychain' as const, reason: null };
  const profile = (id: string, name: string) => ({ id, name, baseUrl: `https://${id}.example`, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' }, version: 'v2', caPem: null, proxyUrl: null, hasProxyPassword: false, trustSystemCertificates: true, rateBudgetRps: 5, key: stored });

  it("does not say another profile's key is cleared when the form moved on to it while the clear went", async () => {
    const cleared = deferred<unknown>();
    window.api = {
      profiles: { list: () => Promise.resolve(ok({ profiles: [profile('staging', 'Staging'), profile('prod', 'Production')], notice: null })) },
      apiKey: { clear: () => cleared.promise },
      localService: { status: () => Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'n/a' } }) },
    } as unknown as AppApi;
    const settings = new SettingsState();
    await settings.load();
    settings.edit(settings.profiles[0]);
    const clearing = settings.clearKey();
    // The keychain is slow to answer (an unlock prompt): the user opens Production meanwhile.
    settings.edit(settings.profiles[1]);
    expect(settings.keyStatus).toEqual(stored);
    cleared.resolve(ok({ stored: false, backend: 'keychain', reason: null }));
    await clearing;
    expect(settings.draft?.id).toBe('prod');
    expect(settings.keyStatus).toEqual(stored);
  });
});
