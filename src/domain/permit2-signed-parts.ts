import type { Eip712 } from '../spec/index.ts';
import { PERMIT2_ADDRESS } from './chains.ts';
import { calldataPermitOf, compareCalldataPermit, type CalldataPermitReading, type PermitFieldCheck } from './permit2-calldata.ts';

/**
 * Whether a Permit2 quote's typed data signs what the quote will execute. A hash that matches its
 * typed data says only that the two agree; a support engineer (and a taker) reads "Hash matches" as
 * "safe to sign", so each part that decides who may pull what is compared with the quote itself:
 * the spender with the settler the transaction calls (spec, "Allowance rules" 3: the swap data goes
 * to `transaction.to`, and Permit2 lets only the permit's spender use it), the domain's
 * verifyingContract with the Permit2 contract (service-facts.json, the same address on all
 * chains), and the permitted token and amount with the sell token asked and the amount the quote
 * sells (its maxSellAmount on an exact-out answer, the most the settler may pull). The domain's
 * chainId is compared with the request's (a body pasted alone: the chain the user picked for it):
 * a signature for another chain's domain is good there, not for this trade. And the permit the calldata hands the settler (permit2-calldata.ts) with the
 * message signed, field by field, since Permit2 checks the signature against the calldata's.
 */

/** A part of the signed permit that is compared with the quote. */
export type SignedPart = 'spender' | 'verifyingContract' | 'chainId' | 'token' | 'amount' | 'calldataPermit';

/** What a permit should sign, read from the quote and its request; a member is null when the quote lacks it. */
export interface PermitExpectation {
  /** The quote's `transaction.to`: the settler that pulls the tokens. */
  settler: string | null;
  /** The sell token and where it was read ("the request's sellToken", "the answer's sellToken"). */
  sellToken: { address: string; source: string } | null;
  /** The amount the settler pulls and its member's name. */
  sellAmount: { base: string; member: 'sellAmount' | 'maxSellAmount' } | null;
  /** The chainId the request sent, or the one the user picked for a body pasted alone; null when neither is known. */
  chainId: number | null;
  /** What `chainId` is, for a reader: "the request's chainId", or "the chain you picked" (PICKED_CHAIN). */
  chainSource: string;
  /** The permit `transaction.data` carries, or why there is none to compare with. */
  calldataPermit: CalldataPermitReading;
}

/** What is known of the request that got the quote. */
export interface PermitRequest {
  sellToken?: string | null | undefined;
  chainId?: number | null | undefined;
  /**
   * Where `chainId` came from when it is not the request's: a body pasted alone names no chain, so
   * the chain the user picked for it is what its domain is compared with, and is said to be.
   */
  chainSource?: typeof PICKED_CHAIN;
}

/** What a picked chain is called in the chain check: the chain of a body pasted alone, named by the user (explain --chain, the paste box). */
export const PICKED_CHAIN = 'the chain you picked';

/** One compared part: the value signed, the value expected, and whether they are equal (null: one is missing, not checked). */
export interface SignedPartCheck {
  part: SignedPart;
  /** Where the value sits in the typed data (`message.spender`...). */
  path: string;
  signed: string | null;
  expected: string | null;
  /** What the expected value is, for a reader: "transaction.to", "the Permit2 contract"... */
  expectedName: string;
  matches: boolean | null;
  /** The calldata's permit only: each field compared; empty when `missing` says why none was. */
  fields?: PermitFieldCheck[];
  /** The calldata's permit only: why it was not compared ("the quote has no transaction.data"). */
  missing?: string;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

// Addresses are compared as 20 bytes (EIP-712 hashes them so): letter case is no difference.
// Amounts and chain ids as integers, so "0100" is 100; anything else only as the same text.
function isSame(part: SignedPart, signed: string, expected: string): boolean {
  if (part === 'amount' || part === 'chainId') return /^[0-9]+$/.test(signed) && /^[0-9]+$/.test(expected) ? BigInt(signed) === BigInt(expected) : signed === expected;
  return signed.toLowerCase() === expected.toLowerCase();
}

function check(part: SignedPart, path: string, signed: unknown, expected: string | null, expectedName: string): SignedPartCheck {
  const signedText = text(signed);
  const matches = signedText === null || expected === null ? null : isSame(part, signedText, expected);
  return { part, path, signed: signedText, expected, expectedName, matches };
}

// Equal only when every field was compared and equal; one that differs decides against.
function calldataCheck(message: Json, reading: CalldataPermitReading): SignedPartCheck {
  const base = { part: 'calldataPermit' as const, path: 'transaction.data', signed: null, expected: null, expectedName: "the calldata's permit" };
  if (reading.permit === null) return { ...base, matches: null, fields: [], missing: reading.missing };
  const fields = compareCalldataPermit(message, reading.permit);
  const matches = fields.some((field) => field.matches === false) ? false : fields.every((field) => field.matches === true) ? true : null;
  return { ...base, matches, fields };
}

/**
 * Compares the spender, verifyingContract, chainId, permitted token and permitted amount of typed
 * data with what the quote executes, and the message with the calldata's permit; a part the typed
 * data or the quote lacks is not checked (matches null), never passed.
 */
export function checkSignedParts(eip712: Eip712, expected: PermitExpectation): SignedPartCheck[] {
  const { message, domain } = eip712;
  // PermitTransferFrom and PermitWitnessTransferFrom permit one token; a batch's list is not read here.
  const permitted = isJson(message.permitted) ? message.permitted : {};
  return [
    check('spender', 'message.spender', message.spender, expected.settler, 'transaction.to'),
    check('verifyingContract', 'domain.verifyingContract', domain.verifyingContract, PERMIT2_ADDRESS, 'the Permit2 contract'),
    check('chainId', 'domain.chainId', domain.chainId, expected.chainId === null ? null : String(expected.chainId), expected.chainSource),
    check('token', 'message.permitted.token', permitted.token, expected.sellToken?.address ?? null, expected.sellToken?.source ?? 'the sell token'),
    check('amount', 'message.permitted.amount', permitted.amount, expected.sellAmount?.base ?? null, `the answer's ${expected.sellAmount?.member ?? 'sellAmount'}`),
    calldataCheck(message, expected.calldataPermit),
  ];
}

/**
 * What a permit should sign, read from a quote body as it came (members unchecked) and, when
 * known, its request: the sellToken the quote should sell (the answer's echo of it otherwise) and
 * the chainId it should be signed for (answers carry none, so without the request it is not checked).
 */
export function permitExpectationOf(answer: unknown, request: PermitRequest = {}): PermitExpectation {
  const requestSellToken = request.sellToken;
  const body = isJson(answer) ? answer : {};
  const transaction = isJson(body.transaction) ? body.transaction : {};
  const settler = text(transaction.to);
  const answerToken = text(body.sellToken);
  const sellToken = requestSellToken ? { address: requestSellToken, source: "the request's sellToken" } : answerToken ? { address: answerToken, source: "the answer's sellToken" } : null;
  // Exact out pulls at most maxSellAmount; the permit is for that bound, not the estimate.
  const isExactOut = body.mode === 'exact-out' || (body.sellAmount === undefined && body.maxSellAmount !== undefined);
  const base = text(isExactOut ? body.maxSellAmount : body.sellAmount);
  const sellAmount = base === null ? null : { base, member: isExactOut ? ('maxSellAmount' as const) : ('sellAmount' as const) };
  return { settler, sellToken, sellAmount, chainId: request.chainId ?? null, chainSource: request.chainSource ?? "the request's chainId", calldataPermit: calldataPermitOf(transaction.data) };
}
