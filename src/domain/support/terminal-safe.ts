/* eslint-disable no-control-regex -- matching control characters is the purpose of this file */
/**
 * Text from a service or a file, made safe to print on a terminal (issue 17, "In the terminal"): a
 * hostile error message must not clear the screen, retitle the window, or write the clipboard
 * through OSC 52. Every escape sequence goes whole (so no half-sequence is left to misparse), then
 * any remaining C0 control except \n and \t, DEL, and the C1 controls. Bidi overrides, which can
 * make printed text read differently from what it is, are removed too.
 */

// ESC ] (OSC), ESC P (DCS), ESC X (SOS), ESC ^ (PM), ESC _ (APC): strings ended by BEL or ST
// (ESC \ or 0x9c), or by the end of the text when unterminated. The 8-bit forms 0x9d, 0x90, 0x98,
// 0x9e, 0x9f likewise.
const STRING_SEQUENCE = /(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)/g;
// CSI: ESC [ or 0x9b, parameter bytes, intermediate bytes, one final byte.
const CSI = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?/g;
// Other escapes: ESC, optional intermediates, one final byte (ESC c resets the terminal).
const ESCAPE = /\u001b[ -/]*[0-~]?/g;
// C0 except \t (09) and \n (0a); DEL; C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

// Any character stripTerminalControls acts on: each of its passes starts with, or removes, one of these.
const ANY_STRIPPED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The text without terminal control sequences or control characters; \n and \t are kept, \r\n becomes \n. */
export function stripTerminalControls(text: string): string {
  // Nearly every text has nothing to strip: one scan says so, where the six passes would compile
  // six expressions first (0.3 ms of a command's start, issue 14).
  if (!ANY_STRIPPED.test(text)) return text;
  return text
    .replace(/\r\n/g, '\n')
    .replace(STRING_SEQUENCE, '')
    .replace(CSI, '')
    .replace(ESCAPE, '')
    .replace(CONTROL, '')
    .replace(BIDI, '');
}

// Every character stripTerminalControls removes, one at a time: ESC, the other C0 controls but \t
// and \n, DEL, C1 and the bidi overrides.
const SHOWN = new RegExp(ANY_STRIPPED.source, 'g');

/**
 * The text with each control character written out as an escape (BEL as \x07, ESC as \x1b, an
 * override as \u202e), for what the user typed being quoted back: a refused `--amount "1<BEL>"`
 * stripped read `"1" is not an amount`, a value that looks valid. Escaped, a sequence is inert
 * text, as safe to print as stripped; \n and \t are kept, \r\n becomes \n.
 */
export function showTerminalControls(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(SHOWN, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/** Whether printing the text as is could drive the terminal. */
export function hasTerminalControls(text: string): boolean {
  return stripTerminalControls(text) !== text.replace(/\r\n/g, '\n');
}

// Characters JSON.stringify leaves raw that a terminal may still act on: DEL, C1, bidi overrides.
const JSON_RAW_CONTROLS = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text made safe to print without changing its data: JSON.stringify already escapes C0
 * controls (ESC becomes \u001b); this escapes the rest the same way, so the JSON still parses to
 * exactly the same value.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(JSON_RAW_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
