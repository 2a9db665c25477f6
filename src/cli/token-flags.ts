import { isAddress, shortAddress } from '../domain/address-text.ts';
import { chainById, chainLabel, swapChains } from '../domain/chains.ts';
import { findDemoTokenBySymbol } from '../domain/demo-tokens.ts';
import { findListedToken } from '../domain/listed-token.ts';
import { findTokenByListedAlias, findTokenBySymbol, tokensOf } from '../domain/token-registry.ts';
import type { TokenOverride } from '../ipc/channels/compare.ts';
import { UsageError } from './compare-run.ts';
import { chainsWithBoth } from '../core/compare/plan.ts';

/**
 * `--sell` and `--buy` as the CLI takes them, the three ways the app's token picker offers a token:
 * - a registry symbol (USDC): the engine resolves it on each chain, as before; a symbol the token
 *   list gives a registry token under another name (WPOL, which the registry calls WMATIC as the
 *   service's routes do) is taken as the registry's;
 * - a demo taxed token of the local service by symbol (TAXD, FOTD): made-up addresses the registry
 *   does not hold, so it becomes an address override on each chain that has it;
 * - an address (0x + 40 hex digits): one chain's token, so an override on each chain of
 *   `--chain`/`--chains` (without `--chains`, the chains whose token list knows it). An address no
 *   list knows needs its decimals (`--sell-decimals`, `--buy-decimals`), as the app asks for them.
 * The request's symbol is then the lists' symbol, or the address's short form (the route names the
 * token in the results), as the picker writes it.
 */

/** One side of the pair: the request's symbol and the overrides it needs. */
export interface TokenSide {
  symbol: string;
  overrides: TokenOverride[];
}

function decimalsOf(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,3}$/.test(text) || Number(text) > 255) throw new UsageError(`${flag} must be a whole number from 0 to 255`);
  return Number(text);
}

/**
 * An address on each chain: the list's decimals and symbol where its list has it, else `decimals`.
 * Decimals given for a listed address are refused only where they differ from the list's, not
 * whenever the list has it: on a compare whose chains list the address on some and not others they
 * are needed for the others, and the list's own figure misleads no one. Where they differ, the
 * list's were used and the user's silently dropped, so they learn it here, before anything is sent.
 */
function addressSide(side: 'sell' | 'buy', address: string, decimals: number | undefined, chains: readonly number[] | undefined): TokenSide {
  const isListed = (chainId: number) => findListedToken(chainId, address) !== undefined;
  const on = chains ?? swapChains().map((chain) => chain.chainId).filter(isListed);
  if (on.length === 0) throw new UsageError(`--${side} ${address} is in no chain's token list: name the chain it is on with --chains, and give --${side}-decimals`);
  const symbols = new Set<string>();
  const overrides = on.map((chainId): TokenOverride => {
    const known = findListedToken(chainId, address);
    if (known) {
      if (decimals !== undefined && decimals !== known.decimals) {
        throw new UsageError(`--${side}-decimals ${decimals} disagrees with the token list of ${chainLabel(chainId)}, which gives ${address} (${known.symbol}) ${known.decimals} decimals: leave --${side}-decimals out, or check the address`);
      }
      symbols.add(known.symbol);
      return { chainId, side, address, decimals: known.decimals, symbol: known.symbol };
    }
    if (decimals === undefined) throw new UsageError(`--${side}-decimals is needed: ${address} is not in the token list of ${chainById(chainId)?.name ?? `chain ${chainId}`}`);
    return { chainId, side, address, decimals };
  });
  return { symbol: symbols.size === 1 && overrides.every((item) => item.symbol !== undefined) ? [...symbols][0]! : shortAddress(address), overrides };
}

/**
 * A symbol typed in another case (`usdc`) as the lists spell it (`USDC`), when they spell it one
 * way on the chains asked: symbols are matched exactly by the engine, and no two listed symbols
 * differ only in case, so this cannot pick the wrong token.
 */
function listedSpelling(text: string, chains: readonly number[]): string | undefined {
  const lower = text.toLowerCase();
  const spellings = new Set(chains.flatMap((chainId) => tokensOf(chainId).filter((token) => token.symbol.toLowerCase() === lower).map((token) => token.symbol)));
  return spellings.size === 1 ? [...spellings][0] : undefined;
}

/** Whether `text` names a token of the chain as tokenSide takes it: a registry symbol in any case, a listed alias, or a demo token. */
function isKnownOn(chainId: number, text: string): boolean {
  const lower = text.toLowerCase();
  return tokensOf(chainId).some((token) => token.symbol.toLowerCase() === lower) || findTokenByListedAlias(chainId, text) !== undefined || findDemoTokenBySymbol(chainId, text) !== undefined;
}

