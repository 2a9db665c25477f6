import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessLine, isoTimeOnce } from './access-line.ts';

describe('accessLine', () => {
  // The line is written out by hand for speed: it must stay exactly what JSON.stringify made.
  it('is the JSON.stringify of the line object, whatever the client sent as method and path', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.integer({ min: 0, max: 599 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.option(fc.integer({ min: 1, max: 4_194_304 }), { nil: undefined }),
        (date, method, path, status, rawMs, pid) => {
          const time = date.toISOString();
          const zid = '0x0123456789abcdef01234567';
          const ms = Math.round(rawMs * 100) / 100;
          const line = accessLine({ time, zid, method, path, status, ms, pid });
          expect(line).toBe(JSON.stringify({ time, zid, method, path, status, ms, ...(pid === undefined ? {} : { pid }) }));
          expect(JSON.parse(line)).toMatchObject({ path, status, ms });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('isoTimeOnce', () => {
  it('gives each millisecond its ISO text, the same text as a fresh Date', () => {
    const isoTime = isoTimeOnce();
    for (const ms of [0, 0, 1, 1_795_702_792_202, 1_795_702_792_202, 1_795_702_792_203, 1]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
