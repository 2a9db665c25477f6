import { HISTORY_JSON_FORMAT, MAX_ENTRY_CONTAINERS, MAX_HISTORY_FILE_CHARS, MAX_IMPORT_CONTAINERS, MAX_IMPORT_ENTRIES, shapeRefusal } from '../history-file.ts';
import { skimJsonShape } from '../json-skim.ts';
import { pastedBodySchemaReport } from '../entry-schema-report.ts';
import { explainPastedBody } from './explain-body.ts';
import { explainPastedCalldata, isCalldata } from './explain-calldata.ts';
import { lintRequest } from './lint-request.ts';
import { parseCurl } from './parse-curl.ts';
import { parseHttpRequest, rawResponseBody } from './parse-http.ts';
import { parsePowerShell, parsePython } from './parse-script.ts';
import { getOwn } from '../own-record.ts';
import { pythonLiteralAsJson } from './python-literal.ts';
import { parseAxios, parseFetch } from './parse-snippet.ts';
import { parseUrlParts } from './parse-url.ts';
import { finishRequest } from './request-parts.ts';
import { redactPaste } from './redact-paste.ts';
import type { PastedRequest, Recognized } from './types.ts';
import { labelledZidPrefixesInText, parseZid, ZID_HEX_LENGTH, ZID_PREFIX_MIN_HEX, zidsInText } from './zid.ts';

/**
 * One entry point for whatever a customer sent (issue 17, "Paste anything"): a zid, a request in
 * any of the usual forms, a JSON body, or a history file. The text is redacted first and only the
 * redacted text is parsed, so no key can reach a result.
 */

// The import's caps, checked on the text before JSON.parse builds anything: a hostile HAR pasted as
// text (1.6 million empty entries in 4.8 MB) is refused here, in the window, as the import refuses
// the file. The envelope cap is the whole-text cap, since a pasted body has no entries and is all
// envelope; the import still applies its own when the pasted file is imported.
const PASTE_SKIM_LIMITS = { maxEntries: MAX_IMPORT_ENTRIES, maxContainers: MAX_IMPORT_CONTAINERS, maxEntryContainers: MAX_ENTRY_CONTAINERS, maxEnvelopeContainers: MAX_IMPORT_CONTAINERS };

/** What to do about JSON that does not parse (a body or file cut short is the usual cause). */
export const CUT_SHORT = 'A body or file cut short, or edited by hand, reads so: ask the customer for it again, whole.';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; refused?: string; invalid?: string } {
  if (!/^[[{]/.test(text)) return { ok: false };
  const refused = shapeRefusal(skimJsonShape(text, PASTE_SKIM_LIMITS));
  if (refused) return { ok: false, refused: refused.reason };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // A body as Python's print() writes it is whole, not cut short: read it as the JSON it was.
    const python = pythonLiteralAsJson(text);
    if (python !== null) {
      try {
        return { ok: true, value: JSON.parse(python) };
      } catch {
        // Not a literal of JSON's values after all: said as the JSON it failed to be.
      }
    }
    // Starts like JSON, so it is no request: a body or HAR cut short, or edited by hand.
    return { ok: false, invalid: (error as Error).message };
  }
}

function recognizeJson(value: unknown, redactedText: string): Recognized {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as { log?: { entries?: unknown }; format?: unknown };
    if (typeof record.log === 'object' && record.log !== null && 'entries' in record.log) return { kind: 'history-file', format: 'har', redactedText };
    if (record.format === HISTORY_JSON_FORMAT) return { kind: 'history-file', format: 'swap-explorer-json', redactedText };
  }
  const explanation = explainPastedBody(value);
  return { kind: 'body', body: value, explanation, schemaReport: pastedBodySchemaReport(value, explanation.kind), redactedText };
}

function parseBareUrl(text: string): PastedRequest | null {
  if (/\s/.test(text)) return null;
  const url = parseUrlParts(text);
  return url ? finishRequest('url', 'GET', url, {}) : null;
}

// A link to a request rather than a request: a log tool's or dashboard's URL with `?zid=…`. zid is
// no parameter of the service (it is only ever answered), so such a URL names the request to look
// up; linted as a request it read as an unknown path, a dead end with the zid in plain sight.
function zidOfLink(text: string): { zid: string; isPrefix: boolean } | null {
  if (/\s/.test(text)) return null;
  const url = parseUrlParts(text);
  const value = url ? getOwn(url.query, 'zid') : undefined;
  return value === undefined ? null : parseZid(value);
}

