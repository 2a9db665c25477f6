import { amountPathOf, amountUnitOf, type AmountUnit } from './json-diff-amounts.ts';
import { bpsDifference } from './units.ts';

/**
 * A JSON-aware diff of two bodies (issue 6, "compare with another entry"): which paths changed,
 * appeared or disappeared, with amount changes also in basis points and in human units beside the
 * base units when the token is known (issue 17, "After a replay"). Only the spec's token amounts
 * get bps (see json-diff-amounts.ts): a nonce or a block number is a counter, not an amount.
 */

/**
 * One difference, at a JSON path such as `$.route.fills[0].source`. `case`: the same hex value
 * (an address, a hash, calldata) in another letter case, e.g. a customer's checksummed buyToken
 * against the service's lower case. It is the same address, so it is not counted as changed; it
 * is still listed, because a client that compares addresses as strings breaks on it.
 */
export interface DiffEntry {
  path: string;
  kind: 'changed' | 'case' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
  /** For an amount (decimal string of base units) of one token that changed: after vs before, in Bps (none between two tokens). */
  bps?: number | null;
  /** For an amount field: its token and, when the token is known, the values in human units. */
  unit?: AmountUnit;
}

/** Options of diffJson. */
export interface DiffOptions {
  /** The chain of both bodies (of the second when beforeChainId is given), to tell tokens apart when an address exists on several chains. */
  chainId?: number;
  /** The chain of the first body, when it may be another than the second's. */
  beforeChainId?: number;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const BASE_UNITS = /^(0|[1-9][0-9]*)$/;
const HEX = /^0x[0-9a-fA-F]+$/;

/** What the diff tables call each kind of difference. */
export const DIFF_KIND_LABELS: Record<DiffEntry['kind'], string> = { changed: 'changed', case: 'letter case only', added: 'added', removed: 'removed' };

function sameHexInOtherCase(before: unknown, after: unknown): boolean {
  return typeof before === 'string' && typeof after === 'string' && HEX.test(before) && HEX.test(after) && before.toLowerCase() === after.toLowerCase();
}

/** Appends an object key to a JSON path, bracket-quoted when it is not an identifier. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Frame {
  path: string;
  inBefore: boolean;
  inAfter: boolean;
  before: unknown;
  after: unknown;
}

function children(frame: Frame): Frame[] {
  const { before, after, path } = frame;
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => ({ path: childPath(path, i), inBefore: i < before.length, inAfter: i < after.length, before: before[i], after: after[i] }));
  }
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].map((name) => ({ path: childPath(path, name), inBefore: Object.hasOwn(before, name), inAfter: Object.hasOwn(after, name), before: before[name], after: after[name] }));
  }
  return [];
}

function isContainerPair(frame: Frame): boolean {
  return (Array.isArray(frame.before) && Array.isArray(frame.after)) || (isObject(frame.before) && isObject(frame.after));
}

function entryOf(frame: Frame, roots: { before: unknown; after: unknown }, options: DiffOptions): DiffEntry | null {
  let entry: DiffEntry;
  if (!frame.inBefore) entry = { path: frame.path, kind: 'added', after: frame.after };
  else if (!frame.inAfter) entry = { path: frame.path, kind: 'removed', before: frame.before };
  else if (Object.is(frame.before, frame.after)) return null;
  else if (sameHexInOtherCase(frame.before, frame.after)) entry = { path: frame.path, kind: 'case', before: frame.before, after: frame.after };
  else entry = { path: frame.path, kind: 'changed', before: frame.before, after: frame.after };
  const amountPath = amountPathOf(frame.path);
  if (amountPath === null) return entry;
  const unit = amountUnitOf(amountPath, frame, roots, { before: options.beforeChainId ?? options.chainId, after: options.chainId });
  if (unit) entry.unit = unit;
  if (entry.kind === 'changed' && !unit?.before && typeof frame.before === 'string' && typeof frame.after === 'string' && BASE_UNITS.test(frame.before) && BASE_UNITS.test(frame.after)) {
    entry.bps = bpsDifference(BigInt(frame.after), BigInt(frame.before));
  }
  return entry;
}

/**
 * Differences from `before` to `after`, in document order (keys of `before` first). Arrays are
 * compared by index: a route's fills are ordered, and index paths are what the viewer shows.
 * Iterative, so a body nested tens of thousands of levels deep is diffed rather than overflowing.
 */
export function diffJson(before: unknown, after: unknown, options: DiffOptions = {}): DiffEntry[] {
  const out: DiffEntry[] = [];
  const roots = { before, after };
  const stack: Frame[] = [{ path: '$', inBefore: true, inAfter: true, before, after }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.inBefore && frame.inAfter && isContainerPair(frame)) {
      const next = children(frame);
      for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
      continue;
    }
    const entry = entryOf(frame, roots, options);
    if (entry) out.push(entry);
  }
  return out;
}

/** Diffs two response bodies given as text; a body that is not JSON is an error naming which one. */
export function diffJsonText(beforeText: string, afterText: string, options: DiffOptions = {}): { ok: true; entries: DiffEntry[] } | { ok: false; message: string } {
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
  return { ok: true, entries: diffJson(before.value, after.value, options) };
}
