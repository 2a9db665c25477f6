import { lookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { errorCodes, mapTransportError } from './map-error.ts';

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

  it('reads each error of a cause chain that loops back on itself once', () => {
    const outer = Object.assign(new Error('outer'), { code: 'UND_ERR_SOCKET' });
    const inner = Object.assign(new Error('inner', { cause: outer }), { code: 'ECONNRESET' });
    outer.cause = inner;
    expect(errorCodes(outer)).toEqual(['UND_ERR_SOCKET', 'ECONNRESET']);
    expect(mapTransportError(outer).code).toBe('NETWORK');
  });

  it("reports Node's every-address connect failure by the aggregate's own code, not its attempts'", () => {
    // As net's happy-eyeballs connect reports it: the first attempt's code copied onto the aggregate.
    const attempts = [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), Object.assign(new Error('connect ETIMEDOUT ::1:9'), { code: 'ETIMEDOUT' })];
    const aggregate = Object.assign(new AggregateError(attempts), { code: 'ECONNREFUSED' });
    expect(errorCodes(aggregate)).toEqual(['ECONNREFUSED']);
    expect(mapTransportError(aggregate).code).toBe('NETWORK');
  });
});
