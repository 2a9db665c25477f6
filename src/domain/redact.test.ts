import { describe, expect, it } from 'vitest';
import { HEADER_NAMES } from '../spec/index.ts';
import { isApiKeyName, isCredentialName, REDACTED, redactEntryCredentials, redactHeaders, redactUrl } from './redact.ts';
import { SECRET } from './test-fixtures.ts';

describe('redaction', () => {
  it('matches the key header by name in any case, by default the spec header', () => {
    expect(isApiKeyName(HEADER_NAMES.apiKey.toUpperCase())).toBe(true);
    expect(isApiKeyName(HEADER_NAMES.version)).toBe(false);
    expect(isApiKeyName('X-Api-Key', 'x-api-key')).toBe(true);
  });

  it('replaces only the key header, leaving the others and the input untouched', () => {
    const headers = { [HEADER_NAMES.apiKey]: SECRET, [HEADER_NAMES.version]: 'v2' };
    expect(redactHeaders(headers)).toEqual({ [HEADER_NAMES.apiKey]: REDACTED, [HEADER_NAMES.version]: 'v2' });
    expect(headers[HEADER_NAMES.apiKey]).toBe(SECRET);
  });

  it('replaces a key query parameter and keeps a URL without one byte for byte', () => {
    const url = `https://x.test/swap/chains?chainId=1&${HEADER_NAMES.apiKey}=${SECRET}`;
    const redacted = new URL(redactUrl(url));
    expect(redacted.searchParams.get(HEADER_NAMES.apiKey)).toBe(REDACTED);
    expect(redacted.searchParams.get('chainId')).toBe('1');
    expect(redactUrl('https://x.test/a?b=%20c')).toBe('https://x.test/a?b=%20c');
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('knows every credential name, in any case: the key header, key-like names, auth and cookies', () => {
    for (const name of ['svc-api-key', 'Authorization', 'PROXY-AUTHORIZATION', '0x-api-key', 'X-Api-Key', 'apiKey', 'api_key', 'Cookie', 'set-cookie']) expect(isCredentialName(name)).toBe(true);
    expect(isCredentialName('x-key', 'x-key')).toBe(true);
    for (const name of ['svc-version', 'content-type', 'user-agent', 'chainId', 'sellToken', 'keyword']) expect(isCredentialName(name)).toBe(false);
  });

  it('puts the placeholder in for the key header and REDACTED for any other credential', () => {
    const headers = { 'svc-api-key': SECRET, authorization: `Bearer ${SECRET}`, Cookie: `sid=${SECRET}`, 'svc-version': 'v2' };
    expect(redactHeaders(headers, undefined, '<API_KEY>')).toEqual({ 'svc-api-key': '<API_KEY>', authorization: REDACTED, Cookie: REDACTED, 'svc-version': 'v2' });
    const url = redactUrl(`https://user:${SECRET}@x.test/swap/chains?apikey=${SECRET}&svc-api-key=${SECRET}&chainId=1`, undefined, '<API_KEY>');
    expect(url).not.toContain(SECRET);
    expect(new URL(url).searchParams.get('apikey')).toBe(REDACTED);
    expect(new URL(url).searchParams.get('svc-api-key')).toBe('<API_KEY>');
    expect(new URL(url).searchParams.get('chainId')).toBe('1');
  });

  it("redacts a URL's user name as its password (a key is often the user name), and its echo in the answer", () => {
    for (const userinfo of [SECRET, `${SECRET}:`, `alice:${SECRET}`, `${SECRET}:pw`]) {
      const url = `https://${userinfo}@x.test/swap/chains?chainId=1`;
      const redacted = new URL(redactUrl(url));
      expect([redacted.username, redacted.host, redacted.searchParams.get('chainId')], userinfo).toEqual([REDACTED, 'x.test', '1']);
      expect(redacted.href, userinfo).not.toContain(SECRET);
    }
    const entry = { url: `https://${SECRET}@x.test/swap/chains`, query: {}, requestHeaders: {}, responseHeaders: {}, statusText: `Unknown key ${SECRET}`, bodyText: `{"message":"Unknown key ${SECRET}"}` };
    expect(JSON.stringify(redactEntryCredentials(entry))).not.toContain(SECRET);
  });

  it("redacts the password's echo when the user name is not valid percent-encoding, and such a name's own echo", () => {
    const entry = { url: `https://%zzuser01:${SECRET}@x.test/swap/chains`, query: {}, requestHeaders: {}, responseHeaders: {}, statusText: `Unknown key ${SECRET}`, bodyText: `{"message":"Unknown key ${SECRET} for %zzuser01"}` };
    const redacted = JSON.stringify(redactEntryCredentials(entry));
    expect(redacted).not.toContain(SECRET);
    expect(redacted).not.toContain('%zzuser01');
  });
});

