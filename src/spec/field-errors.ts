import type { z } from 'zod';

/** One invalid input: its name and the reason, the shape of INPUT_INVALID's data.details. */
export interface FieldError {
  field: string;
  reason: string;
}

/**
 * Turns a zod error into the spec's `{field, reason}` list: one entry per problem, unknown keys
 * named one by one, duplicates removed, in the order zod found them.
 */
export function toFieldErrors(error: z.ZodError): FieldError[] {
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
    push(field, reasonOf(issue));
  }
  return out;
}

function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  if (issue.code === 'invalid_type') return `must be ${issue.expected}`;
  return issue.message;
}