// What may stand before a pasted curl: shell comment lines (the app's Copy as curl may start with
// one) and environment assignments (`SVC_API_KEY=… curl …`).
const CURL_PREFIX = /^(?:#[^\n]*\n\s*)*(?:[A-Z_][A-Z0-9_]*=\S*\s+)*/i;
const CURL_COMMAND = new RegExp(`${CURL_PREFIX.source}curl(?:\\.exe)?\\s`, 'i');

function parseRequest(text: string): PastedRequest | null {
  if (CURL_COMMAND.test(text)) return parseCurl(text.replace(CURL_PREFIX, ''));
  if (/^[A-Z]{3,7}\s+\S+\s+HTTP\/\d/.test(text)) return parseHttpRequest(text);
  if (/\baxios\b/.test(text)) return parseAxios(text);
  if (/\bfetch\s*\(/.test(text)) return parseFetch(text);
  return parsePython(text) ?? parsePowerShell(text) ?? parseBareUrl(text);
}

/**
 * Hex that is almost a zid, said as such rather than listed among every input read: the start of
 * one without its 0x ("3fa2b1c4", which could be any short hex, so it is not looked up), or 0x and
 * a count of digits that is neither a zid's (24) nor an address's (40), most likely cut or run on
 * when copied.
 */
function oddHexReason(text: string): string | null {
  if (new RegExp(`^[0-9a-fA-F]{${ZID_PREFIX_MIN_HEX},${ZID_HEX_LENGTH - 1}}$`).test(text) && /[a-fA-F]/.test(text)) {
    return `This looks like the start of a zid without its 0x: a zid prefix is read with it (0x${text.toLowerCase()}); only a whole zid, 24 hex digits, is read without it.`;
  }
  const digits = /^0x([0-9a-fA-F]+)$/i.exec(text)?.[1]?.length;
  if (digits !== undefined && digits > ZID_HEX_LENGTH && digits < 40) {
    return `This is 0x and ${digits} hex digits: more than a zid's ${ZID_HEX_LENGTH}, fewer than an address's 40. Check that it was copied whole and alone (a zid is 0x + 24 hex digits).`;
  }
  return null;
}

/** Recognises a paste: pure, synchronous, environment-free. */
export function recognizePaste(text: string): Recognized {
  if (text.length > MAX_HISTORY_FILE_CHARS) {
    const size = `${(text.length / 1024 / 1024).toFixed(1)} MB`;
    return { kind: 'unknown', reason: `The text was not read: at ${size} it is larger than 50 MB, the most an import takes. Ask the customer for a smaller export (fewer entries).`, redactedText: '' };
  }
  const redactedText = redactPaste(text);
  const trimmed = redactedText.trim();
  if (trimmed === '') return { kind: 'unknown', reason: 'The text is empty.', redactedText };
  const zid = parseZid(trimmed);
  if (zid) return { kind: 'zid', ...zid, redactedText };
  // A response pasted whole (curl -i, a proxy's log): its body explains the answer, headers aside.
  const json = parseJson(rawResponseBody(trimmed) ?? trimmed);
  if (json.ok) return recognizeJson(json.value, redactedText);
  if (json.refused) return { kind: 'unknown', reason: `The text was not read: ${json.refused}. Nothing was parsed.`, redactedText };
  if (json.invalid !== undefined) return { kind: 'unknown', reason: `It starts like JSON but is not valid JSON: ${json.invalid}. ${CUT_SHORT}`, invalidJson: json.invalid, redactedText };
  const linked = zidOfLink(trimmed);
  if (linked) return { kind: 'zid', ...linked, isInText: true, redactedText };
  const request = parseRequest(trimmed);
  if (request) return { kind: 'request', request, ...lintRequest(request), redactedText };
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return { kind: 'unknown', reason: 'This is an address (0x + 40 hex digits), not a zid (0x + 24 hex digits).', redactedText };
  if (/^0x[0-9a-fA-F]{64}$/.test(trimmed)) return { kind: 'unknown', reason: "This is a transaction or block hash (0x + 64 hex digits): the app does not read chains. Ask for the transaction's input data (its calldata, on the block explorer's page), the quote body or the zid.", redactedText };
  // Lower-cased: the decoder reads upper-case hex as another selector.
  if (isCalldata(trimmed)) return { kind: 'calldata', data: trimmed.toLowerCase(), reading: explainPastedCalldata(trimmed.toLowerCase()), redactedText };
  // Text around a zid (a screenshot's, a chat's, a log line): the zid is what leads to the request.
  const inText = zidsInText(trimmed);
  if (inText.length === 1) return { kind: 'zid', zid: inText[0]!, isPrefix: false, isInText: true, redactedText };
  if (inText.length > 1) return { kind: 'unknown', reason: `The text holds ${inText.length} zids (${inText.join(', ')}): explain one at a time, each on its own.`, redactedText };
  const prefixes = labelledZidPrefixesInText(trimmed);
  if (prefixes.length === 1) return { kind: 'zid', zid: prefixes[0]!, isPrefix: true, isInText: true, redactedText };
  const hexReason = oddHexReason(trimmed);
  if (hexReason) return { kind: 'unknown', reason: hexReason, redactedText };
  // Reasons fit both the paste box and `explain <file or text>`, which each put them after their own words.
  return { kind: 'unknown', reason: 'Expected a zid (24 hex digits, with or without 0x, or 0x and its first 6 or more), a URL, a curl command, a fetch or axios snippet, a Python requests call, a PowerShell Invoke-RestMethod, a raw HTTP request, a JSON body, a transaction\'s calldata, or a HAR / history file.', redactedText };
}
