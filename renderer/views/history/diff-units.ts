import { formatWithSymbol } from '../../../src/domain/number-format.ts';
import { findToken, findTokenBySymbol, type TokenInfo } from '../../../src/domain/token-registry.ts';
import type { DiffSide } from '../../lib/diff-side.ts';

/**
 * Human units beside base units in a diff: which token an amount at a JSON path is counted in.
 * `$.buyAmount`/`$.minBuyAmount` are in the buy token, `$.sellAmount` in the sell token, and an
 * `amount` inside an object with a `token` field (fees, balances) in that token.
 */

const SEGMENT = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;

/** The keys of a JSON path such as `$.fees.gasFee["a b"][0]`, or null when it is not one. */
export function pathKeys(path: string): (string | number)[] | null {
  if (!path.startsWith('$')) return null;
  const keys: (string | number)[] = [];
  let consumed = 1;
  for (const match of path.slice(1).matchAll(SEGMENT)) {
    if (match.index + 1 !== consumed) return null;
    consumed += match[0].length;
    keys.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (JSON.parse(match[3]!) as string)));
  }
  return consumed === path.length ? keys : null;
}

function at(value: unknown, keys: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function tokenOf(chainId: number, text: unknown): TokenInfo | undefined {
  if (typeof text !== 'string') return undefined;
  return text.startsWith('0x') ? findToken(chainId, text) : findTokenBySymbol(chainId, text);
}

/** The token an amount at `path` of the side's body is counted in, when the registry knows it. */
export function amountToken(path: string, side: DiffSide): TokenInfo | undefined {
  const keys = pathKeys(path);
  const last = keys?.at(-1);
  if (!keys || typeof last !== 'string' || side.chainId === null) return undefined;
  const body = side.body as { buyToken?: unknown; sellToken?: unknown } | null;
  if (/buy/i.test(last)) return tokenOf(side.chainId, body?.buyToken ?? side.query.buyToken);
  if (/sell/i.test(last)) return tokenOf(side.chainId, body?.sellToken ?? side.query.sellToken);
  return tokenOf(side.chainId, (at(side.body, keys.slice(0, -1)) as { token?: unknown } | undefined)?.token);
}

/** "1,000 USDC" for a base-unit amount at `path`, or '' when the token or the value is unknown. */
export function humanAmount(path: string, value: unknown, side: DiffSide): string {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) return '';
  const token = amountToken(path, side);
  return token ? formatWithSymbol(value, token) : '';
}
