import { NO_RESPONSE_STATUS, type HistoryEntryLike } from '../har.ts';
import { HEADER_NAMES } from '../../spec/index.ts';
import { explainUnshapedFailure, type ErrorExplanation } from '../error-explainer.ts';
import { chainIdOfQuery } from '../chains.ts';
import { getOwn } from '../own-record.ts';
import { exchangeSchemaReport, type ExplainedSchemaReport } from '../entry-schema-report.ts';
import { explainBody } from './explain-body.ts';
import { isProblem, lintRequest } from './lint-request.ts';
import { parseUrlParts } from './parse-url.ts';
import { finishRequest } from './request-parts.ts';
import type { BodyExplanation, CorrectedRequest, LintFinding, PastedRequest } from './types.ts';

/**
 * A kept or imported entry explained like a paste: its request linted (with the headers it was
 * sent with, key already redacted) and its answer explained. Used by `swap-explorer explain` for a
 * zid found in history and for each entry of a HAR or export file.
 */

/** An entry's request, findings, corrected request and answer. */
export interface EntryExplanation {
  zid: string | null;
  status: number;
  startedAt: string;
  request: PastedRequest | null;
  findings: LintFinding[];
  corrected: CorrectedRequest | null;
  explanation: BodyExplanation | null;
  /** What is known of an answer whose body is not JSON (none came, none was kept, or a proxy's page): from its status. */
  unreadAnswer: ErrorExplanation | null;
  /** How the body differs from the spec's schema for the endpoint its URL names, as History reports it; null when the URL is no path of the service. */
  schemaReport: ExplainedSchemaReport | null;
}

function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// The spec says a request without the key may be rejected or rate-limited: 401 and 429 (the local
// service's answers, src/service/errors.ts), or no answer at all, fit a key never sent. A record
// answered otherwise that shows no key header most likely had it removed before the file was
// shared (people delete the line; some tools drop key headers from the HAR they export). The record
// does not show that the request went without it, so this is a note, not an error.
const KEYLESS_ANSWERS = new Set([0, 401, 429]);

function keyHeaderAsRecorded(finding: LintFinding, status: number): LintFinding {
  if (finding.code !== 'MISSING_KEY_HEADER' || KEYLESS_ANSWERS.has(status)) return finding;
  const header = HEADER_NAMES.apiKey;
  return {
    ...finding,
    severity: 'info',
    message: `This record shows no ${header} header, yet the service answered ${status}, not 401 or 429: the key was most likely removed from the file before it was shared, so the record cannot tell whether it was sent.`,
  };
}

// When the answer arrived, as History's EIP-712 table reads a deadline against it; none for a
// record whose time cannot be read.
function answeredAtOf(entry: HistoryEntryLike): Date | undefined {
  const at = Date.parse(entry.startedAt) + (Number.isFinite(entry.durationMs) ? entry.durationMs : 0);
  return Number.isFinite(at) ? new Date(at) : undefined;
}

/**
 * An answer whose body is not JSON (none came, none was kept, a proxy's page), explained from its
 * status and the browser's own error, as History, `explain` and the report read it.
 */
export function explainUnreadAnswer(entry: HistoryEntryLike): ErrorExplanation {
  return explainUnshapedFailure(entry.status === NO_RESPONSE_STATUS ? null : entry.status, entry.bodyText, entry.clientError);
}

/** Explains one entry. */
export function explainEntry(entry: HistoryEntryLike): EntryExplanation {
  const url = parseUrlParts(entry.url);
  const request = url ? finishRequest('http', entry.method, url, entry.requestHeaders) : null;
  const lint = request ? lintRequest(request) : { findings: [], corrected: null };
  const body = bodyOf(entry.bodyText);
  const chainId = chainIdOfQuery(entry.query);
  return {
    zid: entry.zid,
    status: entry.status,
    startedAt: entry.startedAt,
    request,
    findings: lint.findings.map((finding) => keyHeaderAsRecorded(finding, entry.status)),
    corrected: lint.corrected,
    explanation: body === undefined ? null : explainBody(body, chainId ?? undefined, getOwn(entry.query, 'taker') || null, answeredAtOf(entry), { sellToken: getOwn(entry.query, 'sellToken') || null, chainId }),
    unreadAnswer: body === undefined ? explainUnreadAnswer(entry) : null,
    schemaReport: exchangeSchemaReport(entry),
  };
}

/** Whether anything is wrong with the entry: a finding, or an answer that is an error. */
export function entryHasProblems(explained: EntryExplanation): boolean {
  return explained.findings.some(isProblem) || explained.status >= 400 || explained.status === 0 || explained.explanation?.kind === 'error';
}
