import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { buildHar } from '../domain/har.ts';
import { exchangeSchemaReport, storedSchemaReport } from '../domain/entry-schema-report.ts';
import { schemaReportText } from '../domain/support/schema-report-text.ts';
import { AllowanceHolderPriceResponseSchema, schemaReport } from '../spec/index.ts';
import { allowanceHolderPriceBody } from '../spec/test-fixtures.ts';
import { inProcess as cli } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// A support engineer explains a customer's Allowance Holder answer from a server that dropped `mode`
// and `buyAmount`: by its zid in the history, pasted as a body, and in the customer's HAR. Each
// prints the schema report History shows, in History's words; --format json carries it as data.

const ZID = '0x5ca1ab1e00000000000000aa';
const { mode: _mode, buyAmount: _buyAmount, ...body }: Record<string, unknown> = { ...allowanceHolderPriceBody(), zid: ZID };
const URL = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=100000000';
const findings = schemaReport(AllowanceHolderPriceResponseSchema, body);
const report = { against: 'allowance-holder.price', isCompared: true, findings };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-schema-report-'));
  const store = HistoryStore.open(historyFileIn(dir));
  store.insert(sampleEntry({ zid: ZID, endpoint: 'allowance-holder.price', url: URL, bodyText: JSON.stringify(body), body, schemaReport: findings }));
  store.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('explain prints the schema report where it explains the answer', () => {
  it('of a zid in the history, in text and as data', async () => {
    expect(findings.map((finding) => finding.path)).toEqual(['$.mode', '$.buyAmount']);
    const text = await cli(['explain', ZID, '--data-dir', dir]);
    expect(text.stdout).toContain(schemaReportText(report));
    expect(text.stdout).toContain("The body differs from the spec's schema for allowance-holder.price in 2 places:");
    const json = JSON.parse((await cli(['explain', ZID, '--format', 'json', '--data-dir', dir])).stdout) as { entries: { schemaReport: unknown }[] };
    expect(json.entries.map((entry) => entry.schemaReport)).toEqual([report]);
  });

  it('of a pasted body, against the closest endpoint, named as such', async () => {
    // With its mode: without it, the body is a Permit2 price's shape, which the report would name.
    const { buyAmount: _dropped, ...pasted }: Record<string, unknown> = { ...allowanceHolderPriceBody(), zid: ZID };
    const file = join(dir, 'body.json');
    await writeFile(file, JSON.stringify(pasted));
    const text = await cli(['explain', file, '--data-dir', dir]);
    expect(text.stdout).toContain("Schema report:\n  The body differs from the spec's schema for allowance-holder.price (the closest of allowance-holder.price and permit2.price: a body pasted without its request names none) in 1 place:\n    missing  $.buyAmount  expected string");
    const json = JSON.parse((await cli(['explain', file, '--format', 'json', '--data-dir', dir])).stdout) as { schemaReport: { findings: unknown } };
    expect(json.schemaReport.findings).toEqual(schemaReport(AllowanceHolderPriceResponseSchema, pasted));
  });

  it('of each entry of a HAR file', async () => {
    const entry = { url: URL, method: 'GET' as const, requestHeaders: { 'svc-version': 'v2' }, query: { chainId: '1', sellAmount: '100000000' }, status: 200, statusText: 'OK', responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body), startedAt: '2026-12-05T09:00:00.000Z', durationMs: 12, zid: ZID };
    const file = join(dir, 'customer.har');
    await writeFile(file, JSON.stringify(buildHar([entry], { name: 'test', version: '1' })));
    expect(exchangeSchemaReport(entry)).toEqual(report);
    expect((await cli(['explain', file, '--data-dir', dir])).stdout).toContain(schemaReportText(report));
    const json = JSON.parse((await cli(['explain', file, '--format', 'json', '--data-dir', dir])).stdout) as { entries: { schemaReport: unknown }[] };
    expect(json.entries.map((item) => item.schemaReport)).toEqual([report]);
  });

  it("of an error answer, named as compared with the spec's error shape, not with the endpoint's answer", async () => {
    // A gateway's 429 and the service's INPUT_INVALID in a customer's HAR: 'differs from the spec's
    // schema for allowance-holder.price … missing $.name' read as if a price lacked a name.
    const gateway = { url: URL, method: 'GET' as const, requestHeaders: { 'svc-version': 'v2' }, query: { chainId: '1', sellAmount: '100000000' }, status: 429, statusText: 'Too Many Requests', responseHeaders: {}, bodyText: '{"message":"API rate limit exceeded"}', startedAt: '2026-12-05T09:00:00.000Z', durationMs: 12, zid: null };
    const refused = { ...gateway, status: 400, statusText: 'Bad Request', bodyText: JSON.stringify({ name: 'INPUT_INVALID', message: 'Invalid input: sellToken', data: { zid: ZID, details: [{ field: 'sellToken', reason: 'is required' }] } }), zid: ZID };
    const file = join(dir, 'errors.har');
    await writeFile(file, JSON.stringify(buildHar([gateway, refused], { name: 'test', version: '1' })));
    const { stdout } = await cli(['explain', file, '--data-dir', dir]);
    expect(stdout).toMatch(/The body differs from the spec's schema for an error answer of allowance-holder\.price \(the spec's error shape\) in \d+ places:/);
    expect(stdout).toContain("The body matches the spec's schema for an error answer of allowance-holder.price (the spec's error shape).");
    // History's entry view says it alike; a success still names its endpoint alone.
    expect(storedSchemaReport({ endpoint: 'allowance-holder.price', status: 400, body: JSON.parse(refused.bodyText), bodyText: refused.bodyText, schemaReport: [] }).against).toBe("an error answer of allowance-holder.price (the spec's error shape)");
    expect(storedSchemaReport({ endpoint: 'allowance-holder.price', status: 200, body, bodyText: JSON.stringify(body), schemaReport: findings }).against).toBe('allowance-holder.price');
  });
});
