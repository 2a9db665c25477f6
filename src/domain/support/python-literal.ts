/**
 * A body as Python prints it: a customer on Python pastes `print(response.json())`, which writes
 * the service's JSON as a dict literal, single-quoted strings and True, False, None for true, false
 * and null. JSON.parse refuses it, and the paste read "not valid JSON … cut short, or edited by
 * hand", which it is not: every member is there (the service's amounts are strings, so no digit is
 * lost). This writes such a literal back as the JSON it came from; null when the text is not one
 * (no single-quoted string, or a word or escape JSON and a dict's repr do not have).
 */

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"' };
const WORDS: Record<string, string> = { True: 'true', False: 'false', None: 'null' };

// One quoted string from `start` (its quote) to its closing quote: its value and where it ends.
function readString(text: string, start: number): { value: string; end: number } | null {
  const quote = text[start];
  let value = '';
  let at = start + 1;
  while (at < text.length && text[at] !== quote) {
    if (text[at] !== '\\') {
      value += text[at++];
      continue;
    }
    const next = text[at + 1] ?? '';
    const hex = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (hex > 0) {
      const digits = text.slice(at + 2, at + 2 + hex);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) return null;
      value += String.fromCodePoint(parseInt(digits, 16));
      at += 2 + hex;
    } else if (Object.hasOwn(ESCAPES, next)) {
      value += ESCAPES[next];
      at += 2;
    } else return null;
  }
  return at < text.length ? { value, end: at + 1 } : null;
}

/** The JSON text of a Python dict or list literal (see above), or null. */
export function pythonLiteralAsJson(text: string): string | null {
  // A dict's repr opens with a single-quoted key ({'name': …, [{'zid': …): JSON cut short, which
  // opens with a double quote, is not scanned again (a HAR may be 50 MB).
  if (!/^[[{\s]*'/.test(text)) return null;
  let out = '';
  let isPython = false;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === "'" || char === '"') {
      // pprint writes a long string (a quote's calldata) as quoted pieces on lines of their own,
      // which Python joins: so are they here.
      let value = '';
      do {
        const string = readString(text, at);
        if (string === null) return null;
        isPython ||= text[at] === "'";
        value += string.value;
        at = string.end;
        while (/\s/.test(text[at] ?? '')) at += 1;
      } while (text[at] === "'" || text[at] === '"');
      out += JSON.stringify(value);
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_]\w*/.exec(text.slice(at, at + 16))![0];
      if (!Object.hasOwn(WORDS, word)) return null;
      isPython = true;
      out += WORDS[word];
      at += word.length;
    } else {
      out += char;
      at += 1;
    }
  }
  return isPython ? out : null;
}
