import { HEADER_NAMES } from '../spec/index.ts';

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
 * x-api-key, SVC_API_KEY), Authorization, and the usual token names. A regular-expression source,
 * so that the paste box can find these names inside free text.
 */
export const SECRET_NAME_SOURCE = String.raw`(?:[A-Za-z0-9]+[-_])*api[-_]?key|authorization|proxy-authorization|x-auth-token|access[-_]?token|auth[-_]?token`;

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

/** Whether a header or query name carries the API key (names compare case-insensitively, as in HTTP). */
export function isApiKeyName(name: string, apiKeyHeader: string = HEADER_NAMES.apiKey): boolean {
  return name.trim().toLowerCase() === apiKeyHeader.toLowerCase();
}

/** Whether a header or query name carries any credential: the profile's key header, a key-like name, or a cookie. */
export function isCredentialName(name: string, apiKeyHeader?: string): boolean {
  return isApiKeyName(name, apiKeyHeader) || isSecretName(name) || SESSION_NAME.test(name.trim());
}

/**
 * A copy of the headers (or a query record) with every credential's value replaced: the key
 * header's by `replacement` (a placeholder saying where the key goes), any other by REDACTED.
 */
export function redactHeaders(headers: Record<string, string>, apiKeyHeader?: string, replacement = REDACTED): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, credentialValue(name, value, apiKeyHeader, replacement)]));
}

function credentialValue(name: string, value: string, apiKeyHeader: string | undefined, replacement: string): string {
  if (isApiKeyName(name, apiKeyHeader)) return replacement;
  return isCredentialName(name, apiKeyHeader) ? REDACTED : value;
}

/** The parts of a history entry that may carry a credential. */
interface CredentialParts {
  url: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

/** A copy of a history entry with every credential in its URL, query and both header lists redacted: as exported, imported and read. */
export function redactEntryCredentials<T extends CredentialParts>(entry: T, apiKeyHeader?: string): T {
  return {
    ...entry,
    url: redactUrl(entry.url, apiKeyHeader),
    query: redactHeaders(entry.query, apiKeyHeader),
    requestHeaders: redactHeaders(entry.requestHeaders, apiKeyHeader),
    responseHeaders: redactHeaders(entry.responseHeaders, apiKeyHeader),
  };
}

/** The URL with every credential query parameter and any password in it replaced (a key pasted into a URL). */
export function redactUrl(url: string, apiKeyHeader?: string, replacement = REDACTED): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const names = [...new Set(parsed.searchParams.keys())].filter((name) => isCredentialName(name, apiKeyHeader));
  if (names.length === 0 && parsed.password === '') return url;
  for (const name of names) parsed.searchParams.set(name, credentialValue(name, '', apiKeyHeader, replacement));
  if (parsed.password !== '') parsed.password = REDACTED;
  return parsed.toString();
}
