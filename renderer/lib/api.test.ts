import { afterEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../src/ipc/index.ts';
import { api } from './api.ts';

afterEach(() => {
  delete window.api;
});

describe('api', () => {
  it('refuses an input with a "__proto__" key without calling the bridge, and passes any other through', async () => {
    const calls: unknown[] = [];
    // Frozen as the context bridge leaves it.
    window.api = Object.freeze({ request: Object.freeze({ send: async (input: unknown) => (calls.push(input), { ok: true, value: 'sent' }) }) }) as unknown as AppApi;
    const params = JSON.parse('{"chainId":"1","__proto__":"1"}') as Record<string, string>;
    const refused = await api.request.send({ requestId: 'r', profileId: 'local', endpoint: 'swap.chains', params });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', details: [{ field: 'params.__proto__' }] } });
    expect(calls).toEqual([]);
    const sent = await api.request.send({ requestId: 'r', profileId: 'local', endpoint: 'swap.chains', params: { chainId: '1' } });
    expect(sent).toEqual({ ok: true, value: 'sent' });
    expect(calls).toHaveLength(1);
  });
});
