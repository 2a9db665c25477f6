import { isJsonNullText } from '../../../src/domain/json-null.ts';

/**
 * Whether a kept body is JSON. An entry keeps the parsed body, or null when its text is not JSON;
 * a body that is the JSON literal `null` parses to null too, so that one is told apart by its text
 * (it is valid JSON, and reading it as "not JSON" would misreport what the service answered).
 */
export function isJsonBody(value: unknown, text: string): boolean {
  if (value !== null && value !== undefined) return true;
  return isJsonNullText(text);
}
