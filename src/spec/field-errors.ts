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
 * wrong-typed value is told apart from a missing one, and `unknownKeyReason` where the object is not
 * a query (a file's fields are not "parameters of this endpoint").
 */
export function toFieldErrors(error: z.ZodError, input?: unknown, unknownKeyReason = 'is not a parameter of this endpoint'): FieldError[] {
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
      for (const key of issue.keys) push([...issue.path, key].join('.'), unknownKeyReason);
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
  return defaultReason(issue, input) ?? issue.message;
}

// zod's own wording for a bound or a choice ("Too big: expected number to be <=10000", "Invalid
// option: expected one of \"a\"|\"b\"") read as a library's, not as a reason after a field name.
// A schema's own message (anything else) is kept as written.
const DEFAULT_MESSAGE = /^(Too big|Too small|Invalid option):/;

function defaultReason(issue: z.core.$ZodIssue, input: unknown): string | null {
  if (!DEFAULT_MESSAGE.test(issue.message)) return null;
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const isMax = issue.code === 'too_big';
    const limit = String(isMax ? issue.maximum : issue.minimum);
    const inclusive = issue.inclusive !== false;
    if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
      return `must be ${isMax ? (inclusive ? 'at most' : 'less than') : inclusive ? 'at least' : 'more than'} ${limit}`;
    }
    const unit = `${issue.origin === 'string' ? 'character' : 'item'}${limit === '1' ? '' : 's'}`;
    return `must have ${isMax ? 'at most' : 'at least'} ${limit} ${unit}`;
  }
  if (issue.code === 'invalid_value') {
    const given = valueAtPath(input, issue.path);
    const choices = issue.values.map(String).join(', ');
    return `must be one of ${choices}${typeof given === 'string' ? `, got "${given}"` : ''}`;
  }
  return null;
}
