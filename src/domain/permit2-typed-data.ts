import { hashTypedData, type Hex } from 'viem';
import { PERMIT2_ADDRESS } from './chains.ts';

/**
 * The Permit2 `PermitTransferFrom` typed data a Permit2 quote asks the taker to sign, in the JSON
 * form the service sends (integers as decimal strings) and its EIP-712 hash.
 */

/** What the permit grants: `amount` of `token` to `spender` (the settler), once (`nonce`), until `deadline`. */
export interface PermitTransferFromInput {
  chainId: number;
  token: string;
  amount: bigint;
  spender: string;
  nonce: bigint;
  /** Unix seconds. */
  deadline: bigint;
}

/** The EIP-712 types of PermitTransferFrom, with the domain type spelled out as the service sends it. */
export const PERMIT_TRANSFER_FROM_TYPES = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
  PermitTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const;

/** The typed data as JSON (integers as decimal strings), the `permit2.eip712` member of a quote. */
export interface PermitTransferFromTypedData {
  types: typeof PERMIT_TRANSFER_FROM_TYPES;
  domain: { name: 'Permit2'; chainId: number; verifyingContract: string };
  message: { permitted: { token: string; amount: string }; spender: string; nonce: string; deadline: string };
  primaryType: 'PermitTransferFrom';
}

/** Builds the typed data of a PermitTransferFrom on Permit2. */
export function permitTransferFromTypedData(input: PermitTransferFromInput): PermitTransferFromTypedData {
  return {
    types: PERMIT_TRANSFER_FROM_TYPES,
    domain: { name: 'Permit2', chainId: input.chainId, verifyingContract: PERMIT2_ADDRESS },
    message: {
      permitted: { token: input.token, amount: input.amount.toString() },
      spender: input.spender,
      nonce: input.nonce.toString(),
      deadline: input.deadline.toString(),
    },
    primaryType: 'PermitTransferFrom',
  };
}

/** The EIP-712 hash of the typed data (what the taker's wallet signs), computed with viem. */
export function permitTransferFromHash(typed: PermitTransferFromTypedData): Hex {
  const { permitted, spender, nonce, deadline } = typed.message;
  return hashTypedData({
    domain: { name: typed.domain.name, chainId: typed.domain.chainId, verifyingContract: typed.domain.verifyingContract as Hex },
    types: { PermitTransferFrom: PERMIT_TRANSFER_FROM_TYPES.PermitTransferFrom, TokenPermissions: PERMIT_TRANSFER_FROM_TYPES.TokenPermissions },
    primaryType: 'PermitTransferFrom',
    message: {
      permitted: { token: permitted.token as Hex, amount: BigInt(permitted.amount) },
      spender: spender as Hex,
      nonce: BigInt(nonce),
      deadline: BigInt(deadline),
    },
  });
}
