import type { Result } from './result.ts';

/**
 * What the renderer may hand to window.api. Electron's context bridge copies a plain object from
 * the page to the preload by assigning each key (v8 Object::Set in CreateProxyForAPI), and
 * assigning "__proto__" sets a prototype instead, so such a key (a pasted query parameter or
 * header of that name) would vanish before the IPC contract could check it, and the request would
 * go out without it. The renderer asks first and refuses with the path and the reason instead.
 * (Read from Electron's source; no Electron binary runs here to observe it. The e2e harness drops
 * the key the same way: Playwright's serialiser also rebuilds objects by assignment.)
 */

/** The path of the first own "__proto__" key in `input` (`params.__proto__`), or null. */
export function protoKeyPath(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return path === '' ? '__proto__' : `${path}.__proto__`;
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: path === '' ? key : `${path}.${key}` });
  }
  return null;
}

/** The INVALID_INPUT answer for an input the bridge would change, or null when it crosses intact. */
export function bridgeRefusal(input: unknown): Result<never> | null {
  const field = protoKeyPath(input);
  if (field === null) return null;
  const reason = 'is a name the app cannot send: Electron would drop it on the way to the engine; remove it, or send the request outside the app (with curl)';
  return { ok: false, error: { code: 'INVALID_INPUT', message: `${field} ${reason}`, details: [{ field, reason }] } };
}
