import { REDACTED, SECRET_NAME_SOURCE, SESSION_NAME_SOURCE } from '../redact.ts';
import { echoCandidates, redactEchoes } from '../redact-echo.ts';
import { credentialVariables, redactAssignments, redactFallbacks } from './redact-indirect.ts';

/**
 * Redaction of a pasted text before anything else sees it (issue 17, "any key in it is redacted at
 * once and never stored"). A customer's paste may carry the key in any form: a curl header, a URL
 * query parameter, a JS object member, a raw HTTP header line, a HAR name/value pair, a shell
 * variable; and so may a session cookie (a Cookie or Set-Cookie header, curl's -b, a HAR's cookies).
 * The rules work on the text, not on a parse, so that even a paste no parser understands
 * is safe to show; a key given through a variable or as an environment variable's default is
 * followed there (redact-indirect.ts). A value found so is then redacted wherever else the text
 * holds it (a shell comment, an `echo`, a second command), as an echoed key is (redact-echo.ts).
 */

// A reference to a key rather than the key itself: left as written, since it is not a secret and
// tells the reader where the key comes from.
const PLACEHOLDER = /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|<[^<>\s]{1,40}>|\{\{\s*[A-Za-z_][A-Za-z0-9_.]*\s*\}\}|(?:process\.env|import\.meta\.env|os\.environ)(?:\.[A-Za-z_][A-Za-z0-9_]*|\[["'][A-Za-z_][A-Za-z0-9_]*["']\])|REDACTED)$/;

/** Whether a value is a placeholder or variable reference (`$KEY`, `<API_KEY>`, `process.env.KEY`), not a key. */
export function isKeyPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value.trim());
}

// A value: quoted ('…', "…", `…`), an auth scheme and its credentials, or a bare run up to a delimiter.
const VALUE = String.raw`\{\{[^{}\n]*\}\}|\$\{[^{}\n]*\}|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\x60[^\x60]*\x60|(?:Bearer|Basic|Token|Digest|Negotiate)[ \t]+[^\s'"\x60,;&)}\]]+|[^\s'"\x60,;&)}\]]+`;

// Every credential name of redact.ts's one rule: a key, Authorization, or a session cookie.
const CREDENTIAL_NAME = `${SECRET_NAME_SOURCE}|${SESSION_NAME_SOURCE}`;

// A Cookie / Set-Cookie header carries several `name=value` pairs split by `;`, so its whole value goes:
// up to the quote that closes the header (curl's -H 'Cookie: a=1; b=2', with cmd's ^ escapes) or,
// on a line of its own that starts with a pair (a raw request or response, not a JS member), up to the line's end.
const COOKIE_QUOTED = new RegExp(String.raw`((["'\x60])(?:${SESSION_NAME_SOURCE})[ \t]*:[ \t]*)((?:\\.|\^(?!\2).|(?!\2)[^\\\n^])+)`, 'gi');
const COOKIE_LINE = new RegExp(String.raw`^([ \t]*(?:${SESSION_NAME_SOURCE})[ \t]*:[ \t]*)([^\s'"\x60=;,]+=[^\r\n]*)`, 'gim');
// curl's -b/--cookie 'a=1; b=2'; a value without '=' names a cookie file and is kept.
const CURL_COOKIE = /(\s(?:-b[ \t]*|--cookie(?:[ \t]+|=))\$?)("[^"]*"|'[^']*'|[^\s'"]+)/g;
// HAR's request.cookies and response.cookies: objects named by the cookie, not by a header, so every value in them goes.
const HAR_COOKIES = /("cookies"\s*:\s*)(\[(?:[^[\]"]|"(?:[^"\\]|\\.)*")*\])/gi;
const HAR_VALUE = /("value"\s*:\s*)("(?:[^"\\]|\\.)*")/g;

// name: value, name = value, "name": "value", name=value (query), -H 'name: value', and by
// subscript: headers["name"] = value (Python, PowerShell, axios.defaults), { ['name']: value }.
const NAME_VALUE = new RegExp(String.raw`(^|[^A-Za-z0-9_-])(${CREDENTIAL_NAME})(["'\x60]?\]?[ \t]*[:=][ \t]*)(${VALUE})`, 'gim');
// HAR pairs: {"name": "svc-api-key", "value": "…"} in either order.
const HAR_NAME_FIRST = new RegExp(String.raw`("name"\s*:\s*"(?:${CREDENTIAL_NAME})"\s*,\s*"value"\s*:\s*)("(?:[^"\\]|\\.)*")`, 'gi');
const HAR_VALUE_FIRST = new RegExp(String.raw`("value"\s*:\s*)("(?:[^"\\]|\\.)*")(\s*,\s*"name"\s*:\s*"(?:${CREDENTIAL_NAME})")`, 'gi');
// headers.set('svc-api-key', '…') and headers.append(…): the name as a quoted call argument.
const CALL_ARGUMENT = new RegExp(String.raw`(\(\s*(["'\x60])(?:${CREDENTIAL_NAME})\2\s*,\s*)(${VALUE})`, 'gi');
// curl's -u/--user user:password, and its proxy's: -U/--proxy-user (the flags are case-sensitive).
const CURL_USER = /(\s(?:-u|--user|-U|--proxy-user)(?:\s+|=))("[^"]*"|'[^']*'|[^\s'"]+)/g;
// curl's -x/--proxy (and --preproxy) take a proxy URL without a scheme too: user:password@host:port,
// which URL_CREDENTIALS (scheme first) does not see. Its user name goes as URL_CREDENTIALS' does.
const CURL_PROXY_CREDENTIALS = /(\s(?:-x|--proxy|--preproxy)(?:\s+|=)["']?)([^\s/@:'"]+)(?::([^\s/@'"]*))?@/g;
// A password given by position rather than by name, as scripts through a proxy or with basic auth
// give it: PowerShell's ConvertTo-SecureString '…' and NetworkCredential / PSCredential (user, '…'),
// Python's HTTPProxyAuth / HTTPBasicAuth / HTTPDigestAuth / BasicAuth (user, '…') and auth=(user, '…'),
// and Node's auth: 'user:…'. Only a literal goes: a variable is no password. The user name goes
// too, as a URL's does (below): basic auth often takes the key as the user name, password empty.
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"|'[^'\n]*'`;
const SECURE_STRING = new RegExp(String.raw`(ConvertTo-SecureString\s+(?:-String\s+)?)(${QUOTED})`, 'gi');
const USER_THEN_PASSWORD = new RegExp(String.raw`((?:\b(?:NetworkCredential|PSCredential|HTTPProxyAuth|HTTPBasicAuth|HTTPDigestAuth|BasicAuth)|\bauth\s*=\s*)\s*\(\s*)(${QUOTED}|[$\w.]+)(\s*,\s*)(${QUOTED})`, 'g');
const AUTH_USER_PASSWORD = /(\bauth["']?\s*[:=]\s*)(["'])([^"'\n:]*):([^"'\n]*)\2/g;
// Credentials in a URL: https://user:password@host, https://user:@host, https://user@host.
// The user name is redacted always, not only without a password: many services take the key as the
// user name (https://KEY@host, https://KEY:@host), a pair such as client id and secret is two
// credentials, and the service reads its key from a header, so no user name is needed to read a paste.
// The scheme is bounded (real ones are a few letters): unbounded, each word of a long run of
// "a-a-a-…" scanned to the end of the run for a "://", and a 400 KB paste took 90 s.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]{0,31}:\/\/)([^\s/@:'"]+)(?::([^\s/@'"]*))?@/gi;

function replaceValue(value: string): string {
  const quote = value[0];
  const isQuoted = quote === '"' || quote === "'" || quote === '`';
  const inner = isQuoted ? value.slice(1, -1) : value;
  if (inner === '' || isKeyPlaceholder(inner)) return value;
  // A call (`key = os.environ.get(…)`): code that reads the key, whose own arguments the rules for
  // fallbacks and variables look at; no key ends in "(".
  if (!isQuoted && inner.endsWith('(')) return value;
  const scheme = /^(Bearer|Basic|Token|Digest|Negotiate)[ \t]+(.+)$/i.exec(inner);
  if (scheme && isKeyPlaceholder(scheme[2]!)) return value;
  const replaced = scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
  return isQuoted ? `${quote}${replaced}${quote}` : replaced;
}

/**
 * Replaces any API key or cookie value in a pasted curl / URL / fetch / axios / HTTP / HAR / JSON text with
 * REDACTED; placeholders such as `$API_KEY` or `<API_KEY>` are kept. A value found in a credential
 * position is then replaced wherever else the text holds it (`# key abc…`, `echo abc…`), as sent,
 * JSON-escaped or percent-encoded, when it is at least MIN_ECHOED_SECRET_LENGTH (8) characters: a
 * shorter one is no real key, and replacing every `dark` or `v2` of a paste would garble it.
 * The renderer calls it on paste and input so the key never reaches the DOM.
 */
export function redactPaste(text: string): string {
  const secrets = new Set<string>();
  const found = (secret: string) => {
    for (const candidate of echoCandidates(secret)) secrets.add(candidate);
  };
  const replace = (value: string) => {
    const replaced = replaceValue(value);
    if (replaced !== value) found(/^["'\x60]/.test(value) ? value.slice(1, -1) : value);
    return replaced;
  };
  const password = (value: string) => {
    found(value);
    return REDACTED;
  };
  // A user name and password (a URL's, `auth: 'user:…'`), each found for the echo rule; an empty password stays empty.
  const userinfo = (user: string, secret: string | undefined) => `${replace(user)}${secret === undefined ? '' : `:${secret === '' ? '' : password(secret)}`}`;
  // A user name by position is redacted when written as a literal: a variable is no secret.
  const literal = (value: string) => (/^["']/.test(value) ? replace(value) : value);
  // Read before the rules below turn `'svc-api-key': apiKey` into `'svc-api-key': REDACTED`.
  const variables = credentialVariables(text, CREDENTIAL_NAME);
  const redacted = redactFallbacks(text, CREDENTIAL_NAME, replace)
    .replace(COOKIE_QUOTED, (_all, head: string, _quote: string, value: string) => `${head}${replace(value)}`)
    .replace(COOKIE_LINE, (_all, head: string, value: string) => `${head}${replace(value.trimEnd())}`)
    .replace(CURL_COOKIE, (_all, flag: string, value: string) => (value.includes('=') ? `${flag}${replace(value)}` : `${flag}${value}`))
    .replace(HAR_COOKIES, (_all, head: string, cookies: string) => `${head}${cookies.replace(HAR_VALUE, (_pair, name: string, value: string) => `${name}${replace(value)}`)}`)
    .replace(NAME_VALUE, (_all, before: string, name: string, separator: string, value: string) => `${before}${name}${separator}${replace(value)}`)
    .replace(HAR_NAME_FIRST, (_all, head: string, value: string) => `${head}${replace(value)}`)
    .replace(HAR_VALUE_FIRST, (_all, head: string, value: string, tail: string) => `${head}${replace(value)}${tail}`)
    .replace(CALL_ARGUMENT, (_all, head: string, _quote: string, value: string) => `${head}${replace(value)}`)
    .replace(CURL_USER, (_all, flag: string, value: string) => `${flag}${replace(value)}`)
    .replace(CURL_PROXY_CREDENTIALS, (_all, flag: string, user: string, secret: string | undefined) => `${flag}${userinfo(user, secret)}@`)
    .replace(SECURE_STRING, (_all, head: string, value: string) => `${head}${replace(value)}`)
    .replace(USER_THEN_PASSWORD, (_all, head: string, user: string, comma: string, value: string) => `${head}${literal(user)}${comma}${replace(value)}`)
    .replace(AUTH_USER_PASSWORD, (_all, head: string, quote: string, user: string, secret: string) => `${head}${quote}${userinfo(user, secret)}${quote}`)
    .replace(URL_CREDENTIALS, (_all, scheme: string, user: string, secret: string | undefined) => `${scheme}${userinfo(user, secret)}@`);
  return redactEchoes(redactAssignments(redacted, variables, replace), [...secrets], REDACTED);
}

/** Whether redactPaste would change the text, i.e. the paste carried a key or a cookie. */
export function hasSecret(text: string): boolean {
  return redactPaste(text) !== text;
}
