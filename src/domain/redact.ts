import { HEADER_NAMES } from '../spec/index.ts';
import { echoCandidates, redactEchoes, redactEchoesInJson } from './redact-echo.ts';
import { decodedOrAsWritten } from './percent-decode.ts';

/**
 * Redaction of credentials in everything that leaves the app or is kept (HAR and JSON export and
 * import, the history, curl, the support report, the paste box). One rule says which names carry a
 * credential, so that no path redacts less than another: the profile's key header (a deployment
 * may rename `svc-api-key`), any key-like name, and the session headers a customer's file may carry.
 */

/** The value written in place of a secret in exports. */
export const REDACTED = 'REDACTED';

/**
 * Names that carry a key: any `...api-key` / `apikey` / `api_key` (svc-api-key, 0x-api-key,
 * x-api-key, SVC_API_KEY, and in code svcApiKey), Authorization, the usual token names, a bare
 * `key` (`const KEY = …` in a customer's script), any `...secret` (client_secret) and any
 * `...password` or `...passwd` (a proxy's or basic auth's: axios' `auth: { password }`). A bare
 * `token` is not one: the spec's bodies name token addresses so (fees' `token`). A
 * regular-expression source, so that the paste box can find these names inside free text; each
 * prefix is one character class, so a long word is scanned once per start, never re-split.
 */
export const SECRET_NAME_SOURCE = String.raw`[A-Za-z0-9_-]*?api[-_]?key|authorization|proxy-authorization|x-auth-token|access[-_]?token|auth[-_]?token|key|[A-Za-z0-9_-]*?secret|[A-Za-z0-9_-]*?passw(?:or)?d`;

/**
 * Session credentials: not an API key (the paste lint does not offer them as the key header), but a
 * secret all the same, in a request (Cookie) or in a response that sets or echoes one. A
 * regular-expression source, as SECRET_NAME_SOURCE, for the paste box.
 */
export const SESSION_NAME_SOURCE = String.raw`(?:set-)?cookie`;

const SECRET_NAME = new RegExp(`^(?:${SECRET_NAME_SOURCE})$`, 'i');
const SESSION_NAME = new RegExp(`^(?:${SESSION_NAME_SOURCE})$`, 'i');

/** Whether a header, query or variable name carries a key (case-insensitive). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.trim());
}

/**
 * The name (or names) the API key header goes by: a profile may rename `svc-api-key`, even to a
 * name that does not look like a key (`x-partner-token`); an entry that may come from any of the
 * user's deployments (an imported file) is read with every profile's.
 */
export type KeyHeaderNames = string | readonly string[];

/** Whether a header or query name carries the API key (names compare case-insensitively, as in HTTP). */
export function isApiKeyName(name: string, apiKeyHeader: KeyHeaderNames = HEADER_NAMES.apiKey): boolean {
  const wanted = name.trim().toLowerCase();
  return typeof apiKeyHeader === 'string' ? wanted === apiKeyHeader.toLowerCase() : apiKeyHeader.some((header) => wanted === header.toLowerCase());
}

/** Whether a header or query name carries any credential: the profile's key header, a key-like name, or a cookie. */
export function isCredentialName(name: string, apiKeyHeader?: KeyHeaderNames): boolean {
  return isApiKeyName(name, apiKeyHeader) || isSecretName(name) || SESSION_NAME.test(name.trim());
}

/**
 * A copy of the headers (or a query record) with every credential's value replaced: the key
 * header's by `replacement` (a placeholder saying where the key goes), any other by REDACTED.
 */
export function redactHeaders(headers: Record<string, string>, apiKeyHeader?: KeyHeaderNames, replacement = REDACTED): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, credentialValue(name, value, apiKeyHeader, replacement)]));
}

function credentialValue(name: string, value: string, apiKeyHeader: KeyHeaderNames | undefined, replacement: string): string {
  if (isApiKeyName(name, apiKeyHeader)) return replacement;
  return isCredentialName(name, apiKeyHeader) ? REDACTED : value;
}

/** What a request carried credentials in: its URL, query and headers. */
export interface RequestCredentialParts {
  url: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
}

