import { describe, expect, it } from 'vitest';
import { HistorySearchInputSchema } from '../../src/ipc/channels/history.ts';
import { emptyFilters, searchInput } from './history-search.ts';

describe('searchInput', () => {
  it('sends only the filters that are set, typed as the channel expects', () => {
    expect(searchInput('  ', emptyFilters())).toEqual({ limit: 200 });
    const input = searchInput(' 0xABC ', { ...emptyFilters(), chainId: '8453', endpoint: 'permit2.quote', status: '429', errorName: ' RATE_LIMITED ', token: ' usdc ' });
    expect(input).toEqual({ limit: 200, text: '0xABC', chainId: 8453, endpoint: 'permit2.quote', status: 429, errorName: 'RATE_LIMITED', token: 'usdc' });
    expect(searchInput('', { ...emptyFilters(), status: 'error' }).status).toBe('error');
    expect(HistorySearchInputSchema.safeParse(input).success).toBe(true);
  });

  it('reads the datetime-local values as local time and sends them with an offset', () => {
    const input = searchInput('', { ...emptyFilters(), from: '2026-03-01T09:30', to: '2026-03-01T18:00' });
    expect(Date.parse(input.from!)).toBe(new Date(2026, 2, 1, 9, 30).getTime());
    expect(Date.parse(input.to!)).toBe(new Date(2026, 2, 1, 18, 0, 59, 999).getTime());
    expect(HistorySearchInputSchema.safeParse(input).success).toBe(true);
  });

  it('takes in the whole minute or second a To value names, as the list shows times to the second', () => {
    expect(Date.parse(searchInput('', { ...emptyFilters(), to: '2026-03-01T18:00' }).to!)).toBe(new Date(2026, 2, 1, 18, 0, 59, 999).getTime());
    expect(Date.parse(searchInput('', { ...emptyFilters(), to: '2026-03-01T18:00:05' }).to!)).toBe(new Date(2026, 2, 1, 18, 0, 5, 999).getTime());
    expect(Date.parse(searchInput('', { ...emptyFilters(), to: '2026-03-01T18:00:05.250' }).to!)).toBe(new Date(2026, 2, 1, 18, 0, 5, 250).getTime());
    // From stays the first instant of what it names.
    expect(Date.parse(searchInput('', { ...emptyFilters(), from: '2026-03-01T18:00:05' }).from!)).toBe(new Date(2026, 2, 1, 18, 0, 5).getTime());
  });

  it('throws on a date the browser could not parse, so the screen can say so instead of searching', () => {
    expect(() => searchInput('', { ...emptyFilters(), from: 'not a date' })).toThrow(RangeError);
  });
});
