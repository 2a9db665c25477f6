import { API_KEY_PLACEHOLDER } from '../curl.ts';
import { isCredentialName, REDACTED } from '../redact.ts';
import { redactPaste } from './redact-paste.ts';
import { jsonPathParts } from '../json-path-parts.ts';
import { hasAlteredNumbers, indentJsonText } from '../json-text.ts';

/**
 * Building blocks of the support report: escaping and redaction applied to every string written,
 * so that no input, however it was made, can carry markup, a script or a key into the file.
 */

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A string made safe to write: every key redacted (any key-like name, and the profile's header name), then escaped. */
export function safe(text: string, apiKeyHeader?: string): string {
  let redacted = redactPaste(text);
  if (apiKeyHeader) {
    const name = apiKeyHeader.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    redacted = redacted.replace(new RegExp(`(${name}["']?\\s*[:=]\\s*["']?)[^\\s"'&,;]+`, 'gi'), `$1${REDACTED}`);
  }
  return escapeHtml(redacted);
}

/**
 * A header or query record with every credential's value redacted (redact.ts's one rule). The placeholder a corrected
 * request carries (`<API_KEY>`) is no secret and stays: it says where the key goes.
 */
export function redactRecord(record: Record<string, string>, apiKeyHeader?: string): Record<string, string> {
  const isSecret = (name: string, value: string) => value !== API_KEY_PLACEHOLDER && isCredentialName(name, apiKeyHeader);
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, isSecret(name, value) ? REDACTED : value]));
}

/**
 * A body pretty-printed when it is JSON (shallow enough to print), else as it came; a number
 * JSON.parse would change (past 2^53, 1.10) as the service wrote it (json-text.ts).
 */
export function prettyBody(text: string): string {
  try {
    // Laid out first either way: JSON.stringify throws on a body too deep to print, which keeps
    // indentJsonText from laying one out a level an indent at a time.
    const pretty = JSON.stringify(JSON.parse(text), null, 2);
    return hasAlteredNumbers(text) ? indentJsonText(text) : pretty;
  } catch {
    return text;
  }
}

// Hex runs longer than an address (a hash, a signature, calldata) scroll sideways in their cell.
const LONG_HEX = 42;

/**
 * Safe text with each hex run (a zid, an address, a hash, calldata; a long amount's digits too)
 * kept whole: broken anywhere, "…176a506a" / "8f00…" reads as two values. A run up to an
 * address's length stays on its line; a longer one gets a line of its own across the cell, which
 * scrolls sideways (and takes the keyboard's focus to do so) instead of widening the table.
 */
export function keepHexWhole(html: string): string {
  return html.replace(/(?:0x)?[0-9a-fA-F]{24,}/g, (run) => (run.length > LONG_HEX ? `<span class="hex long" tabindex="0">${run}</span>` : `<span class="hex">${run}</span>`));
}

/** A two-column table of name/value pairs. */
export function pairTable(caption: string, record: Record<string, string>, apiKeyHeader?: string, notes: Record<string, string> = {}): string {
  // A note says what a value asks (requestParamNotes: a token's symbol, an amount in its units).
  const noteOf = (name: string) => (Object.hasOwn(notes, name) ? ` <span class="muted">(${safe(notes[name]!, apiKeyHeader)})</span>` : '');
  const rows = Object.entries(redactRecord(record, apiKeyHeader)).map(([name, value]) => `<tr><th scope="row">${safe(name, apiKeyHeader)}</th><td>${keepHexWhole(safe(value, apiKeyHeader))}${noteOf(name)}</td></tr>`);
  if (rows.length === 0) return `<p class="muted">${escapeHtml(caption)}: none</p>`;
  return `<table><caption>${escapeHtml(caption)}</caption><tbody>${rows.join('')}</tbody></table>`;
}

/**
 * A table with a header row; cells are given as raw strings and escaped here. Cells break anywhere
 * so that a URL cannot widen the page, except inside a hex run (keepHexWhole); the columns in
 * `whole` hold short words (a severity, a code) that are kept whole instead, and those in `paths`
 * JSON paths, which break only after a key's dot or before a quoted key ("$.transaction." / "data").
 */
export function table(caption: string, head: string[], rows: string[][], apiKeyHeader?: string, whole: readonly number[] = [], paths: readonly number[] = []): string {
  if (rows.length === 0) return `<p class="muted">${escapeHtml(caption)}: none</p>`;
  const th = head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
  const td = (cell: string, column: number) => {
    if (whole.includes(column)) return `<td class="whole">${safe(cell, apiKeyHeader)}</td>`;
    if (paths.includes(column)) return `<td class="path">${pathCell(cell, apiKeyHeader)}</td>`;
    return `<td>${keepHexWhole(safe(cell, apiKeyHeader))}</td>`;
  };
  const body = rows.map((row) => `<tr>${row.map(td).join('')}</tr>`).join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

// A JSON path broken where json-path-parts.ts allows: never after "$." nor inside a quoted key. A
// path whose parts would be redacted otherwise than the whole (a key inside it) is kept whole.
function pathCell(path: string, apiKeyHeader?: string): string {
  const whole = safe(path, apiKeyHeader);
  const parts = jsonPathParts(path).map((part) => safe(part, apiKeyHeader));
  return parts.join('') === whole ? parts.join('<wbr>') : whole;
}

/**
 * Safe text that may wrap after a URL's `?` and each `&` and after a comma, so that a parameter
 * such as an amount or an address breaks only when it alone is wider than the page:
 * "sellAmount=1000000" / "000000000000" read as two numbers. <wbr> adds nothing to the text a
 * reader copies.
 */
function breakable(text: string, apiKeyHeader?: string): string {
  return safe(text, apiKeyHeader).replace(/\?|&#38;|,/g, '$&<wbr>');
}

/** A preformatted block (a curl, a body), wrapping as `breakable` says. */
export function pre(text: string, apiKeyHeader?: string): string {
  // A line too long for the page (calldata in a body) scrolls sideways, with the keyboard too.
  return `<pre tabindex="0">${breakable(text, apiKeyHeader)}</pre>`;
}

/** A request line ("GET https://…"), in the page's width however long its URL. */
export function requestLine(text: string, apiKeyHeader?: string): string {
  return `<p class="request-line">${breakable(text, apiKeyHeader)}</p>`;
}

/** The report's style sheet: inline, light and dark, printable. */
export const REPORT_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #5b6470; --line: #d0d7de; --err: #b42318; --warn: #9a6700; --ok: #1a7f37; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9aa4af; --line: #30363d; --err: #ff7b72; --warn: #d29922; --ok: #3fb950; } }
body { font: 14px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; } caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
thead th, td.whole { overflow-wrap: normal; white-space: nowrap; }
pre { background: color-mix(in srgb, var(--fg) 6%, transparent); padding: .75rem; overflow-x: auto; white-space: pre-wrap; }
.request-line { overflow-wrap: anywhere; }
td.path { overflow-wrap: normal; }
.hex { font: 12px/1.5 ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; overflow-wrap: normal; }
.hex.long { display: block; width: 0; min-width: 100%; overflow-x: auto; }
.muted { color: var(--muted); } .error { color: var(--err); font-weight: 600; } .warning { color: var(--warn); font-weight: 600; } .ok { color: var(--ok); }
/* Paper does not scroll: a value run past the margin would be lost there, so in print it wraps. */
@media print { body { margin: 0; } pre, .hex.long { white-space: pre-wrap; overflow-wrap: anywhere; } }
`;