/** The parts of a history entry that may carry a credential, or echo one (the body, an error made from it). */
interface CredentialParts extends RequestCredentialParts {
  responseHeaders: Record<string, string>;
  /** The status line's reason phrase: a gateway may echo the key there ("401 Invalid API key …"). */
  statusText?: string;
  bodyText: string;
  body?: unknown;
  appError?: unknown;
  /** The browser's own error of an imported request (har.ts): free text from the customer's file. */
  clientError?: string | null;
}

/**
 * The values of the credentials a request carried (the key header's, any other credential header's
 * or query parameter's, the URL's user name and password), each with the parts a service may echo alone (the
 * token after "Bearer", a cookie's value). Values already redacted are not secrets any more.
 */
export function credentialValues(parts: RequestCredentialParts, apiKeyHeader?: KeyHeaderNames): string[] {
  const values = new Set<string>();
  const add = (value: string) => {
    for (const candidate of echoCandidates(value)) if (candidate !== REDACTED) values.add(candidate);
  };
  for (const record of [parts.query, parts.requestHeaders]) {
    for (const [name, value] of Object.entries(record)) if (isCredentialName(name, apiKeyHeader)) add(value);
  }
  try {
    const url = new URL(parts.url);
    for (const [name, value] of url.searchParams) if (isCredentialName(name, apiKeyHeader)) add(value);
    // Each part on its own: one that is not valid percent-encoding is a secret as written.
    if (url.username !== '') add(decodedOrAsWritten(url.username));
    if (url.password !== '') add(decodedOrAsWritten(url.password));
  } catch {
    // Not a URL: nothing in it to read (redactUrl leaves it as it is too).
  }
  return [...values];
}

/**
 * The response parts of an exchange with every credential the request carried replaced wherever it
 * is echoed: the status line's reason phrase, the body's text, each response header (credential
 * headers by name as well), and the parsed body, the error and the browser's error when given. The rest of the body stays as received.
 */
export function redactEchoedCredentials<T extends Omit<CredentialParts, keyof RequestCredentialParts>>(response: T, secrets: readonly string[], apiKeyHeader?: KeyHeaderNames): T {
  const echoes = (text: string) => redactEchoes(text, secrets, REDACTED);
  const headers = Object.entries(redactHeaders(response.responseHeaders, apiKeyHeader)).map(([name, value]) => [name, echoes(value)]);
  return {
    ...response,
    responseHeaders: Object.fromEntries(headers) as Record<string, string>,
    ...(response.statusText === undefined ? {} : { statusText: echoes(response.statusText) }),
    bodyText: echoes(response.bodyText),
    ...('body' in response ? { body: redactEchoesInJson(response.body, secrets, REDACTED) } : {}),
    ...('appError' in response ? { appError: redactEchoesInJson(response.appError, secrets, REDACTED) } : {}),
    ...(typeof response.clientError === 'string' ? { clientError: echoes(response.clientError) } : {}),
  };
}

/**
 * A copy of a history entry with every credential redacted: by name in its URL, query and both
 * header lists, and by value wherever the response echoes one the request carried (status text,
 * body, response headers, the error): as stored, exported, imported and read.
 */
export function redactEntryCredentials<T extends CredentialParts>(entry: T, apiKeyHeader?: KeyHeaderNames): T {
  const secrets = credentialValues(entry, apiKeyHeader);
  return {
    ...redactEchoedCredentials(entry, secrets, apiKeyHeader),
    url: redactUrl(entry.url, apiKeyHeader),
    query: redactHeaders(entry.query, apiKeyHeader),
    requestHeaders: redactHeaders(entry.requestHeaders, apiKeyHeader),
  };
}

/**
 * The URL with every credential query parameter and any user name and password in it replaced (a key
 * pasted into a URL). The user name goes always, as the paste box's (redact-paste.ts): it is often the
 * key (https://KEY@host), and the service never reads one.
 */
export function redactUrl(url: string, apiKeyHeader?: KeyHeaderNames, replacement = REDACTED): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const names = [...new Set(parsed.searchParams.keys())].filter((name) => isCredentialName(name, apiKeyHeader));
  if (names.length === 0 && parsed.username === '' && parsed.password === '') return url;
  for (const name of names) parsed.searchParams.set(name, credentialValue(name, '', apiKeyHeader, replacement));
  if (parsed.username !== '') parsed.username = REDACTED;
  if (parsed.password !== '') parsed.password = REDACTED;
  return parsed.toString();
}
