import { isJsonNullText } from '../../src/domain/json-null.ts';
import { isDeeperThan, MAX_JSON_DEPTH } from '../../src/domain/json-depth.ts';

/** What a kept body is, for the body viewer: JSON shown as a tree, JSON kept as text only, or not JSON. */
export type BodyKind = 'json' | 'too-deep' | 'not-json';

/**
 * What a kept body is. An entry keeps the parsed body, or null when its text is not JSON; a body
 * that is the JSON literal `null` parses to null too, so that one is told apart by its text (it is
 * valid JSON, and reading it as "not JSON" would misreport what the service answered). So is a body
 * nesting deeper than MAX_JSON_DEPTH, which the history keeps as text only (build-entry.ts): it is
 * JSON all the same, too deep to draw as a tree. The text is parsed only when no parsed body came
 * with it (JSON.parse is iterative, so any depth parses).
 */
export function bodyKindOf(value: unknown, text: string): BodyKind {
  if (value !== null && value !== undefined) return 'json';
  if (isJsonNullText(text)) return 'json';
  try {
    return isDeeperThan(JSON.parse(text)) ? 'too-deep' : 'not-json';
  } catch {
    return 'not-json';
  }
}

/** What the viewer says of a body kept as text only, beside its size. */
export function textOnlyNote(kind: Exclude<BodyKind, 'json'>): string {
  return kind === 'too-deep' ? `JSON nested more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep: kept as text only` : 'not JSON';
}

/** The name of a body shown as received beside its answer (the Explorer's raw response): JSON, or not. */
export function rawBodyLabel(value: unknown, text: string): string {
  return bodyKindOf(value, text) === 'not-json' ? 'Raw body (not JSON)' : 'Raw JSON';
}
