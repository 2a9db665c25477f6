import { hashTypedData, type TypedDataDomain } from 'viem';
import type { Eip712, Permit2Data } from '../spec/index.ts';
import { checkSignedParts, type PermitExpectation, type SignedPartCheck } from './permit2-signed-parts.ts';
import { formatBaseUnits } from './units.ts';

/**
 * The Permit2 EIP-712 data of a quote as readable rows, with the hash recomputed (issue 6,
 * "Explainers"): support can show what the taker signs and whether `permit2.hash` matches it.
 */

/** One row of the table: where the value sits, its EIP-712 type, the raw value and a reading of it. */
export interface TypedDataRow {
  section: 'domain' | 'message';
  path: string;
  type: string;
  raw: string;
  human: string | null;
  /** A time field (deadline, expiration...): the instant it names and how it stands to the answer. */
  time: { instant: string; relation: string } | null;
}

/** What the explainer may know about tokens and time; all optional. */
export interface Permit2ExplainOptions {
  /** Decimals and symbol of a token address, for amounts next to it. */
  tokenInfo?: (address: string) => { symbol: string; decimals: number } | undefined;
  /**
   * When the answer arrived: deadlines read against it ("30 min after the answer"), a figure that
   * stays true however long the answer is looked at, unlike one against the current time.
   */
  answeredAt?: Date;
  /**
   * What the quote executes (permitExpectationOf): with it, the signed spender, contract, chain,
   * token and amount are compared with it, and the message with the permit its calldata carries,
   * since a matching hash says nothing of whom the signature empowers.
   */
  expected?: PermitExpectation;
}

/** The hash check: recomputed with viem, compared with the one the service sent. */
export interface HashCheck {
  computed: string | null;
  given: string | null;
  matches: boolean | null;
  error: string | null;
}

/** The explanation of a permit2 member. */
export interface Permit2Explanation {
  primaryType: string;
  rows: TypedDataRow[];
  hash: HashCheck;
  /** The signed parts compared with the quote; null when no expectation was given. */
  signed: SignedPartCheck[] | null;
}

const TIME_FIELDS = new Set(['deadline', 'expiration', 'sigDeadline', 'validBefore', 'validAfter']);
// Those that end a signature's validity: one already past when the answer came is named expired.
const END_FIELDS = new Set(['deadline', 'expiration', 'sigDeadline', 'validBefore']);
const INTEGER = /^u?int[0-9]*$/;

function span(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}

function relation(name: string, seconds: bigint, answeredAt: Date | undefined): string {
  if (!answeredAt) return '';
  const delta = Number(seconds) - Math.floor(answeredAt.getTime() / 1000);
  if (delta >= 0) return ` (${span(delta)} after the answer)`;
  return END_FIELDS.has(name) ? ` (expired: ${span(-delta)} before the answer)` : ` (${span(-delta)} before the answer)`;
}

