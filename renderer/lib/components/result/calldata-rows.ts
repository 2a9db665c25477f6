import { execToken, zidFromArgument, type DecodedCall } from '../../../../src/domain/calldata-explainer.ts';
import { humanAmount, tokenLookup } from './result-model.ts';

/**
 * The rows of the decoded calldata's argument table, each with a reading beside its raw value, as
 * the EIP-712 table reads its fields: amounts in their token, tokens by symbol, the recipient as
 * the request's, the packed zid and affiliate apart; addresses in lower case, as the answer writes
 * them. Through Allowance Holder, `exec`'s own arguments come first (what it lets be pulled, of
 * which token, for which settler), then the settler call it forwards; before, only the forwarded
 * call was listed, so the amount `exec` grants appeared in no row.
 */

/** One row: the argument's path, ABI type, raw value, and what it reads as (null when nothing is known). */
export interface CalldataRow {
  path: string;
  type: string;
  value: string;
  reading: string | null;
}

/** What the rows are read against. */
export interface RowContext {
  chainId: number | null;
  /** The token `exec`'s amount is of when exec names none (the answer's sellToken), and the token `minAmountOut` is of (the call's slippage buyToken, else the answer's). */
  sellToken: string | null;
  buyToken: string | null;
  /** Who the request named to receive the buy token. */
  requested: { address: string; role: 'recipient' | 'taker' } | null;
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

function addressReading(value: string, context: RowContext): string | null {
  const address = value.toLowerCase();
  const role = context.requested && context.requested.address === address ? `the request's ${context.requested.role}` : null;
  const symbol = tokenLookup(context.chainId)(address)?.symbol ?? null;
  return [role, symbol].filter((part) => part !== null).join(', ') || null;
}

function reading(path: string, type: string, value: string, context: RowContext): string | null {
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (type === 'address') return addressReading(value, context);
  if (type === 'uint256' && /^[0-9]+$/.test(value)) {
    // exec's amount is what the settler may take: a bound, read rounded up as maxSellAmount is.
    if (path === 'exec.amount' && context.sellToken) return `up to ${humanAmount(value, context.sellToken, context.chainId, true)}`;
    if (name === 'minAmountOut' && context.buyToken) return `at least ${humanAmount(value, context.buyToken, context.chainId)}`;
  }
  if (name === 'zidAndAffiliate' && type === 'bytes32' && /^0x[0-9a-fA-F]{64}$/.test(value)) {
    const affiliate = `0x${value.slice(26).toLowerCase()}`;
    return `zid ${zidFromArgument(type, value)} · affiliate ${affiliate === ZERO_ADDRESS ? 'none' : affiliate}`;
  }
  return null;
}

/** The rows of a decoded call: `exec`'s own arguments (but the call it forwards) then the settler's, or the call's alone. */
export function calldataRows(call: DecodedCall, context: RowContext): CalldataRow[] {
  const own = call.inner ? call.args.filter((arg) => arg.type !== 'bytes').map((arg) => ({ ...arg, path: `${call.functionName}.${arg.path}` })) : [];
  const settler = (call.inner ?? call).args;
  // exec's amount is of the token exec names (another answer's calldata may name another than the answer's sellToken).
  const granted = execToken(call);
  const read = granted ? { ...context, sellToken: granted } : context;
  // Lower case, as every address in the answer (viem decodes them checksummed): one address, one spelling to search for.
  return [...own, ...settler].map((arg) => ({ ...arg, value: arg.type === 'address' ? arg.value.toLowerCase() : arg.value, reading: reading(arg.path, arg.type, arg.value, read) }));
}
