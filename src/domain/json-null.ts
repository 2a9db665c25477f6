// JSON's own whitespace (RFC 8259, section 2): a body of `null` padded with it is still JSON null.
const JSON_NULL = /^[ \t\n\r]*null[ \t\n\r]*$/;

/**
 * Whether a text is the JSON literal `null`. A parsed body of null is kept both for that and for a
 * text that is not JSON, so the text tells the two apart: `null` is valid JSON and must never be
 * reported as "not JSON".
 */
export function isJsonNullText(text: string): boolean {
  return JSON_NULL.test(text);
}
