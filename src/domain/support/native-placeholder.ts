import { NATIVE_TOKEN_PLACEHOLDER } from '../../spec/constants.ts';
import { chainById } from '../chains.ts';

/**
 * What a support sentence calls the service's native-asset address 0xeeee…eeee when no route names
 * it. "the native token" was said on every chain: false on Tempo, which has none
 * (service-facts.json, nativeSymbol null), and unverifiable where the chain is not known. So the
 * chain's own symbol where it has one at that address, else the placeholder said for what it is.
 * @example nativePlaceholderName(1) // "ETH"
 * @example nativePlaceholderName(undefined) // "0xeeee…eeee (the native-asset placeholder; the chain is not known, so no token can be named)"
 */
export function nativePlaceholderName(chainId: number | null | undefined): string {
  const chain = chainId === null || chainId === undefined ? undefined : chainById(chainId);
  if (!chain) return `${SHORT} (the native-asset placeholder; the chain is not known, so no token can be named)`;
  if (chain.nativeSymbol === null) return `${SHORT} (the native-asset placeholder; ${chain.name} has no native token)`;
  if (chain.nativeTokenAddress?.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER.toLowerCase()) return chain.nativeSymbol;
  // Mantle: its native token has an address of its own, so the placeholder is not it there.
  return `${SHORT} (the native-asset placeholder; ${chain.name}'s ${chain.nativeSymbol} is ${chain.nativeTokenAddress})`;
}

/** Whether an address is the native-asset placeholder. */
export function isNativePlaceholder(address: unknown): boolean {
  return typeof address === 'string' && address.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER.toLowerCase();
}

const SHORT = '0xeeee…eeee';

/**
 * Texts read together in one view (a body's summary, then its facts) with the placeholder's
 * explanation said at its first mention only: a native sell with a low balance on a chain not known
 * said "(the native-asset placeholder; the chain is not known, so no token can be named)" in the
 * summary, the tax line and twice in the one issue line. Later mentions are the address alone.
 * Unchanged where the chain names the address (ETH): there is nothing to explain.
 */
export function sayPlaceholderOnce(texts: readonly string[], chainId: number | null | undefined): string[] {
  const named = nativePlaceholderName(chainId);
  if (!named.startsWith(`${SHORT} (`)) return [...texts];
  let isSaid = false;
  return texts.map((text) =>
    text.split(named).reduce((out, part) => {
      const mention = isSaid ? SHORT : named;
      isSaid = true;
      return `${out}${mention}${part}`;
    }),
  );
}
