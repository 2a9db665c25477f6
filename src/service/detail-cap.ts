import type { FieldError } from '../spec/index.ts';

/**
 * Caps what an INPUT_INVALID answer lists, so the answer stays small whatever the query: a 15 KB
 * query of commas once produced a 1.5 MB answer. The first `MAX_DETAILS` problems are listed,
 * then one entry saying how many more there are; field names and reasons are cut to a readable
 * length.
 */

/** How many field problems an answer lists before summarising the rest. */
export const MAX_DETAILS = 20;
const MAX_FIELD_CHARS = 100;
const MAX_REASON_CHARS = 300;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The first MAX_DETAILS details (each cut to length) plus `{field: "(more)", reason: "and N more"}`. */
export function capDetails(details: FieldError[]): FieldError[] {
  const shown = details.slice(0, MAX_DETAILS).map((detail) => ({ field: cut(detail.field, MAX_FIELD_CHARS), reason: cut(detail.reason, MAX_REASON_CHARS) }));
  const more = details.length - shown.length;
  return more > 0 ? [...shown, { field: '(more)', reason: `and ${more} more` }] : shown;
}

/** "Invalid input: a, b, c" naming at most MAX_DETAILS distinct fields, then "and N more". */
export function invalidInputMessage(details: FieldError[]): string {
  const fields = [...new Set(details.map((detail) => detail.field))];
  const named = fields.slice(0, MAX_DETAILS).map((field) => cut(field, MAX_FIELD_CHARS));
  const more = fields.length - named.length;
  return `Invalid input: ${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}
