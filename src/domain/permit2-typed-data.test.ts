import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, keccak256, concat, toHex, type Hex } from 'viem';
import { checkTypedDataHash } from './permit2-explainer.ts';
import { PERMIT2_ADDRESS } from './chains.ts';
import { permitTransferFromHash, permitTransferFromTypedData } from './permit2-typed-data.ts';

const input = {
  chainId: 8453,
  token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  amount: 123_456_789n,
  spender: '0x6a57a0579e91a5b7ce9c2d08b93e1a9b995f974f',
  nonce: 2241959297937691820908574931991559n,
  deadline: 1_760_000_300n,
};

// EIP-712 by hand: keccak256("\x19\x01" || domainSeparator || hashStruct(message)).
function handHash(): Hex {
  const h = (text: string) => keccak256(toHex(text));
  const domainType = h('EIP712Domain(string name,uint256 chainId,address verifyingContract)');
  const domain = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [domainType, h('Permit2'), 8453n, PERMIT2_ADDRESS as Hex]));
  const permissionsType = h('TokenPermissions(address token,uint256 amount)');
  const permitType = h('PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)');
  const permissions = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [permissionsType, input.token as Hex, input.amount]));
  const struct = keccak256(
    encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [permitType, permissions, input.spender as Hex, input.nonce, input.deadline]),
  );
  return keccak256(concat(['0x1901', domain, struct]));
}

describe('permit2 typed data', () => {
  it('builds the Permit2 domain and a JSON message with integers as strings', () => {
    const typed = permitTransferFromTypedData(input);
    expect(typed.domain).toEqual({ name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2_ADDRESS });
    expect(typed.message.permitted.amount).toBe(input.amount.toString());
    expect(JSON.parse(JSON.stringify(typed))).toEqual(typed);
  });

  it('hashes to the EIP-712 digest computed by hand', () => {
    expect(permitTransferFromHash(permitTransferFromTypedData(input))).toBe(handHash());
  });

  it('agrees with the Permit2 explainer reading the JSON form', () => {
    const typed = JSON.parse(JSON.stringify(permitTransferFromTypedData(input)));
    expect(checkTypedDataHash(typed, permitTransferFromHash(typed)).matches).toBe(true);
  });
});
