import { describe, expect, it } from 'vitest';
import { sampleEntry } from '../test-fixtures.ts';
import { entryHasProblems, explainEntry } from './explain-entry.ts';

// A valid v2 price whose record lost its key header before the file was shared, as customers' files often do.
const url = 'https://api.example.test/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000';
const withoutKey = { 'svc-version': 'v2', accept: 'application/json' };

function keyFinding(status: number) {
  const explained = explainEntry(sampleEntry({ url, requestHeaders: withoutKey, status }));
  return { explained, finding: explained.findings.find((finding) => finding.code === 'MISSING_KEY_HEADER') };
}

describe('explainEntry: a record without its key header', () => {
  it('answered 200: a note that the record cannot tell, not an error, and no problem to explain', () => {
    const { explained, finding } = keyFinding(200);
    expect(finding?.severity).toBe('info');
    expect(finding?.message).toContain('the service answered 200');
    expect(finding?.message).toContain('cannot tell whether it was sent');
    expect(entryHasProblems(explained)).toBe(false);
    // The corrected request still carries the header, with the placeholder.
    expect(explained.corrected?.headers['svc-api-key']).toBe('<API_KEY>');
  });

  it.each([401, 429, 0])('answered %i (or not at all): an error, as a request without the key is refused', (status) => {
    const { explained, finding } = keyFinding(status);
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('without it the service refuses the request');
    expect(entryHasProblems(explained)).toBe(true);
  });

  it('a record with its key header, redacted, has no finding about it', () => {
    expect(explainEntry(sampleEntry({ url })).findings).toEqual([]);
  });
});

describe('explainEntry: the answer', () => {
  it('reads its amounts in the tokens of the chain the request named', () => {
    const summary = explainEntry(sampleEntry({ url })).explanation?.summary ?? '';
    expect(summary).toMatch(/^A price: sells [\d,.]+ \w+ \(\d+ base units\) for [\d,.]+ \w+ \(\d+ base units\)/);
    // Without a chain in the query, the decimals are not guessed.
    expect(explainEntry(sampleEntry({ url, query: {} })).explanation?.summary).toContain('base units of');
  });
});
