import type { z } from 'zod';
import { boundedSafeParse } from './bounded-parse.ts';
import { acceptedKinds, closestVariant, defOf, schemaAtPath } from './union-variant.ts';

/**
 * The schema report: how a response body differs from the spec's schema, as JSON paths. Responses
 * are parsed loosely (nothing dropped); this report is what the UI shows when a server drifts.
 */

/** One difference between a body and its schema. */
export interface SchemaFinding {
  kind: 'missing' | 'unexpected' | 'wrong-type' | 'invalid';
  path: string;
  detail: string;
}

/** Compares a body with a schema; an empty list means the body is exactly the spec's shape. */
export function schemaReport(schema: z.ZodType, body: unknown): SchemaFinding[] {
  const findings = issueFindings(schema, body, []);
  collectUnexpected(schema, body, '$', findings);
  return dedupe(findings);
}

// `prefix` is where `value` sits in the body: a union's variant is parsed on its own part of it.
function issueFindings(schema: unknown, value: unknown, prefix: readonly PropertyKey[]): SchemaFinding[] {
  const result = boundedSafeParse(schema as z.ZodType, value);
  if ('overflowed' in result) return [{ kind: 'invalid', path: jsonPath(prefix), detail: 'too many differences from the schema to list them one by one' }];
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => fromIssue(issue, schema, value, prefix));
}

function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), '$');
}

/** The value at a zod issue path (zod does not copy inputs into issues unless asked). */
export function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function fromIssue(issue: z.core.$ZodIssue, schema: unknown, value: unknown, prefix: readonly PropertyKey[]): SchemaFinding[] {
  const path = jsonPath([...prefix, ...issue.path]);
  if (issue.code === 'invalid_type') {
    const input = valueAtPath(value, issue.path);
    if (input === undefined) return [{ kind: 'missing', path, detail: `expected ${issue.expected}` }];
    return [{ kind: 'wrong-type', path, detail: `expected ${issue.expected}, got ${describe(input)}` }];
  }
  if (issue.code === 'invalid_value') {
    const input = valueAtPath(value, issue.path);
    const expected = expectedText(issue.values.map((item) => JSON.stringify(item) ?? String(item)));
    if (input === undefined) return [{ kind: 'missing', path, detail: `expected ${expected}` }];
    return [{ kind: 'invalid', path, detail: `expected ${expected}, got ${shown(input)}` }];
  }
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') return discriminatorFindings(issue, schema, value, prefix);
  if (issue.code === 'invalid_union' && issue.errors.length > 0) return unionFindings(issue, schema, value, prefix);
  return [{ kind: 'invalid', path, detail: issue.message }];
}

function expectedText(kinds: readonly string[]): string {
  return kinds.length <= 1 ? (kinds[0] ?? 'another value') : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`;
}

// A discriminator no variant has (an Allowance Holder answer without `mode`): the report names it
// with the values it may take, then what else is wrong against the variant the body is closest to.
function discriminatorFindings(issue: z.core.$ZodIssueInvalidUnion, schema: unknown, value: unknown, prefix: readonly PropertyKey[]): SchemaFinding[] {
  const at = issue.path.slice(0, -1);
  const union = schemaAtPath(schema, value, at);
  const parent = valueAtPath(value, at);
  const path = jsonPath([...prefix, ...issue.path]);
  const got = valueAtPath(value, issue.path);
  const expected = expectedText(('options' in issue ? (issue.options ?? []) : []).map((option) => JSON.stringify(option)));
  const head: SchemaFinding = got === undefined ? { kind: 'missing', path, detail: `expected ${expected}` } : { kind: 'invalid', path, detail: `expected ${expected}, got ${shown(got)}` };
  if (union === undefined) return [head];
  const rest = issueFindings(closestVariant(union, parent), parent, [...prefix, ...at]).filter((finding) => finding.path !== path);
  return [head, ...rest];
}

// A plain union (gas: a decimal string or a number, or null). A value of a type one option takes is
// reported against that option (a string that is not a whole number); otherwise as the wrong type,
// naming every type the field takes, null included.
function unionFindings(issue: z.core.$ZodIssueInvalidUnion, schema: unknown, value: unknown, prefix: readonly PropertyKey[]): SchemaFinding[] {
  const field = schemaAtPath(schema, value, issue.path);
  const input = valueAtPath(value, issue.path);
  const path = jsonPath([...prefix, ...issue.path]);
  const isTypeMismatch = (issues: readonly z.core.$ZodIssue[]) => issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0;
  if (field !== undefined && input !== undefined && !issue.errors.every(isTypeMismatch)) {
    const findings = issueFindings(closestVariant(field, input), input, [...prefix, ...issue.path]);
    if (findings.length > 0) return findings;
  }
  const kinds = field === undefined ? issue.errors.flatMap((issues) => issues.flatMap((item) => ('expected' in item ? [String(item.expected)] : []))) : acceptedKinds(field);
  const expected = expectedText([...new Set(kinds)]);
  if (input === undefined) return [{ kind: 'missing', path, detail: `expected ${expected}` }];
  return [{ kind: 'wrong-type', path, detail: `expected ${expected}, got ${describe(input)}` }];
}

// A scalar as JSON (cut short), anything else by its type.
function shown(value: unknown): string {
  if (value === null || typeof value === 'object') return describe(value);
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

// Walks the schema beside the value and lists object keys the schema does not name. Unions pick
// the first option that accepts the value or, failing that, the variant it is closest to (whose
// issues are reported too).
function collectUnexpected(schema: unknown, value: unknown, path: string, out: SchemaFinding[]): void {
  const def = defOf(schema);
  if (!def || value === null || value === undefined) return;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return collectUnexpected(def.innerType, value, path, out);
    case 'pipe':
      return collectUnexpected(def.in, value, path, out);
    case 'union': {
      const options = def.options as z.ZodType[];
      const match = options.find((option) => option.safeParse(value).success) ?? closestVariant(schema, value);
      return collectUnexpected(match, value, path, out);
    }
    case 'array':
      if (Array.isArray(value)) value.forEach((item, index) => collectUnexpected(def.element, item, `${path}[${index}]`, out));
      return;
    case 'record':
      if (typeof value === 'object') for (const [key, item] of Object.entries(value)) collectUnexpected(def.valueType, item, `${path}.${key}`, out);
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const shape = def.shape as Record<string, unknown>;
      for (const [key, item] of Object.entries(value)) {
        if (key in shape) collectUnexpected(shape[key], item, `${path}.${key}`, out);
        else out.push({ kind: 'unexpected', path: `${path}.${key}`, detail: `not in the spec (${describe(item)})` });
      }
      return;
    }
    default:
      return;
  }
}

function dedupe(findings: SchemaFinding[]): SchemaFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.kind}|${finding.path}|${finding.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
