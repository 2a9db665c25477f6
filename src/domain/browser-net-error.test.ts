import { describe, expect, it } from 'vitest';
import { readBrowserNetError } from './browser-net-error.ts';

describe('readBrowserNetError', () => {
  it("reads Chrome's common net::ERR_ codes in plain words", () => {
    expect(readBrowserNetError('net::ERR_CERT_AUTHORITY_INVALID')).toMatch(/certificate/i);
    expect(readBrowserNetError('net::ERR_CERT_DATE_INVALID')).toMatch(/certificate/i);
    expect(readBrowserNetError('net::ERR_NAME_NOT_RESOLVED')).toMatch(/host name/i);
    expect(readBrowserNetError('net::ERR_BLOCKED_BY_CLIENT')).toMatch(/extension/i);
    expect(readBrowserNetError('net::ERR_FAILED')).toMatch(/CORS/);
    expect(readBrowserNetError('net::ERR_CONNECTION_REFUSED')).toMatch(/refused/i);
  });

  it('reads nothing into a code it does not know, or text that is no net:: code', () => {
    expect(readBrowserNetError('net::ERR_QUIC_PROTOCOL_ERROR_X')).toBeNull();
    expect(readBrowserNetError('something went wrong')).toBeNull();
  });
});
