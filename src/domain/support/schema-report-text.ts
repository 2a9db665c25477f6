import type { ExplainedSchemaReport } from '../entry-schema-report.ts';
import type { SchemaFinding } from '../../spec/index.ts';

/**
 * The schema report in words: one formatter for History's entry view, the Explorer's result, the
 * support report (HTML) and `swap-explorer explain` (text), so a support engineer reads the same
 * sentence and rows wherever the answer is explained.
 */

/** The section's heading. */
export const SCHEMA_REPORT_TITLE = 'Schema report';

/** What its table is, where a caption names it under the heading (the support report). */
export const SCHEMA_REPORT_DIFFERENCES = 'Differences from the spec';

/** The columns of its table, one row per finding (schemaReportRows). */
export const SCHEMA_REPORT_COLUMNS = ['Kind', 'Path', 'Detail'] as const;

/** The sentence above the findings: what the body was compared with and what came of it. */
export function schemaReportSummary(report: ExplainedSchemaReport): string {
  if (!report.isCompared) return `Not compared with the spec's schema for ${report.against}: the answer has no JSON body.`;
  const count = report.findings.length;
  if (count === 0) return `The body matches the spec's schema for ${report.against}.`;
  return `The body differs from the spec's schema for ${report.against} in ${count} place${count === 1 ? '' : 's'}:`;
}

/** One row per finding, in SCHEMA_REPORT_COLUMNS' order. */
export function schemaReportRows(findings: readonly (Pick<SchemaFinding, 'path' | 'detail'> & { kind: string })[]): [string, string, string][] {
  return findings.map((finding) => [finding.kind, finding.path, finding.detail]);
}

/** The report as terminal text: the heading and sentence, then one aligned line per finding. */
export function schemaReportText(report: ExplainedSchemaReport): string {
  const rows = schemaReportRows(report.findings);
  const widths = [0, 1].map((column) => Math.max(0, ...rows.map((row) => row[column]!.length)));
  const lines = rows.map(([kind, path, detail]) => `    ${kind.padEnd(widths[0]!)}  ${path.padEnd(widths[1]!)}  ${detail}`);
  return [`${SCHEMA_REPORT_TITLE}:`, `  ${schemaReportSummary(report)}`, ...lines].join('\n');
}
