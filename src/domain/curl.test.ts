import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_KEY_PLACEHOLDER, buildCurl, shellQuote } from './curl.ts';
import { SECRET } from './test-fixtures.ts';

// A POSIX shell word splitter written for the test (quotes, backslash escapes, line continuations),
// independent of the quoting code: what a shell would pass to curl as argv.
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (ch === '\\') {
      const next = command[++i];
      if (next !== '\n') word = (word ?? '') + next;
    } else if (ch === '"' || ch === '$' || ch === '`' || ch === ';' || ch === '&' || ch === '|' || ch === '<' || ch === '>' || ch === '(' || ch === ')') {
      throw new Error(`unquoted special character ${ch} at ${i}`);
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + ch;
  }
  if (word !== null) words.push(word);
  return words;
}

const request = {
  url: 'https://api.example.test/swap/permit2/price?chainId=1&sellToken=0xA0b8&sellAmount=100',
  headers: { 'svc-api-key': SECRET, 'svc-version': 'v2' },
};

describe('buildCurl', () => {
  it('gives a command whose arguments are the URL and headers, with the key as <API_KEY>', () => {
    const command = buildCurl(request);
    expect(command).not.toContain(SECRET);
    expect(shellWords(command)).toEqual([
      'curl', '--globoff', '--silent', '--show-error',
      '--header', `svc-api-key: ${API_KEY_PLACEHOLDER}`,
      '--header', 'svc-version: v2',
      request.url,
    ]);
  });

  it('splits the same arguments over lines with continuations', () => {
    const command = buildCurl(request, { multiline: true });
    expect(command.split('\n').length).toBe(4);
    expect(shellWords(command)).toEqual(shellWords(buildCurl(request)));
  });

  it('redacts a renamed key header and a key in the query, and keeps a non-GET method', () => {
    const command = buildCurl({ url: `https://x.test/a?X-Key=${SECRET}`, method: 'post', headers: { 'X-KEY': SECRET } }, { apiKeyHeader: 'x-key' });
    expect(command).not.toContain(SECRET);
    const words = shellWords(command);
    expect(words).toContain(`X-KEY: ${API_KEY_PLACEHOLDER}`);
    expect(words.slice(4, 6)).toEqual(['--request', 'POST']);
    expect(new URL(words.at(-1)!).searchParams.get('X-Key')).toBe(API_KEY_PLACEHOLDER);
  });

  it("leaves out an HTTP/2 pseudo-header of a browser's HAR (:authority, :path), which is no header curl can send", () => {
    const fromChrome = { ...request, headers: { ':authority': 'api.example.test', ':method': 'GET', ':path': '/swap/permit2/price?chainId=1', ':scheme': 'https', ...request.headers } };
    expect(shellWords(buildCurl(fromChrome))).toEqual(shellWords(buildCurl(request)));
  });
});

describe('shellQuote', () => {
  it('quotes single quotes, dollars, backticks and spaces so the shell passes the word unchanged', () => {
    for (const word of ["it's", '$(rm -rf /)', '`id`', 'a b', '', '!x', 'a\nb']) expect(shellWords(shellQuote(word))).toEqual([word]);
  });

  it('round-trips any string through a shell word split', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (word) => {
        expect(shellWords(shellQuote(word))).toEqual([word]);
      }),
    );
  });
});
