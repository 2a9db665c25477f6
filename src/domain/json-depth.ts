/**
 * How deeply a JSON value nests, measured without recursion. A service body nested tens of
 * thousands of levels parses (JSON.parse is iterative in V8) but cannot be stringified, cloned
 * across IPC or drawn as a tree: each of those recurses and overflows the stack (issue 17, "no body
 * shape may lose a request"). Such a body is kept as text only.
 */

/** Deepest nesting the app keeps as parsed JSON; real service bodies nest fewer than 10 levels. */
export const MAX_JSON_DEPTH = 1_000;

/** Whether `value` nests deeper than `limit` levels of arrays/objects; stops as soon as it does. */
export function isDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The finding kept on an entry whose body was too deep to keep as JSON. */
export function tooDeepDetail(limit: number = MAX_JSON_DEPTH): string {
  return `the body nests more than ${limit} levels deep: it is kept as text only (too deep to store, send to the window or show as a JSON tree)`;
}
