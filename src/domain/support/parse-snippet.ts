import { addQuery, parseUrlParts } from './parse-url.ts';
import { finishRequest } from './request-parts.ts';
import type { PastedRequest } from './types.ts';
import { assignOwn, setOwn } from '../own-record.ts';

/**
 * A pasted JavaScript snippet as a request, read without running it: `fetch(url, {headers})`,
 * `axios.get(url, {params, headers})`, `axios({url, params, headers})`, with the URL as a literal
 * or a `const` defined in the snippet, `new URLSearchParams({...})`, `url.searchParams.set(...)` and
 * `headers.set(...)`. A value that is an expression rather than a literal is kept as `{expression}`
 * so the reader sees which parameter the snippet fills at run time.
 */

/** A quoted JS string literal ('…', "…", `…`): also Python's and PowerShell's quotes. */
export const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60`;
const EXPRESSION = String.raw`[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*|\[[^\]\n]*\]|\([^()\n]*\))*`;
const PAIR = new RegExp(String.raw`(?:(${STRING})|([A-Za-z_$][\w$]*))\s*:\s*(?:(${STRING})|(-?\d[\d_.]*n?|true|false)(?=\s*(?:[,}\n]|$))|([^,\n]+))`, 'g');

/** A literal's text without its quotes and escapes (template substitutions dropped). */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  // Template substitutions are unknown at paste time: a `?${params}` tail is dropped with them.
  const withoutSubstitutions = literal.startsWith('`') ? body.replace(/\$\{[^}]*\}/g, '') : body;
  return withoutSubstitutions.replace(/\\(.)/g, '$1');
}

/** The text of the balanced {...} starting at `open` (an index of '{'); strings are skipped. */
export function braceBlock(text: string, open: number): string {
  let depth = 0;
  const literal = new RegExp(STRING, 'y');
  for (let i = open; i < text.length; i++) {
    literal.lastIndex = i;
    const skipped = literal.exec(text);
    if (skipped) {
      i += skipped[0].length - 1;
      continue;
    }
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** The flat members of an object literal (or a Python dict); nested objects are left out. */
export function objectPairs(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = block.slice(1, -1).replace(/\{[^{}]*\}/g, '');
  for (const match of inner.matchAll(PAIR)) {
    const name = match[1] ? unquote(match[1]) : match[2]!;
    const value = match[3] ? unquote(match[3]) : (match[4]?.replace(/_/g, '').replace(/n$/, '') ?? `{${match[5]!.trim()}}`);
    setOwn(out, name, value);
  }
  return out;
}

function escapeName(name: string): string {
  return name.replace(/[$]/g, '\\$');
}

/** The object literal assigned to `name` (`const name = {`, `new URLSearchParams({`), or named `name: {` in an options object. */
function objectNamed(text: string, name: string): Record<string, string> {
  const patterns = [
    // The name may be quoted ("headers": {…}), as Chrome's "Copy as fetch" writes every member.
    new RegExp(String.raw`\b${escapeName(name)}["'\x60]?\s*:\s*(?:new\s+(?:URLSearchParams|Headers)\s*\(\s*)?\{`),
    new RegExp(String.raw`\b(?:const|let|var)\s+${escapeName(name)}\s*=\s*(?:new\s+(?:URLSearchParams|Headers)\s*\(\s*)?\{`),
  ];
  const out: Record<string, string> = {};
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) assignOwn(out, objectPairs(braceBlock(text, match.index + match[0].length - 1)));
  }
  // headers: myHeaders / params: query: follow one identifier to its own object.
  const alias = new RegExp(String.raw`\b${escapeName(name)}["'\x60]?\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]`).exec(text);
  if (alias && alias[1] !== name) assignOwn(out, objectNamed(text.replace(alias[0], ''), alias[1]!));
  return out;
}

