/* eslint-disable no-control-regex -- matching control characters is the purpose of this file */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasTerminalControls, showTerminalControls, stripTerminalControls } from './terminal-safe.ts';

const ESC = '\u001b';
const BEL = '\u0007';

describe('stripTerminalControls', () => {
  it.each([
    ['clear screen and home', `${ESC}[2J${ESC}[Hbad token`, 'bad token'],
    ['colours', `${ESC}[31;1mred${ESC}[0m`, 'red'],
    ['window title by OSC 0 ended by BEL', `${ESC}]0;pwned${BEL}message`, 'message'],
    ['OSC 52 clipboard write ended by ST', `a${ESC}]52;c;Y3VybCBldmlsLnNoIHwgc2g=${ESC}\\b`, 'ab'],
    ['unterminated OSC swallows the rest', `ok${ESC}]52;c;AAAA`, 'ok'],
    ['hyperlink OSC 8', `${ESC}]8;;https://evil.test${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['DCS', `${ESC}Pq#0;2;0;0;0${ESC}\\x`, 'x'],
    ['terminal reset ESC c', `${ESC}cafter`, 'after'],
    ['8-bit CSI and OSC', `\u009b2J\u009d0;t\u0007text`, 'text'],
    ['BEL, backspace, carriage return overwrite', `INVALID${BEL}\b\b\rOK`, 'INVALIDOK'],
    ['bidi overrides', 'abc\u202edcba\u202c', 'abcdcba'],
  ])('removes %s', (_name, input, expected) => {
    expect(stripTerminalControls(input)).toBe(expected);
    expect(hasTerminalControls(input)).toBe(true);
  });

  it('keeps newlines, tabs and any printable text, Unicode included', () => {
    const text = 'INPUT_INVALID\tsellAmount is required\r\nzid 0x111111111111111111111111 – ok ✓ 日本';
    expect(stripTerminalControls(text)).toBe(text.replace('\r\n', '\n'));
    expect(hasTerminalControls(text)).toBe(false);
  });

  // The alphabet holds a character of every class the function acts on (C0, DEL, C1, bidi), so a
  // text it wrongly took as having nothing to strip shows here.
  it('leaves no ESC, BEL, other control character or bidi override in any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', ESC, '[', ']', '\\', BEL, '\u009b', '\u009d', '\u009c', ';', '2', 'J', 'P', '\r', '\u0000', '\u007f', '\u0085', '\u202e', '\u2066'), maxLength: 60 }), (text) => {
        expect(stripTerminalControls(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('showTerminalControls', () => {
  it('writes each control character out as an escape, so quoted input reads as typed and drives nothing', () => {
    expect(showTerminalControls('"1\u0007" is not an amount')).toBe('"1\\x07" is not an amount');
    expect(showTerminalControls('\u001b[2Jx\u009b\u202eab\r\nc\td')).toBe('\\x1b[2Jx\\x9b\\u202eab\nc\td');
    expect(hasTerminalControls(showTerminalControls('\u001b]52;c;aGk=\u0007'))).toBe(false);
  });
});
