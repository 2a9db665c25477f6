import { explainBody } from './explain-body.ts';
import { chainIdOfQuery } from '../chains.ts';
import { NO_RESPONSE_STATUS, type HistoryEntryLike } from '../har.ts';
import { explainUnreadAnswer } from './explain-entry.ts';
import { DIFF_KIND_LABELS, type DiffEntry } from '../json-diff.ts';
import type { UnitToken } from '../json-diff-amounts.ts';
import { formatSignedBps } from '../number-format.ts';
import { getOwn } from '../own-record.ts';
import { isCredentialName, isSecretName, REDACTED, redactEntryCredentials, redactUrl } from '../redact.ts';
import { escapeHtml, pairTable, pre, prettyBody, REPORT_CSS, requestLine, safe, table } from './report-html.ts';
import type { LintFinding, Recognized } from './types.ts';
import { requestParamNotes } from './request-reading.ts';
import { exchangeSchemaReport, type ExplainedSchemaReport } from '../entry-schema-report.ts';
import { SCHEMA_REPORT_COLUMNS, SCHEMA_REPORT_DIFFERENCES, SCHEMA_REPORT_TITLE, schemaReportRows, schemaReportSummary } from './schema-report-text.ts';

/**
 * The ticket-ready support report (issue 17, "A ticket-ready report"): one self-contained HTML
 * file that opens offline and runs nothing: no script, no external URL, inline CSS only, and a CSP
 * that forbids scripts even if one slipped in. Every string is redacted then escaped where it is
 * written (report-html.ts), so no input can carry the key or markup into the file.
 */

/** What the report covers: the entries (one, or a replay pair), the paste, the diff. */
export interface SupportReportInput {
  entries: ReportEntry[];
  recognized?: Recognized;
  diff?: DiffEntry[];
  /** How the diff's two sides are named; without it the heading says only before → after. */
  diffSides?: ReportDiffSides;
  generatedAt: string;
  appVersion: string;
  /** The profile's key header when it is not a usual key name; redacted as well. */
  apiKeyHeader?: string;
  /** Where `recognized` came from: the customer's paste (default), or the first entry's own request. */
  recognizedFrom?: 'paste' | 'entry';
}

/**
 * An entry of the report. `schemaCheck`: the report History shows for it (a stored entry's); without
 * it, the report is computed from the entry's URL, status and body as History computes it on import.
 */
export type ReportEntry = HistoryEntryLike & { schemaCheck?: ExplainedSchemaReport | null };

/** The two sides of the report's diff, named as History's diff view names them ("#12 (imported)", "Customer's response"). */
export interface ReportDiffSides {
  before: string;
  after: string;
  /** Whether `after` replays `before`: only then is the diff the original against its replay. */
  isReplay: boolean;
}

/** A profile as far as the report needs it: its key header's name. */
export interface ReportProfile {
  id: string;
  headerNames: { apiKey: string };
}

/**
 * The key header to redact beyond the usual key names: the first entry's profile's, when that
 * profile renamed it to something no key-name rule recognises (stored entries are redacted when
 * written, but the report does not rely on that alone).
 */
