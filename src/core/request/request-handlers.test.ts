import { describe, expect, it } from 'vitest';
import { SendRequestInputSchema, requestChannels } from '../../ipc/channels/request.ts';
import { createRequestHandlers } from './request-handlers.ts';
import type { RequestService, SendInput } from './send-request.ts';

// A recording service: the handlers are wiring only, so what matters is what they pass on.
function recordingService() {
  const sent: SendInput[] = [];
  const cancelled: string[] = [];
  const service: RequestService = {
    send: async (input) => {
      sent.push(input);
      throw new Error('not under test');
    },
    cancel: (requestId) => {
      cancelled.push(requestId);
      return requestId === 'running';
    },
    close: async () => undefined,
  };
  return { service, sent, cancelled };
}

describe('request handlers and channels', () => {
  it('passes request.send input through to the service unchanged', async () => {
    const { service, sent } = recordingService();
    const input = SendRequestInputSchema.parse({ requestId: 'r', profileId: 'p', endpoint: 'swap.chains', params: {}, replayOf: 4 });
    await expect(createRequestHandlers(service)['request.send'](input)).rejects.toThrow('not under test');
    expect(sent).toEqual([input]);
  });

  it('answers request.cancel with whether a request was running', async () => {
    const { service } = recordingService();
    const handlers = createRequestHandlers(service);
    expect(await handlers['request.cancel']({ requestId: 'running' })).toEqual({ cancelled: true });
    expect(await handlers['request.cancel']({ requestId: 'gone' })).toEqual({ cancelled: false });
  });

  it('refuses unknown endpoints, non-string params and extra fields at the channel', () => {
    const base = { requestId: 'r', profileId: 'p', endpoint: 'swap.chains', params: {} };
    expect(SendRequestInputSchema.safeParse(base).success).toBe(true);
    expect(SendRequestInputSchema.safeParse({ ...base, endpoint: 'swap.trade' }).success).toBe(false);
    expect(SendRequestInputSchema.safeParse({ ...base, params: { chainId: 1 } }).success).toBe(false);
    expect(SendRequestInputSchema.safeParse({ ...base, apiKey: 'k' }).success).toBe(false);
    expect(requestChannels['request.cancel'].input.safeParse({ requestId: '' }).success).toBe(false);
  });
});
