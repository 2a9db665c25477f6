import { addQuery, parseUrlParts } from './parse-url.ts';
import { braceBlock, objectPairs, STRING, unquote } from './parse-snippet.ts';
import { finishRequest } from './request-parts.ts';
import type { PastedRequest } from './types.ts';
import { assignOwn } from '../own-record.ts';

/**
 * A customer's Python (`requests`, `httpx`) or PowerShell (`Invoke-RestMethod`, `Invoke-WebRequest`)
 * call as a request, read without running it, as parse-snippet.ts reads fetch and axios: the URL as
 * a literal or a variable the script assigns, the query from `params=` (Python) or a GET's `-Body`
 * (PowerShell sends it as the query), the headers from `headers=` or `-Headers`, each a literal or a
 * variable. A value that is an expression is kept as `{expression}`.
 */

const IDENTIFIER = String.raw`[A-Za-z_][\w]*`;
const IDENTIFIER_EXACT = new RegExp(`^${IDENTIFIER}$`);
// Python's string prefixes (f-strings and raw strings are the usual ones in scripts).
const PY_STRING = String.raw`(?:[rRbBuUfF]{1,2})?(?:${STRING})`;

/** A Python literal's text; an f-string's `{NAME}` is the string the script assigns to NAME, else dropped. */
function unquotePython(literal: string, script = ''): string {
  const text = unquote(literal.replace(/^[rRbBuUfF]{1,2}(?=["'])/, ''));
  if (!/^[rRbBuU]?[fF]/.test(literal)) return text;
  // Each name is looked up once: a hostile f-string may repeat one thousands of times.
  const values = new Map<string, string>();
  return text.replace(/\{([^{}]*)\}/g, (_part, expression: string) => {
    const name = expression.trim();
    if (!IDENTIFIER_EXACT.test(name)) return '';
    if (!values.has(name)) values.set(name, unquote(new RegExp(String.raw`^\s*${name}\s*=\s*(${STRING})`, 'm').exec(script)?.[1] ?? '""'));
    return values.get(name)!;
  });
}

/** The dict given as `name=` (a keyword argument, or a variable the script assigns it to). */
function pythonDict(text: string, name: string, seen = new Set<string>()): Record<string, string> {
  const out: Record<string, string> = {};
  const literal = new RegExp(String.raw`\b${name}\s*=\s*(?:dict\s*\(\s*)?\{`, 'g');
  for (const match of text.matchAll(literal)) assignOwn(out, objectPairs(braceBlock(text, match.index + match[0].length - 1)));
  // params=query_params: follow the variable to its own dict (once: `params = params` loops).
  const alias = new RegExp(String.raw`\b${name}\s*=\s*(${IDENTIFIER})\s*[,)\n]`).exec(text);
  if (alias && !seen.has(alias[1]!)) assignOwn(out, pythonDict(text, alias[1]!, seen.add(name)));
  return out;
}

function pythonUrl(text: string, call: RegExpExecArray): string | null {
  const args = text.slice(call.index + call[0].length);
  // requests.request("GET", url, …): the method first.
  const afterMethod = call[1] === 'request' ? args.replace(new RegExp(String.raw`^\s*${PY_STRING}\s*,`), '') : args;
  const literal = new RegExp(String.raw`^\s*(?:url\s*=\s*)?(${PY_STRING})`).exec(afterMethod);
  if (literal) return unquotePython(literal[1]!, text);
  const variable = new RegExp(String.raw`^\s*(?:url\s*=\s*)?(${IDENTIFIER})`).exec(afterMethod);
  if (!variable) return null;
  const assigned = new RegExp(String.raw`^\s*${variable[1]}\s*=\s*(${PY_STRING})`, 'm').exec(text);
  return assigned ? unquotePython(assigned[1]!, text) : null;
}

/** Parses a Python `requests`/`httpx` call (`.get(url, params=…, headers=…)`, `.post(url, json=…)` or `.request("GET", url, …)`); null without one. */
export function parsePython(text: string): PastedRequest | null {
  const call = /\b(?:requests|httpx|session|client|s)\.(get|post|request)\s*\(/.exec(text);
  if (!call) return null;
  const rawUrl = pythonUrl(text, call);
  const url = rawUrl === null ? null : parseUrlParts(rawUrl);
  if (!url) return null;
  const method = call[1] === 'request' ? unquotePython(new RegExp(String.raw`^\s*(${PY_STRING})`).exec(text.slice(call.index + call[0].length))?.[1] ?? '"GET"') : call[1]!;
  // A POST's json= or data= dict holds the parameters meant (the lint's METHOD_NOT_GET moves them to the query).
  const sent = method.toUpperCase() === 'GET' ? ['params'] : ['json', 'data', 'params'];
  for (const dict of sent) for (const [name, value] of Object.entries(pythonDict(text, dict))) addQuery(url.query, name, value, url.repeated);
  return finishRequest('python', method, url, pythonDict(text, 'headers'));
}

/** The members of a PowerShell hashtable `@{ name = value; … }` (names quoted or bare). */
function hashtablePairs(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pair = new RegExp(String.raw`(?:(${STRING})|([A-Za-z_][\w-]*))\s*=\s*(?:(${STRING})|(-?\d+)(?=\s*(?:[;}\n]|$))|([^;}\n]+))`, 'g');
  for (const match of block.slice(1, -1).matchAll(pair)) {
    const name = match[1] ? unquote(match[1]) : match[2]!;
    assignOwn(out, { [name]: match[3] ? unquote(match[3]) : (match[4] ?? `{${match[5]!.trim()}}`) });
  }
  return out;
}

/** The hashtable given to `-Name` (a literal, or a `$variable` the script assigns one to or fills with .Add). */
function hashtableParameter(text: string, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const literal = new RegExp(String.raw`-${name}\s+@\{`, 'i').exec(text);
  if (literal) assignOwn(out, hashtablePairs(braceBlock(text, literal.index + literal[0].length - 1)));
  const variable = new RegExp(String.raw`-${name}\s+\$(${IDENTIFIER})`, 'i').exec(text);
  if (!variable) return out;
  const assigned = new RegExp(String.raw`\$${variable[1]}\s*=\s*@\{`, 'i').exec(text);
  if (assigned) assignOwn(out, hashtablePairs(braceBlock(text, assigned.index + assigned[0].length - 1)));
  const added = new RegExp(String.raw`\$${variable[1]}(?:\.Add\(\s*(${STRING})\s*,\s*(${STRING})\s*\)|\[(${STRING})\]\s*=\s*(${STRING}))`, 'gi');
  for (const match of text.matchAll(added)) assignOwn(out, { [unquote(match[1] ?? match[3]!)]: unquote(match[2] ?? match[4]!) });
  return out;
}

function powerShellUri(text: string): string | null {
  // -Uri named, or the URI as the cmdlet's first (positional) argument.
  const uri = new RegExp(String.raw`(?:-Uri|\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr))\s+(?:(${STRING})|\$(${IDENTIFIER})|(https?:[^\s'"\x60]+))`, 'i').exec(text);
  if (!uri) return null;
  if (uri[1]) return unquote(uri[1]).replace(/\$\{?\w+\}?/g, '');
  if (uri[3]) return uri[3];
  const assigned = new RegExp(String.raw`\$${uri[2]}\s*=\s*(${STRING})`, 'i').exec(text);
  return assigned ? unquote(assigned[1]!) : null;
}

/** Parses `Invoke-RestMethod`/`Invoke-WebRequest` (or irm/iwr) with -Uri, -Headers, -Method and a GET's -Body; null without one. */
export function parsePowerShell(text: string): PastedRequest | null {
  if (!/\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b/i.test(text)) return null;
  // A backtick ends a continued line in PowerShell; the literals above read it as a quote.
  const script = text.replace(/`\r?\n/g, ' ');
  const rawUrl = powerShellUri(script);
  const url = rawUrl === null ? null : parseUrlParts(rawUrl);
  if (!url) return null;
  const method = /-Method\s+["']?(\w+)/i.exec(script)?.[1] ?? 'GET';
  // PowerShell sends a GET's -Body hashtable as the query string; a POST's holds the parameters
  // meant all the same (the lint's METHOD_NOT_GET says they belong in the query).
  for (const [name, value] of Object.entries(hashtableParameter(script, 'Body'))) addQuery(url.query, name, value, url.repeated);
  return finishRequest('powershell', method, url, hashtableParameter(script, 'Headers'));
}
