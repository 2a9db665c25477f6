import type { DiffEntry } from '../../../src/domain/json-diff.ts';
import { buildSupportReportHtml } from '../../../src/domain/support/report.ts';
import type { Recognized } from '../../../src/domain/support/types.ts';
import type { HistoryEntry } from '../../../src/ipc/schemas/history-entry.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/state/explorer-engine.svelte.ts';
import { callHistory } from '../../lib/state/history-engine.svelte.ts';
import { downloadText } from '../compare/download.ts';

/** What a report covers: one entry, or a replay pair with its diff; the paste that led to it, if any. */
export interface ReportRequest {
  entries: HistoryEntry[];
  diff?: DiffEntry[];
  recognized?: Recognized;
}

function fileStem(entries: readonly HistoryEntry[]): string {
  const first = entries[0];
  const name = first?.zid ?? `entry-${first?.id ?? 0}`;
  return `support-report-${name}${entries.length > 1 ? `-and-${entries.length - 1}-more` : ''}`;
}

/**
 * "Export report": downloads the self-contained, redacted HTML report (src/domain/support/report.ts)
 * and the HAR of the entries it covers (the History export path, key redacted). Answers what was
 * saved, for the status line.
 */
export async function exportSupportReport(request: ReportRequest): Promise<string> {
  const info = await api.app.info();
  const html = buildSupportReportHtml({
    entries: request.entries,
    ...(request.recognized ? { recognized: request.recognized } : {}),
    ...(request.diff ? { diff: request.diff } : {}),
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
