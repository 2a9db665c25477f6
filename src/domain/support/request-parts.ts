import { isCredentialName, isSecretName, REDACTED } from '../redact.ts';
import { isKeyPlaceholder } from './redact-paste.ts';
import type { PastedRequest } from './types.ts';
import type { UrlParts } from './parse-url.ts';
import { joinOwn, setOwn } from '../own-record.ts';

/**
 * The last step of every request parser: header names lower-cased, any credential's value replaced
 * (a second line of defence after redactPaste), and whether a key was there.
 */

function redactRecord(record: Record<string, string>): { out: Record<string, string>; hadKey: boolean } {
  const out: Record<string, string> = {};
  let hadKey = false;
  for (const [name, value] of Object.entries(record)) {
    // {expression}: a snippet fills the value at run time, so there is no key in the paste.
    const isExpression = /^\{[^{}]+\}$/.test(value.trim());
    const secret = isCredentialName(name) && value.trim() !== '' && !isExpression && !(isKeyPlaceholder(value) && value.trim() !== REDACTED);
    // A cookie is redacted too, but is no key: the lint's "key redacted" speaks of the key.
    if (secret && isSecretName(name)) hadKey = true;
    setOwn(out, name, secret ? REDACTED : value);
  }
  return { out, hadKey };
}

/** Builds the PastedRequest from what a parser found. */
export function finishRequest(source: PastedRequest['source'], method: string, url: UrlParts, headers: Record<string, string>): PastedRequest {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.trim().toLowerCase();
    joinOwn(lower, key, value.trim(), ', ');
  }
  const query = redactRecord(url.query);
  const head = redactRecord(lower);
  const repeated = Object.entries(url.repeated).map(([name, values]): [string, string[]] => [name, isCredentialName(name) ? values.map(() => REDACTED) : values]);
  return {
    source,
    method: method.toUpperCase(),
    scheme: url.scheme,
    host: url.host,
    path: url.path,
    query: query.out,
    headers: head.out,
    hadApiKey: query.hadKey || head.hadKey,
    ...(repeated.length > 0 ? { repeated: Object.fromEntries(repeated) } : {}),
  };
}

/** Splits a `Name: value` header line; null when it has no colon. */
export function headerLine(line: string): [string, string] | null {
  const at = line.indexOf(':');
  if (at <= 0) return null;
  return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}
