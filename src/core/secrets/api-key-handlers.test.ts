import { describe, expect, it } from 'vitest';
import { apiKeyChannels } from '../../ipc/channels/api-key.ts';
import { toFieldErrors } from '../../spec/index.ts';
import { createApiKeyHandlers } from './api-key-handlers.ts';
import { createKeychainBackend } from './keychain-backend.ts';
import { createSecretStore } from './secret-store.ts';

function handlersFor(profiles: string[]) {
  const secrets = createSecretStore(createKeychainBackend(`swap-explorer-test-${process.pid}-${Math.random().toString(36).slice(2)}`));
  return { secrets, handlers: createApiKeyHandlers({ secrets, hasProfile: (id) => profiles.includes(id) }) };
}

describe('apiKey handlers', () => {
  it('set, status and clear answer with status only, never the key', async () => {
    const { handlers, secrets } = handlersFor(['p1']);
    const answers = [
      await handlers['apiKey.set']({ profileId: 'p1', key: 'sk_live_1234' }),
      await handlers['apiKey.status']({ profileId: 'p1' }),
    ];
    expect(answers).toEqual([
      { stored: true, backend: 'keychain', reason: null },
      { stored: true, backend: 'keychain', reason: null },
    ]);
    expect(JSON.stringify(answers)).not.toContain('sk_live_1234');
    expect(await secrets.getKey('p1')).toBe('sk_live_1234');
    expect(await handlers['apiKey.clear']({ profileId: 'p1' })).toEqual({ stored: false, backend: 'keychain', reason: null });
  });

  it('refuses keys for unknown profiles and for Local service, whose key is generated', async () => {
    const { handlers } = handlersFor(['p1']);
    await expect(handlers['apiKey.set']({ profileId: 'nope', key: 'k' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(handlers['apiKey.set']({ profileId: 'local', key: 'k' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('refuses an empty key, whitespace and control characters at the boundary', () => {
    const reasons = (key: string) => {
      const raw = { profileId: 'p1', key };
      const parsed = apiKeyChannels['apiKey.set'].input.safeParse(raw);
      return parsed.success ? [] : toFieldErrors(parsed.error, raw);
    };
    expect(reasons('')).toContainEqual({ field: 'key', reason: 'must not be empty' });
    expect(reasons('has space')).toEqual([{ field: 'key', reason: 'must be printable characters without spaces' }]);
    expect(reasons('line\nbreak')).toEqual([{ field: 'key', reason: 'must be printable characters without spaces' }]);
    expect(reasons('x'.repeat(1_025))).toEqual([{ field: 'key', reason: 'must be at most 1024 characters' }]);
    expect(reasons('sk_OK-123.~')).toEqual([]);
  });
});
