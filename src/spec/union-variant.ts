import type { z } from 'zod';
import { boundedSafeParse } from './bounded-parse.ts';

/**
 * Which variant of a union a body that matches none was meant to be, so that the schema report can
 * name what is wrong inside it. zod stops at a discriminator it does not know (an Allowance Holder
 * answer without `mode`): its only issue is that discriminator, which hides the field that is
 * actually missing or wrong. The closest variant is the one the body differs from least: its
 * issues plus the top-level keys it does not name (so a full price answer without
 * `liquidityAvailable` is read as the with-liquidity variant, not the two-field without-liquidity
 * one). Ties go to the first option, in the order the spec lists them.
 */

type Def = { type: string; [key: string]: unknown };

/** The zod definition of a schema (zod 4 keeps it on `_zod.def`), or undefined for a non-schema. */
export function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } })?._zod?.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The schema under optional, nullable, default, pipe and lazy wrappers. */
export function unwrapped(schema: unknown): unknown {
  let node = schema;
  for (let def = defOf(node); def; def = defOf(node)) {
    if (WRAPPERS.has(def.type)) node = def.innerType;
    else if (def.type === 'pipe') node = def.in;
    else if (def.type === 'lazy') node = (def.getter as () => unknown)();
    else return node;
  }
  return node;
}

function unionOptions(schema: unknown): unknown[] | undefined {
  const def = defOf(unwrapped(schema));
  return def?.type === 'union' ? (def.options as unknown[]) : undefined;
}

function keysNotNamed(schema: unknown, value: unknown): number {
  const def = defOf(unwrapped(schema));
  if (def?.type !== 'object' || value === null || typeof value !== 'object' || Array.isArray(value)) return 0;
  const shape = def.shape as Record<string, unknown>;
  return Object.keys(value).filter((key) => !(key in shape)).length;
}

/** How far `value` is from `schema`: its issues plus the keys the schema does not name (the closest variant of a union). */
export function differenceCount(schema: unknown, value: unknown): number {
  const options = unionOptions(schema);
  if (options) return Math.min(...options.map((option) => differenceCount(option, value)));
  const parsed = boundedSafeParse(schema as z.ZodType, value);
  const issues = 'overflowed' in parsed ? Number.POSITIVE_INFINITY : parsed.success ? 0 : parsed.error.issues.length;
  return issues + keysNotNamed(schema, value);
}

/** The variant of a (possibly nested) union that `value` is closest to; a schema that is not a union is its own variant. */
export function closestVariant(schema: unknown, value: unknown): unknown {
  let node = schema;
  for (let options = unionOptions(node); options; options = unionOptions(node)) {
    let best = options[0];
    let bestCount = Number.POSITIVE_INFINITY;
    for (const option of options) {
      const count = differenceCount(option, value);
      if (count < bestCount) [best, bestCount] = [option, count];
    }
    node = best;
  }
  return node;
}

function childSchema(container: unknown, key: PropertyKey): unknown {
  const def = defOf(unwrapped(container));
  if (def?.type === 'object') return (def.shape as Record<PropertyKey, unknown>)[key];
  if (def?.type === 'array') return def.element;
  if (def?.type === 'record') return def.valueType;
  if (def?.type === 'tuple' && typeof key === 'number') return (def.items as unknown[])[key];
  return undefined;
}

/** The schema that applies at `path` in `value`, unions read as their closest variant on the way. */
export function schemaAtPath(schema: unknown, value: unknown, path: readonly PropertyKey[]): unknown {
  let node = schema;
  let current = value;
  for (const key of path) {
    node = childSchema(closestVariant(node, current), key);
    if (node === undefined) return undefined;
    current = current !== null && typeof current === 'object' && Object.hasOwn(current, key) ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return node;
}

/** What a schema accepts, as short words: `string`, `"exact-in"`, `null`. */
export function acceptedKinds(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'nullable') return [...acceptedKinds(def.innerType), 'null'];
  if (WRAPPERS.has(def.type) || def.type === 'pipe' || def.type === 'lazy') return acceptedKinds(unwrapped(schema));
  if (def.type === 'union') return [...new Set((def.options as unknown[]).flatMap(acceptedKinds))];
  if (def.type === 'literal') return (def.values as unknown[]).map((item) => JSON.stringify(item));
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>).map((item) => JSON.stringify(item));
  return [def.type];
}
