import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/index.ts';
import { CHAINS, chainById } from './chains.ts';
import { findListedToken } from './listed-token.ts';
import { formatBaseUnits } from './units.ts';

/**
 * Which paths of a service body are token amounts, and in which token (issue 17: "bps only for
 * amount fields ... in human units beside base units"). The list is fixed, from the spec's price,
 * quote and exact-out shapes:
 * - buyAmount, minBuyAmount (buy token); sellAmount, maxSellAmount, estimatedNetSellAmount (sell token);
 * - fees.integratorFee / integratorFees[] / serviceFee / gasFee .amount (the fee entry's own token);
 * - totalNetworkFee and transaction.value (the native asset, in wei; whole wei on a chain with none);
 * - issues.balance.actual / expected (issues.balance.token), issues.allowance.actual (sell token);
 * - permit2.eip712.message.permitted.amount (the permitted token).
 * The same names at the top of a request query (sellAmount, buyAmount) are amounts too. Not amounts:
 * gas and gasPrice (a gas limit and a price per gas unit: their cost is totalNetworkFee), nonces,
 * deadlines, block numbers, chain ids, and every *Bps field.
 */

/** A token as an amount's unit: its address (null when the body does not say) and, when known, symbol and decimals. */
export interface UnitToken {
  token: string | null;
  symbol: string | null;
  decimals: number | null;
  /** Why the amount reads in this unit and names no token (UNKNOWN_CHAIN_UNIT_NOTE), when that needs saying. */
  note?: string;
}

/**
 * An amount field's token and, when the token is known, its values in human units. The token is
 * the second body's (both bodies' when they agree); `before` is the first body's when it names
 * another (another pair, another fee token): the two values are then amounts of different tokens.
 */
export interface AmountUnit extends UnitToken {
  /** Human-unit value before / after (null when not base units or decimals unknown), each in its own body's token. */
  beforeHuman?: string | null;
  afterHuman?: string | null;
  before?: UnitToken;
}

type TokenSource = 'buy' | 'sell' | 'native' | 'sibling' | 'balance';

/** Said under a native amount (read in wei) whose chain is not known: why no token is named. */
export const UNKNOWN_CHAIN_UNIT_NOTE = 'chain not known, so no token can be named';

const AMOUNT_PATHS: Record<string, TokenSource> = {
  '$.buyAmount': 'buy',
  '$.minBuyAmount': 'buy',
  '$.sellAmount': 'sell',
  '$.maxSellAmount': 'sell',
  '$.estimatedNetSellAmount': 'sell',
  '$.fees.integratorFee.amount': 'sibling',
  '$.fees.integratorFees[].amount': 'sibling',
  '$.fees.serviceFee.amount': 'sibling',
  '$.fees.gasFee.amount': 'sibling',
  '$.totalNetworkFee': 'native',
  '$.transaction.value': 'native',
  '$.issues.balance.actual': 'balance',
  '$.issues.balance.expected': 'balance',
  '$.issues.allowance.actual': 'sell',
  '$.permit2.eip712.message.permitted.amount': 'sibling',
};

/** The amount kind of a JSON path (array indices ignored), or null when the path is not an amount. */
export function amountPathOf(path: string): string | null {
  const normalised = path.replace(/\[\d+\]/g, '[]');
  return Object.hasOwn(AMOUNT_PATHS, normalised) ? normalised : null;
}

/** Whether a JSON path is one of the spec's token amounts. */
export function isAmountPath(path: string): boolean {
  return amountPathOf(path) !== null;
}

function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const match of path.slice(1).matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[match[1] ?? Number(match[2])];
  }
  return node;
}

function tokenAddress(source: TokenSource, path: string, root: unknown): string | null {
  const pick = (value: unknown) => (typeof value === 'string' ? value : null);
  switch (source) {
    case 'buy':
      return pick(valueAt(root, '$.buyToken'));
    case 'sell':
      return pick(valueAt(root, '$.sellToken'));
    case 'native':
      return NATIVE_TOKEN_PLACEHOLDER;
    case 'balance':
      return pick(valueAt(root, '$.issues.balance.token')) ?? pick(valueAt(root, '$.sellToken'));
    case 'sibling':
      return pick(valueAt(root, `${path.replace(/\.amount$/, '')}.token`));
  }
}

function describeToken(address: string, chainId: number | undefined): Omit<UnitToken, 'token'> {
  if (address.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER.toLowerCase()) {
    const chain = chainId === undefined ? undefined : chainById(chainId);
    // No native token (Tempo): the fee and a call's value are wei of no token the service names, read
    // whole as every other screen reads them; by 18 decimals they read as a native amount nobody gave.
    if (chain?.nativeSymbol === null) return { symbol: 'wei', decimals: 0 };
    // No chain known (an imported entry, a request that failed before its chain was checked): wei
    // too, and said why no token is named; by 18 decimals it read as a bare amount of a guessed token.
    if (!chain) return { symbol: 'wei', decimals: 0, note: UNKNOWN_CHAIN_UNIT_NOTE };
    return { symbol: chain.nativeSymbol, decimals: 18 };
  }
  const chains = chainId === undefined ? CHAINS.map((chain) => chain.chainId) : [chainId, ...CHAINS.map((chain) => chain.chainId)];
  for (const id of chains) {
    const token = findListedToken(id, address);
    if (token) return { symbol: token.symbol, decimals: token.decimals };
  }
  return { symbol: null, decimals: null };
}

function human(value: unknown, decimals: number | null): string | null {
  if (decimals === null || typeof value !== 'string' || !/^(0|[1-9][0-9]*)$/.test(value)) return null;
  return formatBaseUnits(BigInt(value), decimals);
}

/** The unit of an amount at `path` (a key of AMOUNT_PATHS after amountPathOf), read from the bodies. */
export function amountUnitOf(amountPath: string, frame: { path: string; before: unknown; after: unknown }, roots: { before: unknown; after: unknown }, chains: { before?: number | undefined; after?: number | undefined } = {}): AmountUnit | null {
  const source = AMOUNT_PATHS[amountPath]!;
  const beforeToken = tokenAddress(source, frame.path, roots.before);
  const afterToken = tokenAddress(source, frame.path, roots.after);
  const unitOf = (token: string | null, chainId: number | undefined): UnitToken => ({ token, ...(token === null ? { symbol: null, decimals: null } : describeToken(token, chainId)) });
  const after = unitOf(afterToken ?? beforeToken, chains.after);
  // Each value in the token its own body names, on its own chain (the native placeholder is ETH on
  // one, POL on another): a first body's USDC amount read in the second's DAI decimals is a wrong figure.
  const isOtherChain = chains.before !== undefined && chains.after !== undefined && chains.before !== chains.after;
  const isOtherToken = isOtherChain || (beforeToken !== null && afterToken !== null && beforeToken.toLowerCase() !== afterToken.toLowerCase());
  const before = isOtherToken ? unitOf(beforeToken ?? afterToken, chains.before) : after;
  return { ...after, beforeHuman: human(frame.before, before.decimals), afterHuman: human(frame.after, after.decimals), ...(isOtherToken ? { before } : {}) };
}
