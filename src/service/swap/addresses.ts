import { splitList } from '../../spec/index.ts';
import type { AnySwapQuery } from './resolve.ts';

/**
 * Addresses of a swap query in lower case. The service accepts any letter case and does not enforce
 * EIP-55 checksums (real-service-shapes.md, "Addresses"), but viem's ABI encoder rejects a mixed-case
 * address whose checksum is wrong: normalising once, before anything reads the query, keeps such an
 * address from reaching the encoder, and makes every address the answer echoes lower case.
 */

const SINGLE = ['buyToken', 'sellToken', 'taker', 'txOrigin', 'recipient', 'tradeSurplusRecipient'] as const;
const LISTS = ['swapFeeRecipient', 'swapFeeToken'] as const;

/** A copy of `query` with every address (and every item of an address list) in lower case. */
export function lowerCaseAddresses<Query extends AnySwapQuery>(query: Query): Query {
  const out: Record<string, unknown> = { ...query };
  for (const field of SINGLE) if (typeof out[field] === 'string') out[field] = (out[field] as string).toLowerCase();
  for (const field of LISTS) if (typeof out[field] === 'string') out[field] = splitList(out[field] as string).map((item) => item.toLowerCase()).join(',');
  return out as Query;
}
