import { describe, expect, it } from 'vitest';
import { QueryMemo } from './query-memo.ts';

describe('query memo', () => {
  it('validates a query once and hands every repeat the same frozen object', () => {
    const memo = new QueryMemo();
    let runs = 0;
    const validate = () => (runs++, { chainId: 1, excluded: ['RFQ'] });
    const first = memo.validated('allowance-holder.price', 'chainId=1', validate);
    const again = memo.validated('allowance-holder.price', 'chainId=1', validate);
    expect(runs).toBe(1);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { excluded: string[] }).excluded)).toBe(true);
  });

  it('keeps the endpoint apart: the same query string on another endpoint is validated on its own', () => {
    const memo = new QueryMemo();
    let runs = 0;
    memo.validated('allowance-holder.price', 'chainId=1', () => (runs++, {}));
    memo.validated('permit2.price', 'chainId=1', () => (runs++, {}));
    expect(runs).toBe(2);
  });

  it('keeps nothing for a refused query: each repeat is checked and refused again', () => {
    const memo = new QueryMemo();
    let runs = 0;
    const refuse = () => {
      runs++;
      throw new Error('sellAmount must be a whole number');
    };
    expect(() => memo.validated('allowance-holder.price', 'sellAmount=x', refuse)).toThrow('sellAmount');
    expect(() => memo.validated('allowance-holder.price', 'sellAmount=x', refuse)).toThrow('sellAmount');
    expect(runs).toBe(2);
    expect(memo.size).toBe(0);
  });

  it('stays within its bound, dropping the oldest query first', () => {
    const memo = new QueryMemo(3);
    let runs = 0;
    for (const raw of ['a=1', 'a=2', 'a=3', 'a=4']) memo.validated('sources', raw, () => (runs++, { raw }));
    expect(memo.size).toBe(3);
    memo.validated('sources', 'a=4', () => (runs++, {}));
    expect(runs).toBe(4);
    memo.validated('sources', 'a=1', () => (runs++, {}));
    expect(runs).toBe(5);
  });

  it('does not keep a very long query string', () => {
    const memo = new QueryMemo();
    memo.validated('sources', `chainId=1&x=${'9'.repeat(3_000)}`, () => ({}));
    expect(memo.size).toBe(0);
  });
});
