import { describe, expect, it } from 'vitest';
import { HEADER_NAMES } from '../spec/index.ts';
import { isApiKeyName, REDACTED, redactHeaders, redactUrl } from './redact.ts';
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
});
