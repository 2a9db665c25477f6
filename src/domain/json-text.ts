/**
 * JSON text laid out without reading it into values: JSON.parse holds a number as a double, so a
 * figure past 2^53 (a fee of 12345678901234567890123 wei), or one written 1.10 or 1E3, comes back
 * from JSON.stringify as another text (1.2345678901234568e+22, 1.1, 1000). Where output says it is
 * the body as received, its numbers are the service's text. (Node 20, which package.json allows,
 * has no JSON.rawJSON nor the reviver's source text, so the tokens are read here.)
 */

// One token of JSON text: a string (escapes and all), a punctuation mark, or a number or literal.
const TOKEN = /"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g;
const NUMBER = /^-?[0-9]/;

/** Whether JSON.parse reads some number of this JSON text as another figure than the text writes. */
export function hasAlteredNumbers(text: string): boolean {
  for (const [token] of text.matchAll(TOKEN)) {
    if (NUMBER.test(token) && String(Number(token)) !== token) return true;
  }
  return false;
}

/**
 * Valid JSON text laid out as JSON.stringify(value, null, 2) lays it out, every string and number
 * token as written; the caller has parsed it (text that is not JSON comes back rearranged, not refused).
 */
export function indentJsonText(text: string): string {
  const tokens = Array.from(text.matchAll(TOKEN), ([token]) => token);
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token === '{' || token === '[') {
      // Empty as JSON.stringify writes it: {} and [].
      if (tokens[index + 1] === (token === '{' ? '}' : ']')) {
        out += token === '{' ? '{}' : '[]';
        index += 1;
        continue;
      }
      depth += 1;
      out += token + newline();
    } else if (token === '}' || token === ']') {
      depth -= 1;
      out += newline() + token;
    } else if (token === ',') {
      out += `,${newline()}`;
    } else if (token === ':') {
      out += ': ';
    } else {
      out += token;
    }
  }
  return out;
}
