import { chainLabel } from './chains.ts';
import type { PermitFieldCheck } from './permit2-calldata.ts';
import type { SignedPartCheck } from './permit2-signed-parts.ts';

/**
 * The sentence for one compared part of a permit (permit2-signed-parts.ts), the same in History's
 * quote details and in `swap-explorer explain`: a part that differs names both values, one not
 * compared says what was missing, so nothing reads as checked that was not.
 */

/** How a sentence names tokens and amounts: by symbol and in token units where the reader knows them. */
export interface SignedPartReading {
  /** A token's name ("USDC"), or its address when unknown. */
  token: (address: string) => string;
  /** A base-unit amount of a token, in its units where known. */
  amount: (base: string, token: string | null) => string;
}

// What the quote lacks, by part, when the typed data has its value.
const QUOTE_LACKS: Record<SignedPartCheck['part'], string> = {
  spender: 'the quote has no transaction.to',
  verifyingContract: 'the Permit2 address is not known',
  chainId: "the request's chainId is not known",
  token: 'neither the request nor the answer names a sellToken',
  amount: 'the answer has no sellAmount',
  calldataPermit: 'the calldata carries no permit',
};

function notChecked(check: SignedPartCheck, subject: string): string {
  if (check.missing !== undefined) return `${subject} not checked: ${check.missing}`;
  return `${subject} not checked: ${check.signed === null ? `the typed data has no ${check.path}` : QUOTE_LACKS[check.part]}`;
}

// A chain id with its name where the app knows it: "Base (8453)".
const chainText = (id: string): string => (/^[0-9]{1,15}$/.test(id) ? chainLabel(Number(id)) : id);

// A token's name with its address when the name is a symbol: two tokens may share a symbol.
function tokenWithAddress(reading: SignedPartReading, address: string): string {
  const name = reading.token(address);
  return name.toLowerCase() === address.toLowerCase() ? address : `${name} (${address})`;
}

// An amount with its base units beside a rounded reading: a difference in the last unit shows.
function amountWithBase(reading: SignedPartReading, base: string, token: string | null): string {
  const read = reading.amount(base, token);
  return read.includes(base) ? read : `${read} (${base} base units)`;
}

// The signed amount reads in the permit's token, the expected one in the sell token (they differ
// only when the token check fails too).
function signedPartText(check: SignedPartCheck, reading: SignedPartReading, tokens: { signed: string | null; expected: string | null }): string {
  const { signed, expected, expectedName, matches } = check;
  switch (check.part) {
    case 'spender':
      if (matches === null) return notChecked(check, 'Spender');
      return matches
        ? `Spender is the settler the transaction calls (${expectedName} ${signed})`
        : `Spender ${signed} is NOT the settler the transaction calls (${expectedName} ${expected}): the signature would let another contract pull the tokens`;
    case 'verifyingContract':
      if (matches === null) return notChecked(check, 'Permit2 contract');
      return matches
        ? `Signed for ${expectedName} (domain.verifyingContract ${signed})`
        : `Signed for ${signed}, NOT ${expectedName} ${expected} (domain.verifyingContract)`;
    case 'token':
      if (matches === null) return notChecked(check, 'Permitted token');
      return matches
        ? `Permits ${expectedName}, ${reading.token(signed!)}`
        : `Permits ${tokenWithAddress(reading, signed!)}, NOT ${expectedName} ${tokenWithAddress(reading, expected!)}`;
    case 'amount':
      if (matches === null) return notChecked(check, 'Permitted amount');
      return matches
        ? `Permits exactly ${expectedName}, ${reading.amount(signed!, tokens.signed)}`
        : `Permits ${amountWithBase(reading, signed!, tokens.signed)}, NOT ${expectedName} ${amountWithBase(reading, expected!, tokens.expected)}`;
    case 'chainId':
      if (matches === null) return notChecked(check, 'Chain');
      return matches
        ? `Signed for ${expectedName}, ${chainText(signed!)} (domain.chainId ${signed})`
        : `Signed for chain ${chainText(signed!)}, NOT ${expectedName} ${chainText(expected!)} (domain.chainId): the signature would be good on that chain, not for this trade`;
    case 'calldataPermit':
      return calldataText(check, reading);
  }
}

// One differing field with both values, the token and amount read as the other parts read them.
function fieldText(field: PermitFieldCheck, reading: SignedPartReading, tokens: { signed: string | null; carried: string }): string {
  const value = (raw: string, token: string | null) => (field.field === 'token' ? tokenWithAddress(reading, raw) : field.field === 'amount' ? amountWithBase(reading, raw, token) : raw);
  return `${field.path} ${value(field.signed!, tokens.signed)}, NOT the calldata's ${value(field.carried, tokens.carried)}`;
}

function calldataText(check: SignedPartCheck, reading: SignedPartReading): string {
  const fields = check.fields ?? [];
  if (check.missing !== undefined) return notChecked(check, "The calldata's permit");
  const token = fields.find((field) => field.field === 'token');
  const tokens = { signed: token?.signed ?? null, carried: token?.carried ?? '' };
  const differing = fields.filter((field) => field.matches === false);
  if (differing.length > 0) {
    const list = differing.map((field) => fieldText(field, reading, tokens)).join('; ');
    return `The calldata's permit (transaction.data) is NOT the one signed: ${list}. Permit2 would reject the signature and the swap would revert`;
  }
  const lacking = fields.filter((field) => field.matches === null).map((field) => field.path);
  if (lacking.length > 0) return `The calldata's permit not checked: the typed data has no ${lacking.join(', ')}`;
  return "The calldata's permit (transaction.data) is the one signed: its token, amount, nonce and deadline are the message's";
}

/** One line of the comparison: the part, its verdict (null: not checked) and its sentence. */
export interface SignedPartLine {
  part: SignedPartCheck['part'];
  matches: boolean | null;
  text: string;
}

/**
 * The comparison as lines, one a part, in the order checked.
 * @example "Spender 0x1111… is NOT the settler the transaction calls (transaction.to 0x7f6c…): …"
 */
export function signedPartLines(checks: readonly SignedPartCheck[], reading: SignedPartReading): SignedPartLine[] {
  const token = checks.find((check) => check.part === 'token');
  const tokens = { signed: token?.signed ?? null, expected: token?.expected ?? null };
  return checks.map((check) => ({ part: check.part, matches: check.matches, text: signedPartText(check, reading, tokens) }));
}
