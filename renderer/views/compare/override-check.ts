import type { TokenOverride } from '../../../src/ipc/channels/compare.ts';
import { isAddress as isTextAddress, shortAddress } from '../../../src/domain/address-text.ts';
import { chainName } from '../../../src/domain/chains.ts';
import { findToken, tokensOf } from '../../../src/domain/token-registry.ts';
import { DEMO_TAX_TOKENS, findDemoToken } from '../../../src/domain/demo-tokens.ts';
import type { OverrideDraft } from '../../lib/state/compare-form.svelte.ts';

/**
 * In-place checks of the form's per-chain address overrides (issue 11, case 3): an address the
 * token list does not know needs its decimals typed, and a malformed address, decimals or symbol
 * is named where it was typed. While any problem is shown, the run is not started.
 */

/** One problem of one override field. */
export interface OverrideProblem {
  field: 'Address' | 'Decimals' | 'Symbol';
  message: string;
}


/** Whether a typed decimals value is usable (a whole number 0-255). */
export function isDecimals(text: string): boolean {
  return /^[0-9]{1,3}$/.test(text.trim()) && Number(text.trim()) <= 255;
}

/** Whether a typed address is a 20-byte hex address. */
export function isAddress(text: string): boolean {
  return isTextAddress(text.trim());
}

/** The problems of one override row; an empty address means an unused row (no problem). */
export function overrideProblems(draft: OverrideDraft): OverrideProblem[] {
  const address = draft.address.trim();
  const decimals = draft.decimals.trim();
  const problems: OverrideProblem[] = [];
  if (address === '') return problems;
  if (!isAddress(address)) problems.push({ field: 'Address', message: 'must be 0x and 40 hex digits' });
  if (decimals !== '' && !isDecimals(decimals)) problems.push({ field: 'Decimals', message: 'must be a whole number from 0 to 255' });
  if (draft.symbol.trim().length > 40) problems.push({ field: 'Symbol', message: 'must be at most 40 characters' });
  if (isAddress(address) && decimals === '' && !findToken(draft.chainId, address) && !findDemoToken(draft.chainId, address)) {
    const chain = chainName(draft.chainId);
    problems.push({ field: 'Decimals', message: `${shortAddress(address)} is not in the token list of ${chain}: type its decimals (the symbol too, or it is read from the route)` });
  }
  return problems;
}

/** The override as the engine takes it, or null while its fields are not usable. */
export function parseOverride(draft: OverrideDraft): TokenOverride | null {
  const address = draft.address.trim();
  if (!isAddress(address)) return null;
  const decimals = draft.decimals.trim();
  if (decimals !== '' && !isDecimals(decimals)) return null;
  // A demo token of the local service is known here, not to the engine's registry: its decimals and symbol go along.
  const demo = findDemoToken(draft.chainId, address);
  const symbol = draft.symbol.trim() || demo?.symbol || '';
  const digits = decimals || (demo ? String(demo.decimals) : '');
  return { chainId: draft.chainId, side: draft.side, address, ...(digits ? { decimals: Number(digits) } : {}), ...(symbol ? { symbol } : {}) };
}

/** A choice of the token picker: a registry or demo token of the chain. */
export interface TokenChoice {
  address: string;
  /** What the picker shows and searches besides the address: symbol, name or kind, decimals, tax. */
  label: string;
}

/** The tokens the picker offers on a chain: the registry's, then the local service's demo taxed tokens. */
export function tokenChoices(chainId: number): TokenChoice[] {
  const registry = tokensOf(chainId).map((token) => ({ address: token.address, label: `${token.symbol} · ${token.kind === 'token' ? 'token' : token.kind} · ${token.decimals} decimals` }));
  const demo = DEMO_TAX_TOKENS.filter((token) => token.chainId === chainId).map((token) => ({ address: token.address, label: `${token.symbol} · ${token.name} (local service, taxed) · ${token.decimals} decimals` }));
  return [...registry, ...demo];
}

/** What the typed address is known as on the chosen chain, or null when it is unknown or not an address yet. */
export function overrideHint(draft: OverrideDraft): string | null {
  if (!isAddress(draft.address)) return null;
  const known = findToken(draft.chainId, draft.address);
  if (known) return `${known.symbol} · ${known.decimals} decimals`;
  const demo = findDemoToken(draft.chainId, draft.address);
  if (demo) return `${demo.symbol} · ${demo.decimals} decimals · demo token with taxes (buy ${demo.taxes.buyTaxBps ?? '?'} / sell ${demo.taxes.sellTaxBps ?? '?'} / transfer ${demo.taxes.transferTaxBps ?? '?'} bps)`;
  return null;
}

/** A saved run's override back as a form row. */
export function overrideDraftOf(override: TokenOverride): OverrideDraft {
  return { chainId: override.chainId, side: override.side, address: override.address, decimals: override.decimals === undefined ? '' : String(override.decimals), symbol: override.symbol ?? '' };
}
