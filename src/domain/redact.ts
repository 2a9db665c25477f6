import { HEADER_NAMES } from '../spec/index.ts';

/**
 * Redaction of the API key in everything that leaves the app (HAR, JSON export, curl). The header
 * name comes from the profile, since a deployment may rename `svc-api-key`.
 */

/** The value written in place of a secret in exports. */
export const REDACTED = 'REDACTED';

/** Whether a header or query name carries the API key (names compare case-insensitively, as in HTTP). */
export function isApiKeyName(name: string, apiKeyHeader: string = HEADER_NAMES.apiKey): boolean {
  return name.trim().toLowerCase() === apiKeyHeader.toLowerCase();
}

/** A copy of the headers with the API key's value replaced. */
export function redactHeaders(headers: Record<string, string>, apiKeyHeader?: string, replacement = REDACTED): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isApiKeyName(name, apiKeyHeader) ? replacement : value]));
}

/** The URL with a query parameter named like the key header replaced (a key pasted into a URL). */
export function redactUrl(url: string, apiKeyHeader?: string, replacement = REDACTED): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const names = [...parsed.searchParams.keys()].filter((name) => isApiKeyName(name, apiKeyHeader));
  if (names.length === 0) return url;
  for (const name of names) parsed.searchParams.set(name, replacement);
  return parsed.toString();
}
