import { explainCalldata } from '../calldata-explainer.ts';
import { chainLabel } from '../chains.ts';
import { QUOTE_CALLDATA_ABI } from '../settler-abi.ts';
import { actionReading, type AnswerFact, type ChainReader } from './answer-facts.ts';
import { amountOf, type Json } from './body-reading.ts';
import { calldataFacts } from './calldata-facts.ts';

/**
 * A transaction's calldata pasted alone (from a wallet, a block explorer or a failed transaction's
 * page): what it calls, the minimum it enforces, the zid it carries and each action it tells the
 * settler to take, as a quote's calldata reads in `explain`. With no body to check it against, no
 * comparison is made; the zid is what leads to the request, so it is given for looking up.
 */

/** What pasted calldata says. */
export interface CalldataReading {
  /** The zid the call carries, lower case; null when it carries none or was not decoded. */
  zid: string | null;
  /** Whether the settler ABI decoded it. */
  isDecoded: boolean;
  facts: AnswerFact[];
}

// Hex that is neither a zid (24 digits), an address (40) nor a hash (64): a 4-byte selector and more.
const CALLDATA = /^0x[0-9a-fA-F]{8}(?:[0-9a-fA-F]{2})*$/;

/** Whether the text is calldata rather than a zid, an address or a transaction hash. */
export function isCalldata(text: string): boolean {
  const digits = text.length - 2;
  return CALLDATA.test(text) && digits > 24 && digits !== 40 && digits !== 64;
}

/**
 * Reads pasted calldata; its amounts in base units, or in token units on `chainId` (calldata names
 * no chain: the support engineer names the customer's).
 */
export function explainPastedCalldata(data: string, chainId?: number): CalldataReading {
  const decoded = explainCalldata(QUOTE_CALLDATA_ABI, data);
  if (!decoded.ok) return { zid: null, isDecoded: false, facts: [{ label: 'calldata', value: `${(data.length - 2) / 2} bytes the settler ABI does not decode: ${decoded.message}` }] };
  const settlerCall = decoded.call.inner ?? decoded.call;
  const buyToken = settlerCall.args.find((row) => row.path === 'slippage.buyToken')?.value.toLowerCase();
  // The buy token the call names stands in for a body's, so that its minimum reads in that token.
  const body: Json = buyToken === undefined ? {} : { buyToken };
  const reader: ChainReader = { body, chainId, amount: (value, address, isUpperBound) => amountOf(body, value, address, chainId, isUpperBound) };
  const units = { label: 'amounts', value: chainId === undefined ? 'in base units: calldata names no chain (name the customer\'s to read them in token units)' : `read with the token list of ${chainLabel(chainId)}, the chain named for this calldata` };
  return { zid: decoded.call.zid, isDecoded: true, facts: [units, ...calldataFacts(reader, data, actionReading(reader))] };
}
