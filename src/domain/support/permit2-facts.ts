import { Permit2DataSchema } from '../../spec/index.ts';
import { findListedToken } from '../listed-token.ts';
import { explainPermit2, type HashCheck, type TypedDataRow } from '../permit2-explainer.ts';
import { permitExpectationOf, type PermitRequest, type SignedPartCheck } from '../permit2-signed-parts.ts';
import { signedPartLines } from '../permit2-signed-text.ts';
import type { AnswerFact } from './charge-facts.ts';
import { amountOf, symbolOf, type Json } from './body-reading.ts';

/**
 * What a Permit2 quote asks the taker to sign, for `explain` and the support report, as History's
 * EIP-712 table shows it (permit2-explainer.ts): whether `permit2.hash` is the hash of the typed
 * data (recomputed), the domain, and each message field read (the amount in its token, the
 * deadline as a time and how it stands to the answer: "expired: 3 min before the answer").
 * Before, a terminal and the report showed the calldata but nothing of the signature, the part of
 * a Permit2 trade a customer's wallet refuses or the settler rejects. A matching hash says only
 * that the typed data is what was hashed, so the spender, the Permit2 contract, the token and the
 * amount signed are each set against the quote, the domain's chainId against the request's, and the
 * message against the permit the calldata carries (permit2-signed-parts.ts), as History shows them.
 */

const PART_LABELS: Record<SignedPartCheck['part'], string> = {
  spender: 'permit2 spender',
  verifyingContract: 'permit2 contract',
  chainId: 'permit2 chain',
  token: 'permit2 token',
  amount: 'permit2 amount',
  calldataPermit: 'permit2 in calldata',
};

// Tokens by the body's route symbols, else the chain's list, else their address, as the rows read them.
function signedFacts(body: Json, checks: readonly SignedPartCheck[], chainId: number | undefined, tokenInfo: (address: string) => { symbol: string } | undefined): AnswerFact[] {
  const reading = {
    token: (address: string) => {
      const symbol = symbolOf(body, address, chainId);
      return symbol !== address ? symbol : (tokenInfo(address)?.symbol ?? address);
    },
    amount: (base: string, token: string | null) => amountOf(body, base, token, chainId),
  };
  return signedPartLines(checks, reading).map((line) => ({ label: PART_LABELS[line.part], value: line.text }));
}

function hashText(hash: HashCheck): string {
  if (hash.error !== null) return `${hash.given ?? 'none given'}; ${hash.error}`;
  if (hash.given === null) return `none given; the typed data hashes to ${hash.computed}`;
  if (hash.matches) return `${hash.given}, the hash of the typed data (recomputed)`;
  return `${hash.given}, NOT the hash of the typed data, which is ${hash.computed}: the taker would sign other data than the answer's`;
}

function rowText(row: TypedDataRow): string {
  if (row.time) return `${row.raw} = ${row.time.instant}${row.time.relation}`;
  if (row.human === null) return row.raw;
  if (row.type === 'address') return `${row.raw} (${row.human})`;
  // Only an amount is in base units: a deadline past year 9999 ("no expiry") is in seconds.
  return row.path.endsWith('.amount') ? `${row.human} (${row.raw} base units)` : `${row.human} (${row.raw})`;
}

/**
 * The facts of a quote's `permit2` member; none when the body has none (an Allowance Holder quote)
 * or it is not EIP-712 typed data.
 * @param answeredAt when the answer arrived, for a deadline's distance from it
 * @param request its request's sellToken and chainId, when known: the token and chain the permit should name
 */
export function permit2Facts(body: Json, chainId: number | undefined, answeredAt?: Date, request?: PermitRequest): AnswerFact[] {
  const parsed = Permit2DataSchema.safeParse(body.permit2);
  if (!parsed.success) return [];
  const tokenInfo = (address: string) => {
    const token = chainId === undefined ? undefined : findListedToken(chainId, address);
    return token ? { symbol: token.symbol, decimals: token.decimals } : undefined;
  };
  const explained = explainPermit2(parsed.data, { tokenInfo, ...(answeredAt ? { answeredAt } : {}), expected: permitExpectationOf(body, request) });
  const domain = explained.rows.filter((row) => row.section === 'domain').map((row) => `${row.path.slice('domain.'.length)} ${row.raw}`);
  const message = explained.rows.filter((row) => row.section === 'message').map((row) => ({ label: `signs ${row.path.slice('message.'.length)}`, value: rowText(row) }));
  return [{ label: 'permit2 hash', value: hashText(explained.hash) }, ...signedFacts(body, explained.signed ?? [], chainId, tokenInfo), { label: 'permit2 domain', value: `${domain.join(', ')} (${explained.primaryType})` }, ...message];
}
