import { z } from 'zod';
import { valueAtPath } from './schema-report.ts';

/**
 * A query-string object schema that reports every problem at once: unknown parameters, each bad
 * field, and the cross-field rules, in one INPUT_INVALID. (A plain zod object skips its refinements
 * as soon as one field fails, so a user would fix errors one round-trip at a time.)
 */

type Ctx = z.core.$RefinementCtx;

/** Cross-field rule: receives the raw input and reports through `issue(field, reason)`. */
export type CrossFieldRule = (raw: Record<string, unknown>, issue: (field: string, reason: string) => void) => void;

/**
 * Builds the schema: `shape` validates each field, `rules` check combinations over the raw values,
 * `renamed` maps retired parameter names to a hint: the v2 name, or a function of the value giving
 * the whole reason.
 */
export function queryObject<Shape extends z.ZodRawShape>(shape: Shape, rules: CrossFieldRule[], renamed: Record<string, string | ((value: unknown) => string)> = {}) {
  const strict = z.strictObject(shape);
  return z.unknown().transform((input, ctx): z.infer<typeof strict> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue({ code: 'custom', message: 'must be an object of query parameters' });
      return z.NEVER;
    }
    const raw = input as Record<string, unknown>;
    const issue = (field: string, reason: string) => ctx.addIssue({ code: 'custom', path: [field], message: reason });
    const known = Object.fromEntries(Object.entries(raw).filter(([key]) => !Object.hasOwn(renamed, key)));
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(renamed, key)) continue;
      const hint = renamed[key]!;
      issue(key, typeof hint === 'string' ? `is a v1 parameter; in v2 use ${hint}` : hint(raw[key]));
    }
    const parsed = strict.safeParse(known);
    if (!parsed.success) for (const found of parsed.error.issues) reissue(found, known, ctx, Object.keys(shape));
    for (const rule of rules) rule(raw, issue);
    return parsed.success ? parsed.data : z.NEVER;
  });
}

// `chainid` or `SellToken` is the parameter the client meant, in another case: names are matched
// exactly (as the service does), so the reason gives the spelling to send.
function unknownKeyReason(key: string, names: readonly string[]): string {
  const meant = names.find((name) => name.toLowerCase() === key.toLowerCase());
  return meant ? `is not a parameter of this endpoint; parameter names are case-sensitive: did you mean ${meant}?` : 'is not a parameter of this endpoint';
}

function reissue(found: z.core.$ZodIssue, input: unknown, ctx: Ctx, names: readonly string[]): void {
  if (found.code === 'unrecognized_keys') {
    for (const key of found.keys) ctx.addIssue({ code: 'custom', path: [...found.path, key], message: unknownKeyReason(key, names) });
    return;
  }
  const missing = found.code === 'invalid_type' && valueAtPath(input, found.path) === undefined;
  const message = missing ? 'is required' : found.code === 'invalid_type' ? `must be a ${found.expected}` : found.message;
  ctx.addIssue({ code: 'custom', path: [...found.path], message });
}
