import { ignoresQuery, NATIVE_TOKEN_PLACEHOLDER } from '../../spec/index.ts';
import { isAddress } from '../address-text.ts';
import { chainById } from '../chains.ts';
import { findTokenBySymbol, nativeOf, tokensOf } from '../token-registry.ts';
import { chainIdFromName, historicalChainName, isServedChain } from './chain-names.ts';
import { fixed, has, rename, unfixed, type LintContext } from './lint-context.ts';
import { scaleFraction, V1_PARAMS } from './v1-params.ts';

/**
 * The parameter rules: v1 names and units, chainId as a name, symbols where addresses belong.
 */

function unitChange(ctx: LintContext, from: string, to: string, why: string): void {
  const value = ctx.params[from] ?? '';
  const bps = scaleFraction(value, 4);
  if (bps === null) {
    delete ctx.params[from];
    unfixed(ctx, { code: 'UNIT_CHANGE', severity: 'error', field: from, message: `${from}=${value} is a v1 parameter and not a plain fraction. ${why}.`, fix: `set ${to} in basis points yourself (0.01 = 1 % = 100 Bps)` });
    return;
  }
  rename(ctx, from, to, bps);
  fixed(ctx, { code: 'UNIT_CHANGE', severity: 'error', field: from, message: `${from}=${value} is a v1 parameter: ${why}.`, fix: `use ${to}=${bps} (${value} = ${Number(bps) / 100} % = ${bps} Bps)` });
}

/** Renames v1 parameters, converts their units and drops the removed ones. */
export function lintV1Params(ctx: LintContext): void {
  for (const name of Object.keys(ctx.params)) {
    const rule = Object.hasOwn(V1_PARAMS, name) ? V1_PARAMS[name]! : undefined;
    if (!rule) continue;
    if (rule.kind === 'renamed') {
      rename(ctx, name, rule.to);
      fixed(ctx, { code: 'V1_PARAM', severity: 'error', field: name, message: `${name} is a v1 parameter name; v2 refuses it.`, fix: `use ${rule.to}` });
    } else if (rule.kind === 'unit') unitChange(ctx, name, rule.to, rule.why);
    else {
      delete ctx.params[name];
      fixed(ctx, { code: 'V1_PARAM', severity: 'warning', field: name, message: `${name} is a v1 parameter: ${rule.why}.`, fix: `remove ${name}` });
    }
  }
}

/**
 * A parameter given more than once: the service refuses the request (400 INPUT_INVALID, "is given
 * more than once"). The corrected request keeps its first value; when the values differ, which
 * one was meant is left to the user.
 */
export function lintRepeated(ctx: LintContext, repeated: Record<string, string[]>): void {
  // A chain list ignores its whole query (lintIgnoredQuery), repeats included.
  if (ctx.endpoint !== null && ignoresQuery(ctx.endpoint)) return;
  for (const [name, values] of Object.entries(repeated)) {
    ctx.params[name] = values[0]!;
    const isSame = values.every((value) => value === values[0]);
    const finding = { code: 'PARAM_REPEATED', severity: 'error', field: name, message: `${name} is given ${values.length} times (${values.join(', ')}); the service refuses a parameter given more than once.` } as const;
    if (isSame) fixed(ctx, { ...finding, fix: `give ${name} once` });
    else unfixed(ctx, { ...finding, fix: `give ${name} once, with the value you mean (the corrected request keeps the first, ${values[0]})` });
  }
}

// A chain id the service does not swap on is refused (400 INPUT_INVALID on chainId): the app's chain list says which.
function lintServedChain(ctx: LintContext, id: number): void {
  if (isServedChain(id)) return;
  const name = historicalChainName(id);
  unfixed(ctx, { code: 'CHAIN_NOT_SUPPORTED', severity: 'error', field: 'chainId', message: `chainId=${id} is not a chain the service supports${name ? ` (${name} is no longer served)` : ''}; it answers 400 INPUT_INVALID.`, fix: 'use a chain from GET /swap/chains (e.g. 1 for Ethereum, 8453 for Base)' });
}

