/**
 * A credential echoed back: a service or gateway that repeats the request's key or token in an error
 * message, a field or a header ("Invalid API key: abc…"). Names cannot find those (the value sits in
 * free text), so the values the request carried are searched for wherever the response may hold them.
 * Pure text work, with no notion of which names are credentials: redact.ts decides that.
 */

/**
 * Values shorter than this are not searched for: replacing every "v2" or "dark" of a body would
 * garble it, and no real key is that short (the local service's are 32 hex digits).
 */
export const MIN_ECHOED_SECRET_LENGTH = 8;

// An auth scheme before its credentials ("Bearer abc", "Basic dXNl"): the scheme is no secret, and
// taking it for one would redact the word wherever the answer uses it.
const AUTH_SCHEME = /^([A-Za-z][\w.~+-]*)\s+\S/;

/**
 * The strings to look for when `value` was sent: the whole value, and each of its parts a service
 * might repeat alone, the credentials after an auth scheme ("Bearer abc"), each cookie's value
 * ("session=abc; theme=dark"); only those of at least MIN_ECHOED_SECRET_LENGTH characters.
 */
export function echoCandidates(value: string): string[] {
  const whole = value.trim();
  const scheme = AUTH_SCHEME.exec(whole)?.[1];
  const pieces = whole
    .split(/[\s;,]+/)
    .filter((piece) => piece !== scheme)
    .flatMap((piece) => (piece.includes('=') ? [piece, piece.slice(piece.indexOf('=') + 1)] : [piece]));
  return [whole, ...pieces].filter((candidate) => candidate.length >= MIN_ECHOED_SECRET_LENGTH);
}

// Each secret as it may appear: as sent, escaped inside a JSON string, and percent-encoded in a URL.
function formsOf(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/** The text with every occurrence of each secret replaced by `replacement`; the longest secrets go first, so a whole value is replaced before its parts. */
export function redactEchoes(text: string, secrets: readonly string[], replacement: string): string {
  if (secrets.length === 0) return text;
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    for (const form of formsOf(secret)) if (out.includes(form)) out = out.split(form).join(replacement);
  }
  return out;
}

/**
 * A copy of a parsed JSON value (a body, an error's details) with the secrets replaced in every
 * string and key. Bodies are kept as JSON only up to a bounded depth (json-depth.ts), so the
 * recursion is bounded too.
 */
export function redactEchoesInJson(value: unknown, secrets: readonly string[], replacement: string): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return redactEchoes(value, secrets, replacement);
  if (Array.isArray(value)) return value.map((item) => redactEchoesInJson(item, secrets, replacement));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty: a "__proto__" key stays an own key, as JSON.parse made it.
    Object.defineProperty(out, redactEchoes(key, secrets, replacement), { value: redactEchoesInJson(item, secrets, replacement), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
