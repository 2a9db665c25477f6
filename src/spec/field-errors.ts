import type { z } from 'zod';
import { valueAtPath } from './schema-report.ts';

/** One invalid input: its name and the reason, the shape of INPUT_INVALID's data.details. */
export interface FieldError {
  field: string;
  reason: string;
}

/**
 * Turns a zod error into the spec's `{field, reason}` list: one entry per problem, unknown keys
 * named one by one, duplicates removed, in the order zod found them. Pass the parsed `input` so a
 * wrong-typed value is told apart from a missing one.
 */
export function toFieldErrors(error: z.ZodError, input?: unknown): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const push = (field: string, reason: string) => {
    const key = `${field}\u0000${reason}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ field, reason });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) push([...issue.path, key].join('.'), 'is not a parameter of this endpoint');
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    push(field, reasonOf(issue, input));
  }
  return out;
}

function reasonOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && valueAtPath(input, issue.path) === undefined) return 'is required';
  // zod reports a fraction where an integer is wanted as a type, expected "int".
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'must be a whole number';
  if (issue.code === 'invalid_type') return `must be ${issue.expected}`;
  return issue.message;
}
