import { decodedOrAsWritten } from '../../domain/percent-decode.ts';

/**
 * A proxy URL's password, held apart from the rest of the URL: the profile form shows the URL (user
 * name included) in a plain field and a new password in a masked one. A stored password never
 * reaches the renderer: profiles.list sends the URL without it, and an edit that leaves it alone
 * asks main to keep it. profiles.json keeps the one URL (`http://user:pass@host:port`), which is
 * what undici's ProxyAgent reads. Environment-free: the renderer's form uses it.
 */

/** A proxy URL split into the URL without its password and the password (decoded; '' for none). */
export interface ProxyUrlParts {
  url: string;
  password: string;
}

// The scheme and the authority as the WHATWG URL parser reads them: the authority ends at the first
// '/', '?', '#' or '\', and its user info at the last '@' in it.
const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\\]*)/i;

/**
 * Splits the password out of a proxy URL; a URL without one (or not a URL) is returned as it is.
 * A form the pattern does not read but the URL parser (as undici's ProxyAgent uses it) reads a
 * password from ("http:user:pass@host", a backslash or tab in it: profiles.json edited by hand, the
 * schema refuses them now) is split as the parser reads it, so that its password never leaves main either.
 */
export function splitProxyPassword(text: string): ProxyUrlParts {
  const parts = splitWritten(text);
  if (parts.password !== '') return parts;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return parts;
  }
  if (parsed.password === '') return parts;
  const password = decodedOrAsWritten(parsed.password);
  parsed.password = '';
  return { url: parsed.href, password };
}

// The password as the URL is written: `scheme://user:password@host…`.
function splitWritten(text: string): ProxyUrlParts {
  const match = AUTHORITY.exec(text);
  if (!match) return { url: text, password: '' };
  const [whole, scheme, authority] = match as unknown as [string, string, string];
  const at = authority.lastIndexOf('@');
  const colon = at < 0 ? -1 : authority.slice(0, at).indexOf(':');
  if (colon < 0) return { url: text, password: '' };
  const user = authority.slice(0, colon);
  const host = authority.slice(at + 1);
  return { url: `${scheme}${user ? `${user}@` : ''}${host}${text.slice(whole.length)}`, password: decodedOrAsWritten(authority.slice(colon + 1, at)) };
}

/**
 * The proxy URL with `password` put back (percent-encoded, as undici decodes it); `url` unchanged when
 * the password is empty or `url` has no authority to hold it (the URL's own error says why then).
 */
export function withProxyPassword(url: string, password: string): string {
  if (password === '') return url;
  const bare = splitProxyPassword(url).url;
  const match = AUTHORITY.exec(bare);
  if (!match) return url;
  const [whole, scheme, authority] = match as unknown as [string, string, string];
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? '' : authority.slice(0, at);
  return `${scheme}${user}:${encodeURIComponent(password)}@${authority.slice(at + 1)}${bare.slice(whole.length)}`;
}

/** Why a kept password is refused: the form says it before a save, profiles.save if one is sent. */
export const PROXY_CHANGED_REASON = 'must be typed again: the proxy URL changed, and a stored password is sent only to the proxy it was saved for';

/**
 * Whether two proxy URLs (passwords aside) name the same proxy and user: scheme, host, port and user
 * name. A stored password is kept only for the proxy it was saved for, never sent to another one.
 */
export function isSameProxy(a: string, b: string): boolean {
  const [first, second] = [a, b].map((text) => {
    try {
      const url = new URL(splitProxyPassword(text.trim()).url);
      return `${url.protocol}//${url.username}@${url.host}`;
    } catch {
      return null;
    }
  });
  return first !== null && first === second;
}
