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
 * the whole reason. `suggested` are the names a misspelt parameter may be told it meant (default:
 * the shape's; not those the shape names only to refuse them).
 */
export function queryObject<Shape extends z.ZodRawShape>(
  shape: Shape,
  rules: CrossFieldRule[],
  renamed: Record<string, string | ((value: unknown) => string)> = {},
  suggested: readonly string[] = Object.keys(shape),
) {
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
    if (!parsed.success) for (const found of parsed.error.issues) reissue(found, known, ctx, Object.keys(shape), suggested);
    for (const rule of rules) rule(raw, issue);
    return parsed.success ? parsed.data : z.NEVER;
  });
}

// Edits (insert, delete, replace, swap two neighbours) between two names, stopping past `limit`.
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

// The parameters a misspelt name was meant as: those one or two edits away (`excludeSources`,
// `slipageBps`, `sellTokens`), else those it begins (`slippage`: slippageBps or slippagePpm).
function misspeltAs(key: string, names: readonly string[]): string[] {
  const typed = key.toLowerCase();
  if (typed.length < 5) return [];
  const near = names.filter((name) => editDistance(typed, name.toLowerCase(), 2) <= 2);
  return near.length > 0 ? near : names.filter((name) => name.toLowerCase().startsWith(typed));
}

// `chainid` or `SellToken` is the parameter the client meant, in another case: names are matched
// exactly (as the service does), so the reason gives the spelling to send; a misspelt name is
// given the parameter(s) it is close to, rather than sending the client to the documentation.
function unknownKeyReason(key: string, names: readonly string[], suggested: readonly string[]): string {
  const meant = names.find((name) => name.toLowerCase() === key.toLowerCase());
  if (meant) return `is not a parameter of this endpoint; parameter names are case-sensitive: did you mean ${meant}?`;
  const close = misspeltAs(key, suggested);
  if (close.length === 0) return 'is not a parameter of this endpoint';
  return `is not a parameter of this endpoint: did you mean ${close.length === 1 ? close[0] : `${close.slice(0, -1).join(', ')} or ${close.at(-1)}`}?`;
}

function reissue(found: z.core.$ZodIssue, input: unknown, ctx: Ctx, names: readonly string[], suggested: readonly string[]): void {
  if (found.code === 'unrecognized_keys') {
    for (const key of found.keys) ctx.addIssue({ code: 'custom', path: [...found.path, key], message: unknownKeyReason(key, names, suggested) });
    return;
  }
  const missing = found.code === 'invalid_type' && valueAtPath(input, found.path) === undefined;
  const message = missing ? 'is required' : found.code === 'invalid_type' ? `must be a ${found.expected}` : found.message;
  ctx.addIssue({ code: 'custom', path: [...found.path], message });
}