export function reportApiKeyHeader(entries: readonly { profileId: string }[], profiles: readonly ReportProfile[]): string | undefined {
  for (const entry of entries) {
    const header = profiles.find((profile) => profile.id === entry.profileId)?.headerNames.apiKey;
    if (header && !isSecretName(header)) return header;
  }
  return undefined;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";
// The report is for reading: amounts and long bodies are cut so that the file stays small.
const MAX_BODY_CHARS = 200_000;

// Under the explanation, in History's words (schema-report-text.ts): how the body differs from the spec.
function schemaReportSection(report: ExplainedSchemaReport | null, key?: string): string {
  if (report === null) return '';
  const rows = schemaReportRows(report.findings);
  // Captioned apart from the heading above it, which a caption repeating it would say twice.
  const findings = rows.length > 0 ? table(SCHEMA_REPORT_DIFFERENCES, [...SCHEMA_REPORT_COLUMNS], rows, key, [0], [1]) : '';
  return [`<h3>${SCHEMA_REPORT_TITLE}</h3>`, `<p>${safe(schemaReportSummary(report), key)}</p>`, findings].join('\n');
}

function entrySection(entry: ReportEntry, index: number, key?: string): string {
  const body = prettyBody(entry.bodyText);
  const shown = body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}\n… (${body.length - MAX_BODY_CHARS} more characters in the HAR)` : body;
  // The taker the request sent says what no reported issue means, as `explain` reads the entry (explain-entry.ts).
  const answeredAt = new Date(Date.parse(entry.startedAt) + entry.durationMs);
  const explanation = explainBodyText(entry.bodyText, { chainId: chainIdOfQuery(entry.query) ?? undefined, taker: getOwn(entry.query, 'taker') || null, sellToken: getOwn(entry.query, 'sellToken') || null, ...(Number.isFinite(answeredAt.getTime()) ? { answeredAt } : {}) }, key) ?? unreadAnswerText(entry);
  const status = entry.status === NO_RESPONSE_STATUS ? 'no response' : `${entry.status} ${entry.statusText}`;
  return [
    `<section><h2>Request ${index + 1}: ${safe(status, key)} <span class="muted">${safe(entry.zid ?? 'no zid', key)}</span></h2>`,
    requestLine(`${entry.method} ${redactUrl(entry.url, key)}`, key),
    `<p class="muted">Sent ${safe(entry.startedAt, key)}, answered in ${safe(String(Math.round(entry.durationMs)), key)} ms</p>`,
    // What the answer means first, as the app's Explained tab comes first; the evidence it rests on
    // (headers, query, the body as received) follows, where a long quote body no longer hides it.
    explanation,
    appErrorLine(entry, key),
    schemaReportSection(entry.schemaCheck === undefined ? exchangeSchemaReport(entry) : entry.schemaCheck, key),
    pairTable('Request headers (as sent, key redacted)', entry.requestHeaders, key),
    pairTable('Query', entry.query, key, requestParamNotes(entry.query)),
    pairTable('Response headers', entry.responseHeaders, key),
    '<h3>Response body</h3>',
    pre(shown, key),
    '</section>',
  ].join('\n');
}

// Why the app got no answer, or none it could use (a time-out, a refused certificate), as History's
// "App error" row says it: without it a report on a request that failed read only "no response".
// Redacted as the entry is, a key the request carried included wherever the message repeats it.
function appErrorLine(entry: ReportEntry, key?: string): string {
  const { appError } = redactEntryCredentials(entry, key);
  return appError ? `<p><strong>App error.</strong> ${safe(`${appError.code}: ${appError.message}`, key)}</p>` : '';
}

// An answer whose body is not JSON (none came, none was kept, a proxy's page) is explained from its
// status, as History and `explain` read it (explainUnreadAnswer).
function unreadAnswerText(entry: HistoryEntryLike): string {
  const explained = explainUnreadAnswer(entry);
  return [`<h3>Explanation: ${safe(explained.name)}</h3>`, `<p><strong>Cause.</strong> ${safe(explained.cause)}</p>`, `<p><strong>Fix.</strong> ${safe(explained.fix)}</p>`].join('\n');
}

/** The answer explained, or null when its body is not JSON. */
function explainBodyText(text: string, reading: { chainId: number | undefined; taker: string | null; sellToken: string | null; answeredAt?: Date }, key?: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const explained = explainBody(body, reading.chainId, reading.taker, reading.answeredAt, { sellToken: reading.sellToken, chainId: reading.chainId ?? null });
  if (explained.kind !== 'error') {
    // A price or quote: its summary, then what it answered (route, fees, gas, calldata and its steps) as explain prints it.
    const facts = (explained.facts ?? []).map((fact) => [fact.label, fact.value]);
    return [explained.summary ? `<p>${safe(explained.summary)}</p>` : '', facts.length > 0 ? table('What the answer says', ['Item', 'Value'], facts) : ''].join('\n');
  }
  const details = (explained.details ?? []).map((detail) => [detail.field, detail.reason]);
  return [
    `<h3>Explanation: ${safe(explained.name ?? '')}</h3>`,
    // The service's own words first (which taker, which token, what limit), as History and explain give them.
    explained.message === undefined ? '' : `<p><strong>Message.</strong> ${safe(explained.message, key)}</p>`,
    `<p><strong>Cause.</strong> ${safe(explained.cause ?? '')}</p>`,
    `<p><strong>Fix.</strong> ${safe(explained.fix ?? '')}</p>`,
    details.length > 0 ? table('Fields', ['Field', 'Reason'], details) : '',
  ].join('\n');
}

function findingsTable(caption: string, findings: LintFinding[], key?: string): string {
  return table(caption, ['Severity', 'Code', 'Field', 'What is wrong', 'Fix'], findings.map((finding) => [finding.severity, finding.code, finding.field ?? '', finding.message, finding.fix]), key, [0, 1]);
}

// The section's heading says whose text it is: a paste is the customer's; without one, the report
// lints the first entry's own request, which may be one this app sent.
function pasteHeading(recognized: Recognized, from: 'paste' | 'entry'): string {
  if (from === 'entry') return `Request 1 as sent, checked against the spec (${escapeHtml(recognized.kind)})`;
  return `What the customer sent (${escapeHtml(recognized.kind)})`;
}

function pasteSection(recognized: Recognized, from: 'paste' | 'entry', key?: string): string {
  const parts = [`<section><h2>${pasteHeading(recognized, from)}</h2>`, pre(recognized.redactedText, key)];
  if (recognized.kind === 'request') {
    parts.push(findingsTable('Lint findings', recognized.findings, key));
    if (recognized.corrected) {
      parts.push('<h3>Corrected v2 request</h3>', pre(`GET ${recognized.corrected.url}`, key), pairTable('Headers', recognized.corrected.headers, key));
      parts.push(findingsTable('Still to fix by hand', recognized.corrected.remaining, key));
    } else parts.push('<p class="muted">No corrected request: the endpoint could not be told.</p>');
  } else if (recognized.kind === 'body') {
    const { explanation } = recognized;
    parts.push(`<p>${safe([explanation.name, explanation.cause, explanation.fix, explanation.summary].filter(Boolean).join(' — '), key)}</p>`);
    parts.push(schemaReportSection(recognized.schemaReport, key));
  } else if (recognized.kind === 'unknown') parts.push(`<p>${safe(recognized.reason, key)}</p>`);
  parts.push('</section>');
  return parts.join('\n');
}

function text(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

// The last key of a JSON path ($.headers["svc-api-key"] -> svc-api-key).
function lastKey(path: string): string {
  const match = /(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])$/.exec(path);
  if (!match) return '';
  return match[1] ?? (JSON.parse(match[2]!) as string);
}

// Two entries picked with "Compare with…" are no original and replay: the heading names them as
// the diff view does, and says replay only when one replays the other.
function diffHeading(sides: ReportDiffSides | undefined): string {
  if (!sides) return 'Differences (before → after)';
  return sides.isReplay ? `Differences (original ${sides.before} → replay ${sides.after})` : `Differences (${sides.before} → ${sides.after})`;
}

function diffSection(diff: DiffEntry[], sides: ReportDiffSides | undefined, key?: string): string {
  const rows = diff.map((entry) => {
    const name = lastKey(entry.path);
    if (isCredentialName(name, key)) return [entry.path, DIFF_KIND_LABELS[entry.kind], REDACTED, REDACTED, ''];
    // Each side in the token its own body names (json-diff-amounts.ts).
    // A unit's note (wei where the chain is not known) says why it names no token.
    const unitText = (unit: UnitToken | undefined) => `${unit?.symbol ? ` ${unit.symbol}` : ''}${unit?.note ? `; ${unit.note}` : ''}`;
    const human = (value: string | null | undefined, unit: UnitToken | undefined) => (value ? ` (${value}${unitText(unit)})` : '');
    const bps = entry.bps === undefined ? '' : entry.bps === null ? 'n/a' : `${formatSignedBps(entry.bps)} bps`;
    return [entry.path, DIFF_KIND_LABELS[entry.kind], `${text(entry.before)}${human(entry.unit?.beforeHuman, entry.unit?.before ?? entry.unit)}`, `${text(entry.after)}${human(entry.unit?.afterHuman, entry.unit)}`, bps];
  });
  return `<section><h2>${safe(diffHeading(sides), key)}</h2>${table(`${diff.length} difference(s)`, ['Path', 'Kind', 'Before', 'After', 'Change'], rows, key, [1, 4], [0])}</section>`;
}

/** One self-contained, script-free, redacted HTML report. */
export function buildSupportReportHtml(input: SupportReportInput): string {
  const key = input.apiKeyHeader;
  const sections = [
    input.recognized ? pasteSection(input.recognized, input.recognizedFrom ?? 'paste', key) : '',
    ...input.entries.map((entry, index) => entrySection(entry, index, key)),
    input.diff ? diffSection(input.diff, input.diffSides, key) : '',
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Swap Explorer support report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<h1>Swap Explorer support report</h1>
<p class="muted">Generated ${safe(input.generatedAt)} by Swap Explorer ${safe(input.appVersion)}. API keys are redacted throughout.</p>
${sections.filter(Boolean).join('\n')}
</body>
</html>
`;
}
