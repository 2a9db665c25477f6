import { describe, expect, it } from 'vitest';
import { hasAlteredNumbers, indentJsonText } from './json-text.ts';

describe('indentJsonText', () => {
  it('lays JSON out as JSON.stringify(value, null, 2) does', () => {
    const value = { a: [1, { b: 'x, "y": [z]' }, [], {}], c: { d: null, e: true, f: 'é\\' }, g: -2.5 };
    expect(indentJsonText(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
    expect(indentJsonText(' \n{ "a" :\t[ ] ,"b":{ }}\r\n')).toBe('{\n  "a": [],\n  "b": {}\n}');
    expect(indentJsonText('"text"')).toBe('"text"');
  });

  it('keeps each number and string as written, where JSON.stringify would write another figure', () => {
    expect(indentJsonText('{"fee":12345678901234567890123,"ratio":1.10,"big":1E3,"z":-0,"s":"\\u00e9"}')).toBe(
      '{\n  "fee": 12345678901234567890123,\n  "ratio": 1.10,\n  "big": 1E3,\n  "z": -0,\n  "s": "\\u00e9"\n}',
    );
  });
});

describe('hasAlteredNumbers', () => {
  it('says whether JSON.parse reads a number as another figure than written', () => {
    expect(hasAlteredNumbers('{"a":1,"b":-2.5,"c":"12345678901234567890123","d":[0,1e-7,1e+21]}')).toBe(false);
    for (const number of ['12345678901234567890123', '9007199254740993', '1.10', '1E3', '1e3', '-0', '0.0', '1e21']) {
      expect(hasAlteredNumbers(`{"a":"x","b":[${number}]}`), number).toBe(true);
    }
  });
});
