import { chainById } from './chains.ts';
import { formatInteger, formatTokenAmount } from './number-format.ts';

/**
 * The unit a network fee is written in. The spec gives `totalNetworkFee` as `gas` * `gasPrice`, and
 * `gasPrice` in wei ("Price result"), so the figure is a count of wei; on most chains that is wei of
 * the native token ("0.00045 ETH"). Tempo has no native token (service-facts.json, nativeSymbol
 * null), and nothing names the token its fee is paid in: the fee is then written as the wei the
 * spec names, whole, with that said beside it, never scaled to 18 decimals as a bare number nobody
 * can read, nor put in a token the service does not name.
 */

/** Said beside a fee on a chain with no native token: why it reads in wei and in no token. */
export const NO_NATIVE_TOKEN_NOTE = 'no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in';

/**
 * Said beside a quote's transaction value on such a chain: the spec gives `transaction.value` in
 * wei, as the fee, and names no token for it either ("0 native" named one that does not exist).
 */
export const NO_NATIVE_VALUE_NOTE = 'no native token on this chain: the service gives the value the call carries in wei and names no token it is in';

/**
 * Said by the Compare exports where a fee's native-token figure is left empty on such a chain: a
 * number in a "native" column for a chain with no native token would be a figure nobody gave.
 * @param weiAt where the export keeps the fee in wei
 */
export function nativeFeeNotGivenNote(weiAt: string): string {
  return `no native token on this chain: the service gives the fee in wei (${weiAt}) and names no token it is paid in, so there is no native amount to give`;
}

/** The same, short enough for a table cell under the figure. */
export const NO_NATIVE_TOKEN_SHORT = 'token not named by the service';

/**
 * A network fee (or a part of one, or a difference of two) in wei, as every screen and command
 * writes it: in the chain's native token, or whole wei where the chain has none.
 * @param nativeSymbol the chain's native token; null on a chain without one (Tempo)
 * @example networkFeeText(450000000000000n, 'ETH', 18) // "0.00045 ETH"
 * @example networkFeeText(412500000000n, null, 18) // "412,500,000,000 wei"
 */
export function networkFeeText(wei: bigint | string, nativeSymbol: string | null, nativeDecimals: number): string {
  return nativeSymbol === null ? weiText(wei) : `${formatTokenAmount(wei, nativeDecimals)} ${nativeSymbol}`;
}

/** What a network fee is counted in, as a label names it: the native token, or wei where the chain has none (Tempo). */
export function feeUnitName(nativeSymbol: string | null): string {
  return nativeSymbol ?? 'wei';
}

/**
 * An amount of what a network fee is paid in, given in whole units of it, as a fee rate names its
 * side ("1 ETH = 2,988 USDC", "an indicative price of 0.1 ETH"); on a chain with no native token
 * (Tempo) the wei that amount is, whole, as the fee itself reads there: never "1 native", a token
 * the chain does not have.
 * @param units whole units of the native token, as a decimal string ("1", "0.1")
 * @example feeUnitsText('1', 'ETH', 18) // "1 ETH"
 * @example feeUnitsText('0.1', null, 18) // "100,000,000,000,000,000 wei"
 */
export function feeUnitsText(units: '1' | '0.1', nativeSymbol: string | null, nativeDecimals: number): string {
  const wei = units === '1' ? 10n ** BigInt(nativeDecimals) : 10n ** BigInt(nativeDecimals - 1);
  return networkFeeText(wei, nativeSymbol, nativeDecimals);
}

/**
 * A wei amount on a chain with no native token, whole and in no token: the fee, its parts, or a
 * transaction's value.
 * @example weiText(412500000000n) // "412,500,000,000 wei"
 */
export function weiText(wei: bigint | string): string {
  return `${formatInteger(wei)} wei`;
}

/**
 * Said beside a fee whose chain is not known (an imported entry, a request that failed before its
 * chain was checked, a pasted body): the spec still gives it in wei, but which token, or whether the
 * chain has one, cannot be said, so no symbol or decimals are put on it.
 */
export const UNKNOWN_CHAIN_FEE_NOTE = 'chain not known: the service gives the fee as gas × gas price in wei, and with no chain no token can be named for it';

/** The same beside a quote's transaction value. */
export const UNKNOWN_CHAIN_VALUE_NOTE = 'chain not known: the service gives the value the call carries in wei, and with no chain no token can be named for it';

/** Whether the chain is one the facts know (no chain recorded, or an id they lack, is not). */
export function isKnownChain(chainId: number | null | undefined): chainId is number {
  return chainId !== null && chainId !== undefined && chainById(chainId) !== undefined;
}

/**
 * Why a fee reads in whole wei, not in a native token: the chain has none (Tempo) or is not known;
 * null where the chain's native token names it.
 */
export function feeUnitNote(chainId: number | null | undefined): string | null {
  return isKnownChain(chainId) ? noNativeTokenNote(chainId) : UNKNOWN_CHAIN_FEE_NOTE;
}

/** The same for a quote's transaction value (NO_NATIVE_VALUE_NOTE or UNKNOWN_CHAIN_VALUE_NOTE). */
export function valueUnitNote(chainId: number | null | undefined): string | null {
  if (!isKnownChain(chainId)) return UNKNOWN_CHAIN_VALUE_NOTE;
  return noNativeTokenNote(chainId) === null ? null : NO_NATIVE_VALUE_NOTE;
}

/** NO_NATIVE_TOKEN_NOTE for a chain the facts know to have no native token (Tempo); else null. */
export function noNativeTokenNote(chainId: number | null | undefined): string | null {
  return chainId !== null && chainId !== undefined && chainById(chainId)?.nativeSymbol === null ? NO_NATIVE_TOKEN_NOTE : null;
}
