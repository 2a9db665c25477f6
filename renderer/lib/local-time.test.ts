import { describe, expect, it } from 'vitest';
import { localTime } from './local-time.ts';

describe('localTime', () => {
  it('writes the instant in local time to the second, read back as the same instant', () => {
    const iso = '2026-11-20T09:30:05.250Z';
    const text = localTime(iso);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A date-time without an offset is read as local time: it names the instant, to the second.
    expect(new Date(text.replace(' ', 'T')).toISOString()).toBe('2026-11-20T09:30:05.000Z');
  });
});
