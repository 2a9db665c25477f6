import { describe, expect, it } from 'vitest';
import { chainName } from '../../../src/domain/chains.ts';
import type { HistorySummary } from '../../../src/ipc/schemas/history-entry.ts';
import { entryHeadline, tokenAddressesText } from './entry-headline.ts';

const row: HistorySummary = {
  id: 3,
  startedAt: '2026-01-02T03:04:05.000Z',
  origin: 'imported',
  profileId: 'imported',
  profileName: 'Imported',
  endpoint: 'permit2.quote',
  chainId: 8453,
  sellToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  buyToken: '0x0000000000000000000000000000000000001234',
  status: 400,
  errorName: 'INPUT_INVALID',
  zid: '0x0000000000000000000abc12',
  durationMs: 10,
  replayOf: null,
};

describe('entryHeadline', () => {
  it('names the chain, the pair by symbol where known, the endpoint and the failure', () => {
    const headline = entryHeadline(row);
    expect(headline).toMatchObject({ status: '400 INPUT_INVALID', isOk: false, chain: 'Base', endpoint: 'Permit2 quote' });
    expect(headline.pair).toBe('USDC → 0x0000…1234');
  });

  it('names no pair for a request that names no token (a source listing), where "? → ?" would say nothing', () => {
    expect(entryHeadline({ ...row, endpoint: 'sources', sellToken: null, buyToken: null }).pair).toBeNull();
    // One token missing is worth saying: the request left it out.
    expect(entryHeadline({ ...row, buyToken: null }).pair).toBe('USDC → ?');
  });

  it("names a demo token of the local service by its symbol, as the entry's amounts read", () => {
    expect(entryHeadline({ ...row, buyToken: '0x7a7a000000000000000000000000000000000001' }).pair).toBe('USDC → TAXD');
  });

  it('gives the time in local time to the second, the same instant as the stored ISO time', () => {
    const { time } = entryHeadline(row);
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:05$/);
    // A date-time without an offset is read as local time: it must name the stored instant.
    expect(new Date(time.replace(' ', 'T')).toISOString()).toBe(row.startedAt);
    expect(entryHeadline({ ...row, startedAt: '2026-01-02T03:04:59.999Z' }).time).toMatch(/:59$/);
  });

  it('names a chain the app does not list as every screen does', () => {
    expect(entryHeadline({ ...row, chainId: 999999 }).chain).toBe(chainName(999999));
    expect(entryHeadline({ ...row, chainId: 999999 }).chain).toBe('Chain 999999');
  });

  it('says when no response arrived and when there is no chain', () => {
    expect(entryHeadline({ ...row, status: null, errorName: 'TIMEOUT', chainId: null })).toMatchObject({ status: 'no response TIMEOUT', chain: 'no chain' });
  });

  it('gives the whole address of each token the request named by one, with its symbol where a list knows it', () => {
    expect(entryHeadline(row).addresses).toEqual([
      { side: 'Sell', symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      { side: 'Buy', symbol: null, address: '0x0000000000000000000000000000000000001234' },
    ]);
    expect(tokenAddressesText(entryHeadline(row).addresses)).toBe('sells USDC 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913, buys 0x0000000000000000000000000000000000001234');
    // A token named by its symbol has no address in the request: nothing to show.
    expect(entryHeadline({ ...row, sellToken: 'USDC', buyToken: null }).addresses).toEqual([]);
  });
});
