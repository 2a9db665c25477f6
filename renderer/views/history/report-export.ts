import { buildCurl } from '../../../src/domain/curl.ts';
import type { HistoryEntryLike } from '../../../src/domain/har.ts';
import type { DiffEntry } from '../../../src/domain/json-diff.ts';
import { explainEntry } from '../../../src/domain/support/explain-entry.ts';
import { storedSchemaReport } from '../../../src/domain/entry-schema-report.ts';
import { buildSupportReportHtml, reportApiKeyHeader, type ReportDiffSides } from '../../../src/domain/support/report.ts';
import type { Recognized } from '../../../src/domain/support/types.ts';
import type { HistoryEntry } from '../../../src/ipc/schemas/history-entry.ts';
import { api } from '../../lib/api.ts';
import { callEngine, errorText } from '../../lib/state/explorer-engine.svelte.ts';
import { callHistory } from '../../lib/state/history-engine.svelte.ts';
import { downloadText } from '../../lib/download.ts';

/** What a report covers: one entry, or two entries (or an entry and the customer's response) with their diff; the paste that led to it, if any. */
export interface ReportRequest {
  entries: HistoryEntry[];
  diff?: DiffEntry[];
  /** How the diff's sides are named, as the diff view names them. */
  diffSides?: ReportDiffSides;
  recognized?: Recognized;
}

function fileStem(entries: readonly HistoryEntry[]): string {
  const first = entries[0];
  const name = first?.zid ?? `entry-${first?.id ?? 0}`;
  return `support-report-${name}${entries.length > 1 ? `-and-${entries.length - 1}-more` : ''}`;
}

function linted(entry: HistoryEntryLike | undefined): Recognized | undefined {
  if (!entry) return undefined;
  const explained = explainEntry(entry);
  if (!explained.request) return undefined;
  // The request as sent, as a curl line (stored headers are redacted; buildCurl puts a placeholder for the key).
  const redactedText = buildCurl({ url: entry.url, method: entry.method, headers: entry.requestHeaders });
  return { kind: 'request', request: explained.request, findings: explained.findings, corrected: explained.corrected, redactedText };
}

// A profile may name its key header anything; stored entries are redacted by that name when
// written, and the report redacts by it again rather than rely on that alone.
async function profileKeyHeader(entries: readonly HistoryEntry[]): Promise<string | undefined> {
  const answer = await callEngine('profiles.list', undefined);
  if (!answer.ok) return undefined;
  return reportApiKeyHeader(entries, answer.value.profiles);
}

/**
 * "Export report": downloads the self-contained, redacted HTML report (src/domain/support/report.ts)
 * and the HAR of the entries it covers (the History export path, key redacted). Answers what was
 * saved, for the status line.
 */
export async function exportSupportReport(request: ReportRequest): Promise<string> {
  const info = await api.app.info();
  // Without a paste, the first entry's request as sent (URL and headers, stored redacted) is linted:
  // the report then carries its findings and the corrected request too.
  // An entry with no response has no status; the report shows 0 for it, as the HAR does.
  // Each with the schema report History shows for it, in History's words.
  const entries = request.entries.map((entry) => ({ ...entry, status: entry.status ?? 0, schemaCheck: storedSchemaReport(entry) }));
  const recognized = request.recognized ?? linted(entries[0]);
  const apiKeyHeader = await profileKeyHeader(request.entries);
  const html = buildSupportReportHtml({
    entries,
    ...(recognized ? { recognized, recognizedFrom: request.recognized ? 'paste' : 'entry' } : {}),
    ...(apiKeyHeader ? { apiKeyHeader } : {}),
    ...(request.diff ? { diff: request.diff } : {}),
    ...(request.diffSides ? { diffSides: request.diffSides } : {}),
    generatedAt: new Date().toISOString(),
    appVersion: info.ok ? info.value.version : 'unknown',
  });
  const stem = fileStem(request.entries);
  downloadText(`${stem}.html`, html, 'text/html');
  const har = await callHistory('history.export', { ids: request.entries.map((entry) => entry.id), format: 'har' });
  if (!har.ok) return `Saved ${stem}.html; the HAR failed: ${errorText(har.error)}`;
  downloadText(`${stem}.har`, har.value.content, 'application/json');
  return `Saved ${stem}.html and ${stem}.har (${har.value.count} ${har.value.count === 1 ? 'entry' : 'entries'}).`;
}
