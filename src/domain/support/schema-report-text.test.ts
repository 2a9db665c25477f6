import { describe, expect, it } from 'vitest';
import { allowanceHolderPriceBody, permit2PriceBody } from '../../spec/test-fixtures.ts';
import { AllowanceHolderPriceResponseSchema, schemaReport } from '../../spec/index.ts';
import { sampleEntry } from '../test-fixtures.ts';
import { exchangeSchemaReport, pastedBodySchemaReport } from '../entry-schema-report.ts';
import { buildSupportReportHtml } from './report.ts';
import { escapeHtml } from './report-html.ts';
import { recognizePaste } from './recognize.ts';
import { schemaReportRows, schemaReportSummary, schemaReportText } from './schema-report-text.ts';

// An Allowance Holder answer from a server that dropped `mode` and `buyAmount`.
const { mode: _mode, buyAmount: _buyAmount, ...noModeBody } = allowanceHolderPriceBody();
const noModeEntry = sampleEntry({ url: 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=100000000', bodyText: JSON.stringify(noModeBody) });
const expected = schemaReport(AllowanceHolderPriceResponseSchema, noModeBody);

describe('the schema report where an answer is explained', () => {
  it('is computed for an exchange against the endpoint its URL names, as History computes it on import', () => {
    expect(expected.map((finding) => finding.path)).toEqual(['$.mode', '$.buyAmount']);
    expect(exchangeSchemaReport(noModeEntry)).toEqual({ against: 'allowance-holder.price', isCompared: true, findings: expected });
    expect(exchangeSchemaReport(sampleEntry({ bodyText: '<html>Bad gateway</html>', status: 502 }))).toEqual({ against: 'permit2.price', isCompared: false, findings: [] });
  });

  it('says what was compared: a match, differences with their count, or nothing to compare', () => {
    expect(schemaReportSummary({ against: 'permit2.price', isCompared: true, findings: [] })).toBe("The body matches the spec's schema for permit2.price.");
    expect(schemaReportSummary({ against: 'allowance-holder.price', isCompared: true, findings: expected })).toBe("The body differs from the spec's schema for allowance-holder.price in 2 places:");
    expect(schemaReportSummary({ against: 'permit2.price', isCompared: false, findings: [] })).toBe("Not compared with the spec's schema for permit2.price: the answer has no JSON body.");
  });

  it('is in the support report under the answer, in the same sentence and rows', () => {
    const html = buildSupportReportHtml({ entries: [noModeEntry], generatedAt: '2026-12-05T17:00:00Z', appVersion: '0.1.0' });
    expect(html).toContain('<h3>Schema report</h3>');
    expect(html).toContain(`<p>${escapeHtml(schemaReportSummary(exchangeSchemaReport(noModeEntry)!))}</p>`);
    const table = /<table><caption>Differences from the spec<\/caption>.*?<\/table>/s.exec(html)?.[0] ?? '';
    for (const [kind, path, detail] of schemaReportRows(expected)) {
      expect(table).toContain(kind);
      expect(table).toContain(path.slice(2));
      expect(table).toContain(escapeHtml(detail));
    }
    // An entry carrying History's own report is shown with it, not one computed beside it.
    const stored = { against: 'allowance-holder.price', isCompared: true, findings: [{ kind: 'unexpected' as const, path: '$.extra', detail: 'not in the spec (string)' }] };
    expect(buildSupportReportHtml({ entries: [{ ...noModeEntry, schemaCheck: stored }], generatedAt: '2026-12-05T17:00:00Z', appVersion: '0.1.0' })).toContain('in 1 place:');
  });

  it('compares a pasted body, which names no endpoint, with the closest one and says so', () => {
    // With its mode, an Allowance Holder answer is closer to its own endpoint than to Permit2's.
    const { buyAmount: _dropped, ...noBuyAmount } = allowanceHolderPriceBody();
    const pasted = recognizePaste(JSON.stringify(noBuyAmount));
    expect(pasted.kind === 'body' && pasted.schemaReport).toEqual({ against: expect.stringContaining('allowance-holder.price (the closest of allowance-holder.price and permit2.price'), isCompared: true, findings: schemaReport(AllowanceHolderPriceResponseSchema, noBuyAmount) });
    expect(pastedBodySchemaReport(permit2PriceBody(), 'price')).toMatchObject({ against: expect.stringMatching(/^permit2\.price \(the closest/), findings: [] });
    expect(schemaReportText(pastedBodySchemaReport({ name: 'INPUT_INVALID', message: 'bad' }, 'error')!)).toContain('missing');
  });
});
