import type { z } from 'zod';
import { boundedSafeParse } from './bounded-parse.ts';

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
  const findings: SchemaFinding[] = [];
  const result = boundedSafeParse(schema, body);
  if ('overflowed' in result) findings.push({ kind: 'invalid', path: '$', detail: 'too many differences from the schema to list them one by one' });
  else if (!result.success) {
    for (const issue of result.error.issues) findings.push(fromIssue(issue, body));
  }
  collectUnexpected(schema, body, '$', findings);
  return dedupe(findings);
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

function fromIssue(issue: z.core.$ZodIssue, body: unknown): SchemaFinding {
  const path = jsonPath(issue.path);
  if (issue.code === 'invalid_type') {
    const input = valueAtPath(body, issue.path);
    if (input === undefined) return { kind: 'missing', path, detail: `expected ${issue.expected}` };
    return { kind: 'wrong-type', path, detail: `expected ${issue.expected}, got ${describe(input)}` };
  }
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    return { kind: 'invalid', path, detail: 'no variant matches its discriminator' };
  }
  return { kind: 'invalid', path, detail: issue.message };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

type Def = { type: string; [key: string]: unknown };

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } })?._zod?.def;
}

// Walks the schema beside the value and lists object keys the schema does not name. Unions pick
// the first option that accepts the value (or, failing that, none: their issues are reported).
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
      const match = options.find((option) => option.safeParse(value).success);
      if (match) collectUnexpected(match, value, path, out);
      return;
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
