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
    const answeredAt = new Date((DEADLINE - 30 * 60) * 1000);
    const { rows, primaryType } = explainPermit2(permit2(), { tokenInfo, answeredAt });
    expect(primaryType).toBe('PermitTransferFrom');
    expect(rows.map((row) => row.path)).toEqual([
      'domain.name', 'domain.chainId', 'domain.verifyingContract',
      'message.permitted.token', 'message.permitted.amount', 'message.spender', 'message.nonce', 'message.deadline',
    ]);
    const row = (path: string) => rows.find((r) => r.path === path)!;
    expect(row('message.permitted.amount')).toMatchObject({ type: 'uint256', raw: '1000500000', human: '1,000.5 USDC' });
    expect(row('message.permitted.token').human).toBe('USDC');
    const instant = new Date(DEADLINE * 1000).toISOString().replace('.000Z', 'Z');
    expect(row('message.deadline')).toMatchObject({ human: `${instant} (30 min after the answer)`, time: { instant, relation: ' (30 min after the answer)' } });
    expect(row('message.nonce').time).toBeNull();
    expect(row('domain.verifyingContract')).toMatchObject({ type: 'address', raw: PERMIT2 });
  });

  it('says a deadline had passed when the answer came, and leaves amounts raw when the token is unknown', () => {
    const { rows } = explainPermit2(permit2(), { answeredAt: new Date((DEADLINE + 3 * 3600) * 1000) });
    expect(rows.find((r) => r.path === 'message.deadline')!.human).toContain('(expired: 3 h before the answer)');
    expect(rows.find((r) => r.path === 'message.permitted.amount')!.human).toBeNull();
  });

  it('reads a deadline against the answer in seconds, minutes, hours or days, and never against the clock', () => {
    const deadlineAfter = (seconds: number) => explainPermit2(permit2(), { answeredAt: new Date((DEADLINE - seconds) * 1000) }).rows.find((r) => r.path === 'message.deadline')!.time!.relation;
    expect([deadlineAfter(0), deadlineAfter(90), deadlineAfter(119 * 60), deadlineAfter(47 * 3600), deadlineAfter(3 * 86_400)]).toEqual([
      ' (0 s after the answer)', ' (90 s after the answer)', ' (119 min after the answer)', ' (47 h after the answer)', ' (3 d after the answer)',
    ]);
    // Without the answer's time there is nothing to read it against: the instant alone.
    expect(explainPermit2(permit2()).rows.find((r) => r.path === 'message.deadline')!.time!.relation).toBe('');
  });
});
