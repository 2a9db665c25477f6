import { lookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { mapTransportError } from './map-error.ts';

describe('mapTransportError', () => {
  it('says a host DNS does not know in words, Node text kept after it', async () => {
    // A real resolver failure (.invalid never resolves, RFC 6761), as getaddrinfo reports it.
    const error = await lookup('api.swap-explorer.invalid').then(
      () => null,
      (failure: unknown) => failure,
    );
    const mapped = mapTransportError(error);
    expect(mapped.code).toBe('NETWORK');
    expect(mapped.message).toMatch(/^The service could not be reached: (no such host: DNS has no address for|DNS did not answer for) api\.swap-explorer\.invalid/);
    expect(mapped.message).toContain('(getaddrinfo ');
  });

  it('keeps the text of a failure it has no words for', () => {
    const mapped = mapTransportError(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_CLOSED' }));
    expect(mapped.message).toBe('The service could not be reached: socket hang up');
  });
});
