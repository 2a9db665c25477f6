import { childPath } from '../../../src/domain/json-diff.ts';

/**
 * The rows of a collapsible JSON tree, built only through the expanded nodes: a 10 MB body with a
 * few levels open yields a few hundred rows, and the virtualised list renders only the visible ones.
 */

/** One visible line of the tree. */
export interface TreeRow {
  /** JSON path of the node (`$.route.fills[0]`), also its expansion key. */
  path: string;
  depth: number;
  /** The object key or array index naming the node; null for the root. */
  key: string | null;
  kind: 'object' | 'array' | 'value';
  /** A value's JSON, or a container's size (`12 keys`, `3 items`). */
  preview: string;
  expanded: boolean;
}

const PREVIEW_MAX = 240;

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function children(value: Record<string, unknown> | unknown[]): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

function valuePreview(value: unknown): string {
  // The body is JSON.parse'd: an integer past 2^53 (an amount sent as a number, in a customer's
  // file) is already rounded here, and 123456789012345678901234567890 read 1.2345678901234568e+29
  // as if received so. Raw text has the digits as they came.
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) return `≈${JSON.stringify(value)} (rounded: see Raw text)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}…` : text;
}

function containerPreview(value: Record<string, unknown> | unknown[]): string {
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  const noun = Array.isArray(value) ? 'item' : 'key';
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The visible rows of `root` with the nodes whose paths are in `expanded` open. */
export function treeRows(root: unknown, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  // An explicit stack: a deeply nested body must not overflow the call stack.
  const stack: { value: unknown; path: string; depth: number; key: string | null }[] = [{ value: root, path: '$', depth: 0, key: null }];
  while (stack.length > 0) {
    const { value, path, depth, key } = stack.pop()!;
    if (!isContainer(value)) {
      rows.push({ path, depth, key, kind: 'value', preview: valuePreview(value), expanded: false });
      continue;
    }
    const open = expanded.has(path);
    rows.push({ path, depth, key, kind: Array.isArray(value) ? 'array' : 'object', preview: containerPreview(value), expanded: open });
    if (!open) continue;
    const entries = children(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [childKey, child] = entries[i]!;
      stack.push({ value: child, path: childPath(path, childKey), depth: depth + 1, key: String(childKey) });
    }
  }
  return rows;
}

/** The paths of every container down to `maxDepth` (0 is the root): the tree's initial expansion. */
export function pathsToDepth(root: unknown, maxDepth: number): Set<string> {
  const paths = new Set<string>();
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '$', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (!isContainer(value) || depth > maxDepth) continue;
    paths.add(path);
    // Wide arrays stay closed beyond the root: opening 50,000 fills by default helps nobody.
    if (Array.isArray(value) && value.length > 100 && depth > 0) paths.delete(path);
    else for (const [childKey, child] of children(value)) stack.push({ value: child, path: childPath(path, childKey), depth: depth + 1 });
  }
  return paths;
}