/**
 * A symbol that some named chain does not know, refused with what that chain's list has. The engine's
 * own refusal ("give its address there") is the app's advice, where an address is set per chain; here
 * `--sell 0x…` goes on every chain of `--chains`, so for a compare that advice was a dead end (BSC's
 * ETH address, sent on Ethereum too, is a token Ethereum does not have). One compare takes one symbol
 * on every chain: a chain whose list names the token otherwise (BSC lists no WETH; its ETH is the
 * Binance-Peg token) is run on its own.
 * Chains the service does not swap on are left to the engine, which says so.
 */
function refuseWhereUnknown(side: 'sell' | 'buy', text: string, chains: readonly number[]): void {
  const missing = chains.filter((chainId) => chainById(chainId)?.isSwap === true && !isKnownOn(chainId, text));
  if (missing.length === 0) return;
  // Tempo's list is empty (the facts name no token there): then only an address can be priced.
  const listed = (chainId: number) => tokensOf(chainId).map((token) => token.symbol).join(', ') || 'no token';
  if (chains.length === 1) {
    const has = tokensOf(missing[0]!).length > 0 ? `, whose token list has ${listed(missing[0]!)}: give one of them, or` : ', whose token list has no token: give';
    throw new UsageError(`--${side} ${text} is not known on ${chainLabel(missing[0]!)}${has} the token's address with --${side}-decimals`);
  }
  const where = missing.map(chainLabel).join(', ');
  const lists = missing.map((chainId) => `${chainLabel(chainId)}: ${listed(chainId)}`).join('; ');
  throw new UsageError(
    `--${side} ${text} is not known on ${where}. One compare takes one symbol (or one address) on every chain of --chains: leave ${missing.length === 1 ? 'that chain' : 'those chains'} out, or compare ${missing.length === 1 ? 'it' : 'each'} in a run of its own with a symbol its token list has (${lists})`,
  );
}

/**
 * One side of the pair from its flags (see above).
 * @param chains the chains the command names; undefined: every chain knowing the token
 * @throws UsageError for decimals that are not 0-255, decimals given with a symbol or unlike a listed address's, or an unknown address without decimals
 */
export function tokenSide(side: 'sell' | 'buy', value: string, decimalsText: string | undefined, chains: readonly number[] | undefined): TokenSide {
  const decimals = decimalsOf(`--${side}-decimals`, decimalsText);
  const text = value.trim();
  if (isAddress(text)) return addressSide(side, text, decimals, chains);
  if (decimals !== undefined) throw new UsageError(`--${side}-decimals goes with an address: ${text} is a symbol, whose decimals the token list has`);
  const onChains = chains ?? swapChains().map((chain) => chain.chainId);
  if (chains) refuseWhereUnknown(side, text, chains);
  // A registry symbol wins over a demo token's; a symbol no chain knows is left to the engine, which names the chain.
  if (onChains.some((chainId) => findTokenBySymbol(chainId, text))) return { symbol: text, overrides: [] };
  const spelled = listedSpelling(text, onChains);
  if (spelled) return { symbol: spelled, overrides: [] };
  // Another name the token list gives a registry token (WPOL): the registry's symbol, which the engine resolves.
  const aliased = new Set(onChains.flatMap((chainId) => findTokenByListedAlias(chainId, text)?.symbol ?? []));
  if (aliased.size === 1) return { symbol: [...aliased][0]!, overrides: [] };
  const demos = onChains.flatMap((chainId) => findDemoTokenBySymbol(chainId, text) ?? []);
  if (demos.length === 0) return { symbol: text, overrides: [] };
  return { symbol: demos[0]!.symbol, overrides: demos.map(({ chainId, address, decimals: digits, symbol }) => ({ chainId, side, address, decimals: digits, symbol })) };
}

/**
 * The chains and overrides of a pair from its two sides. With `--chains` given, as given. Without
 * it, a side given by address (or a demo token) is that token on the chains whose list has it,
 * and only those: the engine's default (every chain knowing both symbols) had priced Ethereum's
 * WETH for `--sell 0x4200…0006`, the WETH of the OP-stack chains, since the lists call both WETH,
 * and the title named chains (Unichain, Ink) whose override found no buy token, so were never run.
 * @throws UsageError when no chain has both
 */
export function pairChains(sell: TokenSide, buy: TokenSide, chains: number[] | undefined, flags: { sell: string; buy: string }): { chains: number[] | undefined; overrides: TokenOverride[] } {
  const overrides = [...sell.overrides, ...buy.overrides];
  const pinned = [sell, buy].filter((side) => side.overrides.length > 0);
  if (chains !== undefined || pinned.length === 0) return { chains, overrides };
  const on = chainsWithBoth(sell.symbol, buy.symbol, overrides).filter((chainId) => pinned.every((side) => side.overrides.some((item) => item.chainId === chainId)));
  if (on.length === 0) throw new UsageError(`--sell ${flags.sell} and --buy ${flags.buy} are in no chain's token list together: name the chains with --chains (an address no list knows needs its decimals)`);
  return { chains: on, overrides: overrides.filter((item) => on.includes(item.chainId)) };
}
