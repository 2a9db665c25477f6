import { describe, expect, it } from 'vitest';
import { bugLogLine } from './bug-log-line.ts';

describe('a bug as main logs it', () => {
  it('keeps where and the stack, and no credential the message quoted', () => {
    const error = new TypeError('could not reach http://alice:Pr0xy-S3cret@proxy.corp:3128/ with svc-api-key: k3y-0123456789abcdef and Authorization: Bearer t0k3n-abcdef');
    const line = bugLogLine('uncaught exception', error);
    expect(line).toMatch(/^\[uncaught exception\] TypeError: could not reach http:\/\/REDACTED:REDACTED@proxy\.corp:3128\//);
    expect(line).toContain('bug-log-line.test.ts');
    expect(line).not.toMatch(/Pr0xy-S3cret|k3y-0123456789abcdef|t0k3n-abcdef/);
  });

  it('logs a rejection that is not an Error by its value, redacted the same way', () => {
    expect(bugLogLine('unhandled rejection', { proxyUrl: 'http://alice:Pr0xy-S3cret@proxy.corp:3128' })).not.toContain('Pr0xy-S3cret');
    expect(bugLogLine('unhandled rejection', 'plain text')).toBe('[unhandled rejection] plain text');
  });
});
