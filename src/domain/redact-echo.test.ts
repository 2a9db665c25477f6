import { describe, expect, it } from 'vitest';
import { echoCandidates, redactEchoes, redactEchoesInJson } from './redact-echo.ts';

describe('echoed credentials', () => {
  it('looks for the credentials after an auth scheme and each cookie value, never the scheme or short values', () => {
    expect(echoCandidates('Bearer abcdefgh12345')).toEqual(['Bearer abcdefgh12345', 'abcdefgh12345']);
    expect(echoCandidates('session=s3ss10nValue; theme=dark')).toEqual(['session=s3ss10nValue; theme=dark', 'session=s3ss10nValue', 's3ss10nValue', 'theme=dark']);
    expect(echoCandidates('short')).toEqual([]);
  });

  it('replaces a secret as written, JSON-escaped and percent-encoded, and leaves the rest as it was', () => {
    const secret = 'k3y"with/slash+plus';
    const text = `{"message":"key ${JSON.stringify(secret).slice(1, -1)} refused","url":"https://x.test/?k=${encodeURIComponent(secret)}","raw":"${secret.replace('"', '')}"}`;
    expect(redactEchoes(text, [secret], 'REDACTED')).toBe(`{"message":"key REDACTED refused","url":"https://x.test/?k=REDACTED","raw":"${secret.replace('"', '')}"}`);
  });

  it('redacts strings and keys of a parsed body, keeping an own __proto__ key', () => {
    const body = JSON.parse('{"__proto__":{"s3cretKeyValue":1},"list":["a s3cretKeyValue b",2,null]}') as unknown;
    const redacted = redactEchoesInJson(body, ['s3cretKeyValue'], 'REDACTED');
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"REDACTED":1},"list":["a REDACTED b",2,null]}');
  });
});
