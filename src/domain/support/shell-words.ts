/**
 * Splits a pasted shell command into words the way the shells customers copy from would: POSIX
 * sh/bash ('…', "…", $'…', backslash escapes and continuations), Windows cmd (Chrome's "Copy as
 * cURL (cmd)": ^ escapes and ^ continuations) and PowerShell (backtick continuations).
 */

const ANSI_C: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\u0007', b: '\b', e: '\u001b', E: '\u001b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

function ansiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[0-7]{1,3}|.)/g, (_all, code: string) => {
    if (/^[xu]/.test(code) && code.length > 1) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCodePoint(Number.parseInt(code, 8));
    return ANSI_C[code] ?? `\\${code}`;
  });
}

/** Whether the text was copied for Windows cmd (^ escapes). */
export function isCmdStyle(text: string): boolean {
  return /\^\r?\n|\^"/.test(text);
}

function normalise(text: string): string {
  // cmd: ^<newline> continues and ^X is a literal X; PowerShell: a backtick ends a continued line.
  const unescaped = isCmdStyle(text) ? text.replace(/\^\r?\n/g, ' ').replace(/\^(.)/g, '$1') : text;
  return unescaped.replace(/`\r?\n/g, ' ').replace(/\r\n/g, '\n');
}

interface Cursor {
  text: string;
  i: number;
  /** The text ended inside a quote: a paste cut short. */
  isUnclosed: boolean;
}

function readSingle(c: Cursor): string {
  const end = c.text.indexOf("'", c.i);
  if (end < 0) c.isUnclosed = true;
  const stop = end < 0 ? c.text.length : end;
  const out = c.text.slice(c.i, stop);
  c.i = stop + 1;
  return out;
}

function readAnsi(c: Cursor): string {
  let j = c.i;
  while (j < c.text.length && c.text[j] !== "'") j += c.text[j] === '\\' ? 2 : 1;
  if (j >= c.text.length) c.isUnclosed = true;
  const out = ansiC(c.text.slice(c.i, j));
  c.i = j + 1;
  return out;
}

function readDouble(c: Cursor): string {
  let out = '';
  while (c.i < c.text.length && c.text[c.i] !== '"') {
    const ch = c.text[c.i]!;
    const next = c.text[c.i + 1];
    if (ch === '\\' && next !== undefined && '"\\$`\n'.includes(next)) {
      if (next !== '\n') out += next;
      c.i += 2;
      continue;
    }
    out += ch;
    c.i++;
  }
  if (c.i >= c.text.length) c.isUnclosed = true;
  c.i++;
  return out;
}

function readWord(c: Cursor): string {
  let word = '';
  while (c.i < c.text.length && !/\s/.test(c.text[c.i]!)) {
    const ch = c.text[c.i]!;
    c.i++;
    if (ch === "'") word += readSingle(c);
    else if (ch === '"') word += readDouble(c);
    else if (ch === '$' && c.text[c.i] === "'") {
      c.i++;
      word += readAnsi(c);
    } else if (ch === '\\') {
      const next = c.text[c.i];
      c.i++;
      if (next !== undefined && next !== '\n') word += next;
    } else word += ch;
  }
  return word;
}

/** The words of a shell command line (continuations joined, quotes removed, escapes applied). */
export function shellWords(text: string): string[] {
  return splitShell(text).words;
}

/** The words, and whether the text ends inside a quote (a paste cut short, the closing quote lost with its end). */
export function splitShell(text: string): { words: string[]; isUnclosed: boolean } {
  const c: Cursor = { text: normalise(text), i: 0, isUnclosed: false };
  const words: string[] = [];
  while (c.i < c.text.length) {
    if (/\s/.test(c.text[c.i]!)) {
      c.i++;
      continue;
    }
    // A backslash-newline between words is a continuation, not an empty word.
    if (c.text[c.i] === '\\' && c.text[c.i + 1] === '\n') {
      c.i += 2;
      continue;
    }
    words.push(readWord(c));
  }
  return { words, isUnclosed: c.isUnclosed };
}
