import type { Hex } from 'viem';
import { decodeSettlerCall } from './settler-call.ts';

/**
 * The permit a Permit2 quote's `transaction.data` hands the settler, set against the one the taker
 * signs. The spec (service-interface.md, "Allowance rules" 3) has the signature appended to
 * `transaction.data`; the settler then presents the calldata's permit with that signature to
 * Permit2, which recomputes the hash from the calldata's token, amount, nonce and deadline (and the
 * settler as spender). A signed message that differs from the calldata's permit in any of these is
 * a signature Permit2 rejects: the swap reverts, and the signature stays usable by its spender
 * until its deadline for the permit it does sign. Only the settler ABI this app knows (settler-abi.ts, its
 * `execute` and TRANSFER_FROM action) is read: calldata it does not decode is said to be unread,
 * never passed.
 */

/** A permit as the calldata's TRANSFER_FROM carries it: token lower case, integers in decimal. */
export interface CalldataPermit {
  token: string;
  amount: string;
  nonce: string;
  deadline: string;
}

/** The calldata's permit, or why there is none to compare with (a sentence end: "the quote has no transaction.data"). */
export type CalldataPermitReading = { permit: CalldataPermit; missing: null } | { permit: null; missing: string };

const absent = (missing: string): CalldataPermitReading => ({ permit: null, missing });

/** The permit in a Permit2 quote's calldata (the settler's `execute`, its first TRANSFER_FROM action). */
export function calldataPermitOf(data: unknown): CalldataPermitReading {
  if (typeof data !== 'string' || data === '' || data === '0x') return absent('the quote has no transaction.data');
  if (!/^0x([0-9a-fA-F]{2})+$/.test(data)) return absent('transaction.data is not hex bytes');
  // In lower case: viem matches a selector only so (an upper-case 0x1FFF991F read as another call).
  const call = decodeSettlerCall(data.toLowerCase() as Hex);
  // A Permit2 quote calls the settler itself (spec, "Allowance rules" 3); Allowance Holder's exec
  // grants the pull and carries no permit to sign.
  if (call?.functionName === 'exec') return absent("transaction.data is Allowance Holder's exec, which carries no permit");
  if (call?.functionName !== 'execute') return absent("the calldata does not carry the permit in a form this app decodes (not the settler's execute)");
  for (const action of call.args[1]) {
    const step = decodeSettlerCall(action);
    if (step?.functionName !== 'TRANSFER_FROM') continue;
    const { permitted, nonce, deadline } = step.args[1];
    return { permit: { token: permitted.token.toLowerCase(), amount: String(permitted.amount), nonce: String(nonce), deadline: String(deadline) }, missing: null };
  }
  return absent("the calldata's actions carry no permit (no TRANSFER_FROM)");
}

/** One field of the signed message set against the calldata's. */
export interface PermitFieldCheck {
  /** Where it sits in the typed data (`message.nonce`...). */
  path: string;
  field: keyof CalldataPermit;
  signed: string | null;
  carried: string;
  /** Null: the typed data lacks the field. */
  matches: boolean | null;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

// Tokens as 20 bytes (letter case is no difference), integers as integers ("0100" is 100).
function isSame(field: keyof CalldataPermit, signed: string, carried: string): boolean {
  if (field === 'token') return signed.toLowerCase() === carried.toLowerCase();
  return /^[0-9]+$/.test(signed) ? BigInt(signed) === BigInt(carried) : false;
}

/** The signed message's permitted token and amount, nonce and deadline, each against the calldata's permit. */
export function compareCalldataPermit(message: Json, carried: CalldataPermit): PermitFieldCheck[] {
  const permitted = isJson(message.permitted) ? message.permitted : {};
  const fields: [keyof CalldataPermit, string, unknown][] = [
    ['token', 'message.permitted.token', permitted.token],
    ['amount', 'message.permitted.amount', permitted.amount],
    ['nonce', 'message.nonce', message.nonce],
    ['deadline', 'message.deadline', message.deadline],
  ];
  return fields.map(([field, path, value]) => {
    const signed = text(value);
    return { path, field, signed, carried: carried[field], matches: signed === null ? null : isSame(field, signed, carried[field]) };
  });
}
