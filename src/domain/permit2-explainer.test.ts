import { describe, expect, it } from 'vitest';
import { concat, encodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import type { Permit2Data } from '../spec/index.ts';
import { explainPermit2 } from './permit2-explainer.ts';

const PERMIT2 = '0x000000000022d473030f116ddee9f6b43ac78ba3';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const SETTLER = '0x7f6cee965959295cc64d0e6c00d99d6532d8e86b';
const DEADLINE = 1_795_000_000;

function permit2(overrides: Record<string, unknown> = {}): Permit2Data {
  return {
    type: 'Permit2',
    eip712: {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
        TokenPermissions: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint256' }],
      },
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
      message: { permitted: { token: USDC, amount: '1000500000' }, spender: SETTLER, nonce: '2241959297937691820908574931991586', deadline: String(DEADLINE), ...overrides },
      primaryType: 'PermitTransferFrom',
    },
  };
}

// EIP-712 hashed by hand from the standard's definitions, not through hashTypedData.
function manualHash(data: Permit2Data): Hex {
  const m = data.eip712.message as { permitted: { token: Hex; amount: string }; spender: Hex; nonce: string; deadline: string };
  const typeHash = (text: string) => keccak256(toHex(text));
  const domainSeparator = keccak256(encodeAbiParameters(
    [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
    [typeHash('EIP712Domain(string name,uint256 chainId,address verifyingContract)'), keccak256(toHex('Permit2')), 1n, PERMIT2],
  ));
  const tokenPermissions = 'TokenPermissions(address token,uint256 amount)';
  const permittedHash = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [typeHash(tokenPermissions), m.permitted.token, BigInt(m.permitted.amount)]));
  const structHash = keccak256(encodeAbiParameters(
    [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
    [typeHash(`PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)${tokenPermissions}`), permittedHash, m.spender, BigInt(m.nonce), BigInt(m.deadline)],
  ));
  return keccak256(concat(['0x1901', domainSeparator, structHash]));
}

const tokenInfo = (address: string) => (address.toLowerCase() === USDC ? { symbol: 'USDC', decimals: 6 } : undefined);

describe('explainPermit2', () => {
  it('recomputes the EIP-712 hash and confirms a matching permit2.hash', () => {
    const data = { ...permit2(), hash: manualHash(permit2()) };
    expect(explainPermit2(data).hash).toEqual({ computed: manualHash(permit2()), given: data.hash, matches: true, error: null });
  });

  it('flags a hash that does not match the typed data (message changed after hashing)', () => {
    const data = { ...permit2({ spender: PERMIT2 }), hash: manualHash(permit2()) };
    const check = explainPermit2(data).hash;
    expect(check.matches).toBe(false);
    expect(check.computed).toBe(manualHash(permit2({ spender: PERMIT2 })));
  });

  it('has no verdict without a given hash, and reports typed data that cannot be hashed', () => {
    expect(explainPermit2(permit2()).hash.matches).toBeNull();
    const broken = explainPermit2(permit2({ nonce: 'abc' })).hash;
    expect(broken).toMatchObject({ computed: null, matches: null, error: expect.stringContaining('cannot be hashed') });
  });

  it('lists domain and message fields with amounts and deadlines made readable', () => {
    const now = new Date((DEADLINE - 30 * 60) * 1000);
    const { rows, primaryType } = explainPermit2(permit2(), { tokenInfo, now });
    expect(primaryType).toBe('PermitTransferFrom');
    expect(rows.map((row) => row.path)).toEqual([
      'domain.name', 'domain.chainId', 'domain.verifyingContract',
      'message.permitted.token', 'message.permitted.amount', 'message.spender', 'message.nonce', 'message.deadline',
    ]);
    const row = (path: string) => rows.find((r) => r.path === path)!;
    expect(row('message.permitted.amount')).toMatchObject({ type: 'uint256', raw: '1000500000', human: '1,000.5 USDC' });
    expect(row('message.permitted.token').human).toBe('USDC');
    expect(row('message.deadline').human).toBe(`${new Date(DEADLINE * 1000).toISOString().replace('.000Z', 'Z')} (in 30 min)`);
    expect(row('domain.verifyingContract')).toMatchObject({ type: 'address', raw: PERMIT2 });
  });

  it('says a deadline has passed, and leaves amounts raw when the token is unknown', () => {
    const { rows } = explainPermit2(permit2(), { now: new Date((DEADLINE + 3 * 3600) * 1000) });
    expect(rows.find((r) => r.path === 'message.deadline')!.human).toContain('(expired 3 h ago)');
    expect(rows.find((r) => r.path === 'message.permitted.amount')!.human).toBeNull();
  });
});
