import { addQuery, parseQueryString, parseUrlParts } from './parse-url.ts';
import { finishRequest, headerLine } from './request-parts.ts';
import { splitShell } from './shell-words.ts';
import type { PastedRequest } from './types.ts';
import { setOwn } from '../own-record.ts';

/**
 * A pasted curl command as a request: -H/--header in any quoting, -X/--request, --url, -G/--get
 * with -d, --data, --data-raw and --data-urlencode moved into the query, --url-query added to it, comment
 * lines before the command and the options that take a value skipped.
 * A JSON object sent as the body (-d '{…}', --json '{…}'), a customer's POST to a GET-only service,
 * is read member by member into the query: those are the parameters meant, and the lint's
 * METHOD_NOT_GET says they belong there (read as a form, the whole object was one parameter name).
 */

const TAKES_VALUE = new Set([
  '-A', '--user-agent', '-e', '--referer', '-b', '--cookie', '-c', '--cookie-jar', '-u', '--user', '-m', '--max-time',
  '--connect-timeout', '-o', '--output', '-w', '--write-out', '--retry', '-x', '--proxy', '--cacert', '--cert', '-E', '--key',
  '-T', '--upload-file', '-F', '--form', '-r', '--range', '--resolve', '--connect-to', '--max-redirs', '--limit-rate', '-K', '--config',
  '--interface', '--dns-servers', '--retry-delay', '--retry-max-time', '--ciphers', '--tls-max', '--proto',
  // A proxy's own options, as a customer behind a corporate proxy sends them.
  '-U', '--proxy-user', '--preproxy', '--noproxy', '--proxy-header', '--proxy-cacert', '--proxy-cert', '--proxy-key', '--socks5', '--socks5-hostname',
  // The app's own Copy as curl, sent back by a customer, names the system's certificates so.
  '--capath', '--proxy-capath',
]);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode', '--json']);

interface CurlState {
  method: string | null;
  url: string | null;
  headers: Record<string, string>;
  data: { option: string; value: string }[];
  /** --url-query values: added to the query, encoded, with or without -G (curl 7.87+). */
  urlQuery: string[];
  isGet: boolean;
}

// -H'x: y' and --header=x: y: the value attached to the option.
function splitAttached(word: string): [string, string | undefined] {
  const long = /^(--[a-z-]+)=(.*)$/s.exec(word);
  if (long) return [long[1]!, long[2]];
  const short = /^(-[A-Za-z])(.+)$/s.exec(word);
  if (short && !word.startsWith('--') && short[1] !== '-s' && short[1] !== '-S') return [short[1]!, short[2]];
  return [word, undefined];
}

function applyOption(state: CurlState, option: string, value: string): void {
  if (option === '-H' || option === '--header') {
    const pair = headerLine(value);
    if (pair) setOwn(state.headers, pair[0], pair[1]);
  } else if (option === '-X' || option === '--request') state.method = value;
  else if (option === '--url') state.url = value;
  else if (option === '--url-query') state.urlQuery.push(value);
  else if (DATA.has(option)) state.data.push({ option, value });
}

function needsValue(option: string): boolean {
  return ['-H', '--header', '-X', '--request', '--url', '--url-query'].includes(option) || DATA.has(option) || TAKES_VALUE.has(option);
}

function walk(words: string[]): CurlState {
  const state: CurlState = { method: null, url: null, headers: {}, data: [], urlQuery: [], isGet: false };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-G' || word === '--get') state.isGet = true;
    else if (word.startsWith('-') && word.length > 1) {
      const [option, attached] = splitAttached(word);
      if (!needsValue(option)) continue;
      const value = attached ?? words[++i] ?? '';
      applyOption(state, option, value);
    } else if (state.url === null) state.url = word;
  }
  return state;
}

// The members of a flat JSON object as query values (a list joined with commas, as the spec's
// lists are); null when the text is not a JSON object.
function jsonMembers(text: string): [string, string][] | null {
  if (!text.trim().startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return Object.entries(parsed).flatMap(([name, value]): [string, string][] => {
    if (Array.isArray(value)) return [[name, value.map(String).join(',')]];
    return value !== null && typeof value === 'object' ? [] : [[name, String(value)]];
  });
}

function dataInto(query: Record<string, string>, data: CurlState['data'], repeated: Record<string, string[]>): void {
  for (const { option, value } of data) {
    const members = option === '--data-urlencode' ? null : jsonMembers(value);
    if (members) {
      for (const [name, member] of members) addQuery(query, name, member, repeated);
      continue;
    }
    if (option !== '--data-urlencode') {
      parseQueryString(value, query, repeated);
      continue;
    }
    // --data-urlencode name=content: the content is sent encoded, so it is taken as written.
    const at = value.indexOf('=');
    if (at > 0) addQuery(query, value.slice(0, at), value.slice(at + 1), repeated);
    else if (at < 0 && !value.startsWith('@')) addQuery(query, value, '', repeated);
  }
}

/** Parses a curl command; null when the text does not start with `curl` or has no URL. */
export function parseCurl(text: string): PastedRequest | null {
  // Comment lines before the command (the app's Copy as curl says so what it does not copy).
  const { words, isUnclosed } = splitShell(text.trim().replace(/^(?:#[^\n]*\n\s*)+/, ''));
  if (!/^curl(\.exe)?$/i.test(words[0] ?? '')) return null;
  const state = walk(words);
  const url = state.url === null ? null : parseUrlParts(state.url);
  if (!url) return null;
  dataInto(url.query, state.data, url.repeated);
  // --url-query name=content is --data-urlencode's syntax, always into the URL.
  dataInto(url.query, state.urlQuery.map((value) => ({ option: '--data-urlencode', value })), url.repeated);
  // curl sends POST when data is given without -G.
  const method = state.method ?? (state.data.length > 0 && !state.isGet ? 'POST' : 'GET');
  const request = finishRequest('curl', method, url, state.headers);
  return isUnclosed ? { ...request, isCutShort: true } : request;
}
