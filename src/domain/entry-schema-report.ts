import { isJsonNullText } from './json-null.ts';
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