function timeOf(name: string, raw: string, answeredAt: Date | undefined): TypedDataRow['time'] {
  if (!/^[0-9]+$/.test(raw)) return null;
  const seconds = BigInt(raw);
  // Beyond year 9999 a date is meaningless; such deadlines mean "never" in practice.
  if (seconds > 253_402_300_799n) return null;
  return { instant: new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z'), relation: relation(name, seconds, answeredAt) };
}

function humanTime(raw: string, time: TypedDataRow['time']): string | null {
  if (time) return `${time.instant}${time.relation}`;
  return /^[0-9]+$/.test(raw) ? 'no expiry (far future)' : null;
}

interface Walk {
  types: Eip712['types'];
  options: Permit2ExplainOptions;
  rows: TypedDataRow[];
}

// Rows of one struct; an `amount` is read with the decimals of a sibling `token` field.
function structRows(walk: Walk, section: TypedDataRow['section'], typeName: string, value: Record<string, unknown>, path: string): void {
  const token = typeof value.token === 'string' ? walk.options.tokenInfo?.(value.token) : undefined;
  for (const field of walk.types[typeName] ?? []) {
    fieldRows(walk, section, field.type, field.name, value[field.name], `${path}.${field.name}`, token);
  }
}

function fieldRows(walk: Walk, section: TypedDataRow['section'], type: string, name: string, value: unknown, path: string, token?: { symbol: string; decimals: number }): void {
  const array = /^(.*)\[[0-9]*\]$/.exec(type);
  if (array && Array.isArray(value)) {
    value.forEach((item, index) => fieldRows(walk, section, array[1]!, name, item, `${path}[${index}]`, token));
    return;
  }
  if (Object.hasOwn(walk.types, type) && typeof value === 'object' && value !== null) {
    structRows(walk, section, type, value as Record<string, unknown>, path);
    return;
  }
  const raw = String(value);
  let human: string | null = null;
  const isTime = INTEGER.test(type) && TIME_FIELDS.has(name);
  const time = isTime ? timeOf(name, raw, walk.options.answeredAt) : null;
  if (isTime) human = humanTime(raw, time);
  else if (INTEGER.test(type) && name === 'amount' && token && /^[0-9]+$/.test(raw)) human = `${formatBaseUnits(BigInt(raw), token.decimals)} ${token.symbol}`;
  else if (type === 'address') human = walk.options.tokenInfo?.(raw)?.symbol ?? null;
  walk.rows.push({ section, path, type, raw, human, time });
}

function domainRows(domain: Eip712['domain']): TypedDataRow[] {
  const types: Record<string, string> = { name: 'string', version: 'string', chainId: 'uint256', verifyingContract: 'address', salt: 'bytes32' };
  return Object.entries(domain)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ section: 'domain' as const, path: `domain.${name}`, type: types[name] ?? typeof value, raw: String(value), human: null, time: null }));
}

// viem wants bigint for integers; the service's JSON carries them as decimal strings.
function toViemValue(types: Eip712['types'], type: string, value: unknown): unknown {
  const array = /^(.*)\[[0-9]*\]$/.exec(type);
  if (array && Array.isArray(value)) return value.map((item) => toViemValue(types, array[1]!, item));
  if (Object.hasOwn(types, type) && typeof value === 'object' && value !== null) {
    const source = value as Record<string, unknown>;
    return Object.fromEntries((types[type] ?? []).map((field) => [field.name, toViemValue(types, field.type, source[field.name])]));
  }
  if (INTEGER.test(type) && (typeof value === 'string' || typeof value === 'number')) return BigInt(value);
  return value;
}

/** Recomputes the EIP-712 hash of typed data with viem and compares it with the given one. */
export function checkTypedDataHash(eip712: Eip712, given: string | undefined | null): HashCheck {
  const givenHash = given ?? null;
  try {
    const message = toViemValue(eip712.types, eip712.primaryType, eip712.message) as Record<string, unknown>;
    const domain = toViemValue(eip712.types, 'EIP712Domain', eip712.domain) as TypedDataDomain;
    const computed = hashTypedData({ domain, types: eip712.types, primaryType: eip712.primaryType, message });
    return { computed, given: givenHash, matches: givenHash === null ? null : computed.toLowerCase() === givenHash.toLowerCase(), error: null };
  } catch (error) {
    return { computed: null, given: givenHash, matches: null, error: `the typed data cannot be hashed: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** The permit2 member as rows (domain first, then message fields in type order) and the hash check. */
export function explainPermit2(permit2: Permit2Data, options: Permit2ExplainOptions = {}): Permit2Explanation {
  const { eip712 } = permit2;
  const walk: Walk = { types: eip712.types, options, rows: domainRows(eip712.domain) };
  structRows(walk, 'message', eip712.primaryType, eip712.message, 'message');
  return { primaryType: eip712.primaryType, rows: walk.rows, hash: checkTypedDataHash(eip712, permit2.hash), signed: options.expected ? checkSignedParts(eip712, options.expected) : null };
}
