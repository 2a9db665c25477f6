import { bpsDifference } from './units.ts';

/**
 * A JSON-aware diff of two bodies (issue 6, "compare with another entry"): which paths changed,
 * appeared or disappeared, with amount changes also in basis points.
 */

/** One difference, at a JSON path such as `$.route.fills[0].source`. */
export interface DiffEntry {
  path: string;
  kind: 'changed' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
  /** For an amount (decimal string of base units) that changed: after vs before, in Bps. */
  bps?: number | null;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const BASE_UNITS = /^(0|[1-9][0-9]*)$/;
// Decimal strings that are counters or ratios, not token amounts: a bps change of them means nothing.
const NOT_AMOUNTS = new Set(['blockNumber', 'chainId', 'proportionBps', 'buyTaxBps', 'sellTaxBps', 'transferTaxBps', 'zid']);

/** Appends an object key to a JSON path, bracket-quoted when it is not an identifier. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAmountChange(key: string | number | undefined, before: unknown, after: unknown): boolean {
  if (typeof key === 'number' || key === undefined || NOT_AMOUNTS.has(key)) return false;
  return typeof before === 'string' && typeof after === 'string' && BASE_UNITS.test(before) && BASE_UNITS.test(after);
}

function walk(before: unknown, after: unknown, path: string, key: string | number | undefined, out: DiffEntry[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      const childBefore = i < before.length ? before[i] : undefined;
      const childAfter = i < after.length ? after[i] : undefined;
      visit(i < before.length, i < after.length, childBefore, childAfter, childPath(path, i), i, out);
    }
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const name of keys) {
      visit(Object.hasOwn(before, name), Object.hasOwn(after, name), before[name], after[name], childPath(path, name), name, out);
    }
    return;
  }
  if (Object.is(before, after)) return;
  const entry: DiffEntry = { path, kind: 'changed', before, after };
  if (isAmountChange(key, before, after)) entry.bps = bpsDifference(BigInt(after as string), BigInt(before as string));
  out.push(entry);
}

function visit(inBefore: boolean, inAfter: boolean, before: unknown, after: unknown, path: string, key: string | number, out: DiffEntry[]): void {
  if (!inBefore) out.push({ path, kind: 'added', after });
  else if (!inAfter) out.push({ path, kind: 'removed', before });
  else walk(before, after, path, key, out);
}

/**
 * Differences from `before` to `after`, in document order (keys of `before` first). Arrays are
 * compared by index: a route's fills are ordered, and index paths are what the viewer shows.
 */
export function diffJson(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before, after, '$', undefined, out);
  return out;
}

/** Diffs two response bodies given as text; a body that is not JSON is an error naming which one. */
export function diffJsonText(beforeText: string, afterText: string): { ok: true; entries: DiffEntry[] } | { ok: false; message: string } {
  const parse = (text: string, which: string): { ok: true; value: unknown } | { ok: false; message: string } => {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (error) {
      return { ok: false, message: `the ${which} body is not JSON: ${(error as Error).message}` };
    }
  };
  const before = parse(beforeText, 'first');
  if (!before.ok) return before;
  const after = parse(afterText, 'second');
  if (!after.ok) return after;
  return { ok: true, entries: diffJson(before.value, after.value) };
}
