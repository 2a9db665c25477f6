import { describe, expect, it } from 'vitest';
import { bridgeRefusal, protoKeyPath } from './bridge-safe.ts';

describe('bridgeRefusal', () => {
  it('names an own "__proto__" key at any depth, in objects and arrays', () => {
    expect(protoKeyPath(JSON.parse('{"params":{"chainId":"1","__proto__":"1"}}'))).toBe('params.__proto__');
    expect(protoKeyPath(JSON.parse('{"entries":[{"query":{"__proto__":"x"}}]}'))).toBe('entries.0.query.__proto__');
    expect(protoKeyPath(JSON.parse('{"__proto__":{}}'))).toBe('__proto__');
  });

  it('lets through inputs without one, an inherited prototype and names like constructor', () => {
    for (const input of [undefined, null, 'text', 1, [], { params: { chainId: '1', constructor: 'x', toString: 'y' } }, Object.create({ inherited: 1 })]) expect(bridgeRefusal(input)).toBeNull();
  });

  it('answers INVALID_INPUT with the field and the reason, as the IPC boundary does', () => {
    const refusal = bridgeRefusal(JSON.parse('{"params":{"__proto__":"1"}}'));
    expect(refusal).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', details: [{ field: 'params.__proto__', reason: expect.stringContaining('outside the app') }] } });
    expect(refusal!.ok === false && refusal!.error.message.startsWith('params.__proto__ ')).toBe(true);
  });
});
