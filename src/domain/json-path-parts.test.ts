import { describe, expect, it } from 'vitest';
import { jsonPathParts } from './json-path-parts.ts';
import { childPath } from './json-diff.ts';

describe('jsonPathParts', () => {
  it('keeps the root with its first key: "$.totalNetworkFee" never leaves "$." alone on a line', () => {
    expect(jsonPathParts('$.totalNetworkFee')).toEqual(['$.totalNetworkFee']);
    expect(jsonPathParts('$.fees.serviceFee.amount')).toEqual(['$.fees.', 'serviceFee.', 'amount']);
  });

  it('keeps an index with its key, and breaks after the dot that follows it', () => {
    expect(jsonPathParts('$.route.fills[0].source')).toEqual(['$.route.', 'fills[0].', 'source']);
    expect(jsonPathParts('$[2].x[0][1]')).toEqual(['$[2].', 'x[0][1]']);
  });

  it('keeps a quoted key whole, whatever dots or brackets it holds, and may break before it', () => {
    const path = childPath(childPath(childPath('$', 'headers'), 'svc-api-key'), 'a.b["c"].d');
    expect(path).toBe('$.headers["svc-api-key"]["a.b[\\"c\\"].d"]');
    expect(jsonPathParts(path)).toEqual(['$.headers', '["svc-api-key"]', '["a.b[\\"c\\"].d"]']);
    expect(jsonPathParts(childPath('$', 'x.y'))).toEqual(['$["x.y"]']);
  });

  it('joins back to the path, and keeps text that is no such path whole', () => {
    for (const path of ['$', '$.a', '$.route.tokens[1].symbol', '$["a b"].c[0]']) expect(jsonPathParts(path).join('')).toBe(path);
    expect(jsonPathParts('message.permitted.token')).toEqual(['message.permitted.token']);
    expect(jsonPathParts('$.a..b')).toEqual(['$.a..b']);
  });
});
