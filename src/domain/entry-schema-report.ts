import { NO_RESPONSE_STATUS } from './har.ts';
import { isDeeperThan, tooDeepDetail } from './json-depth.ts';
import { isJsonNullText } from './json-null.ts';
import { readServicePath } from './service-path.ts';
import { ENDPOINTS, ServiceErrorSchema, schemaReport, type EndpointId, type SchemaFinding } from '../spec/index.ts';

/**
 * The schema report of one exchange: the body compared with the spec's schema for its endpoint and
 * status. One function for every place that shows it (a request sent here, an imported entry, an
 * entry read back from History, the support report, `swap-explorer explain`), so each says the same.
 */

/**
 * Which version of the report's rules (src/spec/schema-report.ts and the spec's schemas) a stored
 * report was computed by. Raise it when a change makes the report say something else for the same
 * body: History then computes the report of an entry stored before again when it is opened.
 */
export const SCHEMA_REPORT_VERSION = 1;

/**
 * How a body differs from the spec's schema for its endpoint and status (a success's response, an
 * error's ServiceError). `isJsonNull`: the body is the JSON literal null (kept as null, as a body
 * that is not JSON is).
 */
export function schemaReportOf(endpoint: EndpointId, status: number | null, body: unknown, isJsonNull = false): SchemaFinding[] {
  // Only a parsed body can be compared; with no response or a non-JSON body the raw text is kept.
  // A body of JSON null is compared: the report then says what the endpoint answers instead.
  if (status === null || (body === null && !isJsonNull)) return [];
  const isSuccess = status >= 200 && status < 300;
  return schemaReport(isSuccess ? ENDPOINTS[endpoint].response : ServiceErrorSchema, body);
}

/**
 * The report of a stored entry, computed again from its kept body; null when the body is not kept as
 * JSON (text that is not JSON, or JSON too deep to keep parsed), whose stored report (none, or the
 * note saying why) follows from the text alone and stands.
 */
export function storedEntrySchemaReport(entry: { endpoint: EndpointId; status: number | null; body: unknown; bodyText: string }): SchemaFinding[] | null {
  if (entry.body !== null) return schemaReportOf(entry.endpoint, entry.status, entry.body);
  return isJsonNullText(entry.bodyText) ? schemaReportOf(entry.endpoint, entry.status, null, true) : null;
}

/**
 * A schema report as the support views explain it: what the body was compared with, whether it
 * could be compared at all, and how it differs. History, the support report and `explain` show it
 * in the same words (src/domain/support/schema-report-text.ts).
 */
export interface ExplainedSchemaReport {
  /** The endpoint whose schema the body was compared with, as History names it; for a body pasted without its request, which one and why. */
  against: string;
  /** False when there was nothing to compare: no answer, or a body that is not JSON (a proxy's page, one cut short). */
  isCompared: boolean;
  findings: SchemaFinding[];
}

/**
 * What an answer of `endpoint` with `status` was compared with, as said: the endpoint for a success,
 * and for an error the spec's error shape (schemaReportOf), named so: "matches the spec's schema for
 * allowance-holder.price" under an INPUT_INVALID read as if the error were a valid price, and a
 * gateway's 429 that "differs … in 2 places: missing $.name" as if a price lacked a name.
 */
function againstOf(endpoint: EndpointId, status: number | null): string {
  return status === null || (status >= 200 && status < 300) ? endpoint : `an error answer of ${endpoint} (the spec's error shape)`;
}

/** A History entry's report (stored, or computed again by HistoryStore.get), explained. */
export function storedSchemaReport(entry: { endpoint: EndpointId; status: number | null; body: unknown; bodyText: string; schemaReport: SchemaFinding[] }): ExplainedSchemaReport {
  const hasJson = entry.status !== null && (entry.body !== null || isJsonNullText(entry.bodyText));
  return { against: againstOf(entry.endpoint, entry.status), isCompared: hasJson || entry.schemaReport.length > 0, findings: entry.schemaReport };
}

function endpointOfUrl(url: string): EndpointId | null {
  try {
    return readServicePath(new URL(url).pathname)?.endpoint ?? null;
  } catch {
    return null;
  }
}

/**
 * The report of an exchange read from a HAR or an export (or a stored entry as exports see it), as
 * History computes it on import: the endpoint its URL names (a v1 path's v2 endpoint), its status
 * (0: no answer) and its body text. Null when the URL is no path of the service.
 */
export function exchangeSchemaReport(entry: { url: string; status: number; bodyText: string }): ExplainedSchemaReport | null {
  const endpoint = endpointOfUrl(entry.url);
  if (endpoint === null) return null;
  let body: unknown;
  try {
    body = JSON.parse(entry.bodyText);
  } catch {
    return { against: endpoint, isCompared: false, findings: [] };
  }
  if (entry.status === NO_RESPONSE_STATUS) return { against: endpoint, isCompared: false, findings: [] };
  const against = againstOf(endpoint, entry.status);
  if (isDeeperThan(body)) return { against, isCompared: true, findings: [{ kind: 'invalid', path: '$', detail: tooDeepDetail() }] };
  return { against, isCompared: true, findings: schemaReportOf(endpoint, entry.status, body, body === null) };
}

// The endpoints a body of each kind may come from (explain-body.ts's kinds).
const PASTED_CANDIDATES: Partial<Record<string, EndpointId[]>> = {
  price: ['allowance-holder.price', 'permit2.price'],
  quote: ['allowance-holder.quote', 'permit2.quote'],
  chains: ['swap.chains'],
  sources: ['sources', 'solana.enabled-sources'],
};

/**
 * The report of a body pasted without its request, whose endpoint is unknown: an error body against
 * the spec's error shape, an answer against each endpoint that answers its kind, the closest one
 * (fewest differences) kept and named as such. Null for a body of no kind the service sends.
 */
export function pastedBodySchemaReport(body: unknown, kind: string): ExplainedSchemaReport | null {
  if (isDeeperThan(body)) return null;
  if (kind === 'error') return { against: 'an error answer (the spec\'s error shape, the same for every endpoint)', isCompared: true, findings: schemaReport(ServiceErrorSchema, body) };
  const candidates = PASTED_CANDIDATES[kind];
  if (candidates === undefined) return null;
  const reports = candidates.map((endpoint) => ({ endpoint, findings: schemaReport(ENDPOINTS[endpoint].response, body) }));
  const closest = reports.reduce((best, report) => (report.findings.length < best.findings.length ? report : best));
  const chains = kind === 'chains' ? ' (gasless.chains answers the same shape)' : '';
  const against = candidates.length > 1 ? `${closest.endpoint} (the closest of ${candidates.join(' and ')}: a body pasted without its request names none)` : `${closest.endpoint}${chains}`;
  return { against, isCompared: true, findings: closest.findings };
}