/** chainId given as a name (`base`) gets its number; a chain the service does not swap on is a finding. */
export function lintChainId(ctx: LintContext): void {
  const value = ctx.params.chainId;
  if (value === undefined || /^\d+$/.test(value.trim())) {
    if (value === undefined) return;
    ctx.chainId = Number(value.trim());
    lintServedChain(ctx, ctx.chainId);
    return;
  }
  const id = chainIdFromName(value);
  if (id === undefined) {
    unfixed(ctx, { code: 'CHAIN_NAME', severity: 'error', field: 'chainId', message: `chainId=${value} is not a number, and no chain of that name is known.`, fix: 'use the chain\'s number from GET /swap/chains (e.g. 1 for Ethereum, 8453 for Base)' });
    return;
  }
  ctx.params.chainId = String(id);
  ctx.chainId = id;
  fixed(ctx, { code: 'CHAIN_NAME', severity: 'error', field: 'chainId', message: `chainId=${value} is a name; chainId is a number from GET /swap/chains.`, fix: `use chainId=${id}` });
  lintServedChain(ctx, id);
}

const SYMBOL = /^[A-Za-z][A-Za-z0-9.$+-]{0,15}$/;

function addressOfSymbol(chainId: number | null, symbol: string): string | undefined {
  if (chainId === null) return /^eth$/i.test(symbol) ? NATIVE_TOKEN_PLACEHOLDER : undefined;
  const native = nativeOf(chainId);
  if (native && native.symbol.toLowerCase() === symbol.toLowerCase()) return native.address;
  const exact = findTokenBySymbol(chainId, symbol);
  if (exact) return exact.address;
  return tokensOf(chainId).find((token) => token.symbol.toLowerCase() === symbol.toLowerCase())?.address;
}

function lintSymbol(ctx: LintContext, field: string, symbol: string): string {
  const address = addressOfSymbol(ctx.chainId, symbol);
  const chain = ctx.chainId === null ? 'this chain' : (chainById(ctx.chainId)?.name ?? `chain ${ctx.chainId}`);
  if (address === undefined) {
    unfixed(ctx, { code: 'SYMBOL_NOT_ADDRESS', severity: 'error', field, message: `${field}=${symbol} is a symbol; the service takes token addresses, and ${symbol} is not in the app's token list for ${chain}.`, fix: `use the token's contract address on ${chain} (0x + 40 hex digits)` });
    return symbol;
  }
  fixed(ctx, { code: 'SYMBOL_NOT_ADDRESS', severity: 'error', field, message: `${field}=${symbol} is a symbol; the service takes token addresses.`, fix: `use ${field}=${address} (${symbol} on ${chain}${address === NATIVE_TOKEN_PLACEHOLDER ? ', the native-asset address' : ''})` });
  return address;
}

/** v1 took buyTokenPercentageFee in the buy token; v2 lets the service choose unless swapFeeToken says so, so it is kept. */
export function keepV1FeeToken(ctx: LintContext): void {
  const fromV1 = ctx.findings.some((finding) => finding.code === 'UNIT_CHANGE' && finding.field === 'buyTokenPercentageFee');
  if (fromV1 && has(ctx, 'swapFeeBps') && !has(ctx, 'swapFeeToken') && has(ctx, 'buyToken')) ctx.params.swapFeeToken = ctx.params.buyToken!;
}

/** Symbols in sellToken, buyToken and swapFeeToken get the registry address of the chain. */
export function lintSymbols(ctx: LintContext): void {
  for (const field of ['sellToken', 'buyToken', 'swapFeeToken']) {
    const value = ctx.params[field];
    if (value === undefined || value === '') continue;
    const items = value.split(',').map((item) => item.trim());
    if (items.every((item) => isAddress(item) || !SYMBOL.test(item))) continue;
    ctx.params[field] = items.map((item) => (isAddress(item) || !SYMBOL.test(item) ? item : lintSymbol(ctx, field, item))).join(',');
  }
}