function callCalls(text: string, method: 'set' | 'append', into: Record<string, string>, receiver: RegExp, repeated?: Record<string, string[]>): void {
  const call = new RegExp(String.raw`(${receiver.source})\.${method}\(\s*(${STRING})\s*,\s*(?:(${STRING})|(${EXPRESSION}))\s*\)`, 'g');
  for (const match of text.matchAll(call)) {
    const groups = match.slice(2).filter((part) => part !== undefined);
    const [name, value] = [groups[0]!, groups[1]!];
    addQuery(into, unquote(name), /^['"`]/.test(value) ? unquote(value) : `{${value}}`, repeated);
  }
}

function urlLiteral(text: string, head: RegExp): string | null {
  const start = head.exec(text);
  if (!start) return null;
  const rest = text.slice(start.index + start[0].length);
  const literal = new RegExp(String.raw`^\s*(${STRING})`).exec(rest);
  if (literal) return unquote(literal[1]!);
  const identifier = /^\s*([A-Za-z_$][\w$]*)/.exec(rest);
  if (!identifier) return null;
  const defined = new RegExp(String.raw`\b(?:const|let|var)\s+${escapeName(identifier[1]!)}\s*=\s*(?:new\s+URL\s*\(\s*)?(${STRING})`).exec(text);
  return defined ? unquote(defined[1]!) : null;
}

function methodOf(text: string, fallback: string): string {
  const member = new RegExp(String.raw`\bmethod["'\x60]?\s*:\s*(${STRING})`).exec(text);
  return member ? unquote(member[1]!).toUpperCase() : fallback;
}

// The object a literal or a `const` defined in the snippet gives, starting at `at` (after `body:`,
// `data:`, or axios.post's URL argument): `{…}`, `JSON.stringify({…})` or a name.
function objectAt(text: string, at: number): Record<string, string> {
  // Sticky: read at `at` without copying the rest of a long paste.
  const literal = /\s*(?:JSON\.stringify\(\s*)?\{/y;
  literal.lastIndex = at;
  const opened = literal.exec(text);
  if (opened) return objectPairs(braceBlock(text, at + opened[0].length - 1));
  const named = /\s*(?:JSON\.stringify\(\s*)?([A-Za-z_$][\w$]*)\s*\)?\s*[,}\n)]/y;
  named.lastIndex = at;
  const name = named.exec(text);
  return name ? objectNamed(text, name[1]!) : {};
}

/**
 * The parameters a POST snippet sends as its JSON body (fetch's `body: JSON.stringify({…})`,
 * axios's `data: {…}` or `axios.post(url, {…})`): a customer's POST to a GET-only service, whose
 * members are the parameters meant; the lint's METHOD_NOT_GET says they belong in the query.
 */
function bodyMembers(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const member of text.matchAll(/\b(?:body|data)["'\x60]?\s*:/g)) assignOwn(out, objectAt(text, member.index + member[0].length));
  const post = new RegExp(String.raw`\baxios\.(?:post|put|patch)\s*\(\s*(?:${STRING}|[A-Za-z_$][\w$.]*)\s*,`).exec(text);
  if (post) assignOwn(out, objectAt(text, post.index + post[0].length));
  return out;
}

function assemble(source: 'fetch' | 'axios', text: string, rawUrl: string | null, method: string): PastedRequest | null {
  if (rawUrl === null) return null;
  const url = parseUrlParts(rawUrl);
  if (!url) return null;
  if (method !== 'GET') assignOwn(url.query, bodyMembers(text));
  for (const name of ['params', 'searchParams', 'query', 'queryParams']) assignOwn(url.query, objectNamed(text, name));
  callCalls(text, 'set', url.query, /\bsearchParams|\bparams|\bqs/);
  // append() on a name already there sends it twice, as a URL repeating it does.
  callCalls(text, 'append', url.query, /\bsearchParams|\bparams|\bqs/, url.repeated);
  const headers = objectNamed(text, 'headers');
  callCalls(text, 'set', headers, /\bheaders|\bmyHeaders/);
  callCalls(text, 'append', headers, /\bheaders|\bmyHeaders/);
  return finishRequest(source, method, url, headers);
}

/** Parses a fetch(...) snippet; null when there is no fetch call with a readable URL. */
export function parseFetch(text: string): PastedRequest | null {
  if (!/\bfetch\s*\(/.test(text)) return null;
  return assemble('fetch', text, urlLiteral(text, /\bfetch\s*\(/), methodOf(text, 'GET'));
}

/** Parses an axios snippet: axios.get(url, {...}), axios(url, {...}) or axios({url, ...}). */
export function parseAxios(text: string): PastedRequest | null {
  if (!/\baxios\b/.test(text)) return null;
  const verb = /\baxios\.(get|post|put|patch|delete|head|request)\s*\(/i.exec(text);
  const rawUrl = urlLiteral(text, /\baxios(?:\.(?:get|post|put|patch|delete|head))?\s*\(/) ?? urlLiteral(text, /\burl["'\x60]?\s*:/) ?? urlLiteral(text, /\bbaseURL["'\x60]?\s*:/);
  const fallback = verb && verb[1] !== 'request' ? verb[1]!.toUpperCase() : 'GET';
  return assemble('axios', text, rawUrl, methodOf(text, fallback));
}
