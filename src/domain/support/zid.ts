/**
 * zids: the service's request ids, `0x` and 24 lower-case hex digits (service-facts.json "zid
 * format"; the local service's newZid). A support engineer often has only the start of one, so a
 * prefix of at least 6 hex digits after 0x counts. Customers and log tools also drop the `0x`: a
 * whole zid of 24 hex digits without it counts too (History's search box, the paste box, `explain`
 * and `history find` all read zids here), but a bare prefix does not, since short hex without 0x is
 * anything at all. A whole zid with its 0x that a mail client wrapped, or that was written in groups,
 * is read with its parts joined. Every result is written with its 0x, lower-cased.
 */

/** Fewest hex digits after 0x that count as a zid prefix. */
export const ZID_PREFIX_MIN_HEX = 6;
/** Hex digits of a whole zid. */
export const ZID_HEX_LENGTH = 24;

// How a zid reaches a support engineer: bare, labelled (`zid: …`, the body's `"zid": "…",`, the
// `svc-zid` header), in quotes of any kind or brackets, or cut short with an ellipsis as this app
// and most chats print a prefix.
const CANDIDATE = /^(?:["']?(?:svc-)?zid["']?\s*[:=]?\s*)?["'`\u2018\u2019\u201c\u201d(<[]?(0x)?([0-9a-fA-F]+)(\u2026|\.{3})?["'`\u2018\u2019\u201c\u201d)>\]]?[.,;]?$/i;
// Invisible characters a copy from a web page or a chat brings along.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/** A pasted zid or zid prefix, lower-cased; null when the text is not one (e.g. a 40-digit address). */
export function parseZid(text: string): { zid: string; isPrefix: boolean } | null {
  const visible = text.replace(INVISIBLE, '').trim();
  const match = CANDIDATE.exec(visible);
  if (!match) return splitZid(visible);
  const [, hasPrefix, hex, ellipsis] = match;
  const digits = hex!.length;
  if (digits < ZID_PREFIX_MIN_HEX || digits > ZID_HEX_LENGTH) return null;
  // Without 0x only a whole zid, never cut short: "3fa2b1…" is no more a zid than any short hex.
  if (hasPrefix === undefined && (digits !== ZID_HEX_LENGTH || ellipsis !== undefined)) return null;
  return { zid: `0x${hex!.toLowerCase()}`, isPrefix: digits < ZID_HEX_LENGTH };
}

// A whole zid that a mail client or chat wrapped onto two lines, or that someone read out in groups
// ("0x3fa2b1c4d5e6f708" / "192a3b4c", "0x3fa2 b1c4 …"): its parts joined. Only a whole zid with its
// 0x: split short hex could be anything.
function splitZid(visible: string): { zid: string; isPrefix: boolean } | null {
  if (!/\s/.test(visible)) return null;
  const match = CANDIDATE.exec(visible.replace(/\s+/g, ''));
  if (!match || match[1] === undefined || match[2]!.length !== ZID_HEX_LENGTH || match[3] !== undefined) return null;
  return { zid: `0x${match[2]!.toLowerCase()}`, isPrefix: false };
}

// A whole zid inside other text: not part of a longer hex run (an address, a hash, calldata).
const ZID_IN_TEXT = new RegExp(`(?<![0-9a-fA-Fx])0x[0-9a-fA-F]{${ZID_HEX_LENGTH}}(?![0-9a-fA-F])`, 'gi');
// One without 0x stands alone as a word (not inside longer hex, an address or hash without 0x, nor
// a word such as an id "x…"), and holds a letter: 24 decimal digits in a sentence are an amount in
// base units (1e23 wei), not a zid.
const BARE_ZID_IN_TEXT = new RegExp(`(?<![0-9A-Za-z_])(?=[0-9]*[a-fA-F])[0-9a-fA-F]{${ZID_HEX_LENGTH}}(?![0-9A-Za-z_])`, 'g');

/**
 * The whole zids in free text, lower-cased, each once, in order: what a customer's screenshot, chat
 * message or log line shows ("Error: TOKEN_NOT_SUPPORTED (zid 0x9a3f…)" as text), with or without
 * 0x. Only whole zids: a prefix in a sentence cannot be told from any other short hex.
 */
export function zidsInText(text: string): string[] {
  const visible = text.replace(INVISIBLE, '');
  const found = [...visible.matchAll(ZID_IN_TEXT), ...visible.matchAll(BARE_ZID_IN_TEXT)].sort((a, b) => a.index - b.index);
  return [...new Set(found.map((match) => `0x${match[0].replace(/^0x/i, '').toLowerCase()}`))];
}

// A prefix in text only where the text labels it a zid ("zid 0x3fa2b1c4…", as this app and the
// customer's tools print one, or "svc-zid: 0x…"): the label tells it from any other short hex.
const LABELLED_PREFIX_IN_TEXT = new RegExp(`(?<![0-9A-Za-z_])zid["']?\\s*[:=]?\\s*["'\u2018\u201c(]?0x([0-9a-fA-F]{${ZID_PREFIX_MIN_HEX},${ZID_HEX_LENGTH - 1}})(?![0-9a-fA-F])`, 'gi');

/** The zid prefixes free text labels as zids, lower-cased, each once: what a customer's message quoting a cut zid holds. */
export function labelledZidPrefixesInText(text: string): string[] {
  const visible = text.replace(INVISIBLE, '');
  return [...new Set([...visible.matchAll(LABELLED_PREFIX_IN_TEXT)].map((match) => `0x${match[1]!.toLowerCase()}`))];
}

/** The zid of a response or error body (`zid` or `data.zid`), or null. */
export function zidOfBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { zid?: unknown; data?: { zid?: unknown } | null };
  if (typeof record.zid === 'string') return record.zid;
  const nested = typeof record.data === 'object' && record.data !== null ? record.data.zid : undefined;
  return typeof nested === 'string' ? nested : null;
}
