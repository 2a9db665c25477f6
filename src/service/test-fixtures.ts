import { findTokenBySymbol } from '../domain/token-registry.ts';
import { NATIVE_TOKEN_PLACEHOLDER } from '../spec/index.ts';

/** Registry addresses used across the service tests (Ethereum and Base), by symbol. */
export function token(chainId: number, symbol: string): string {
  if (symbol === 'NATIVE') return NATIVE_TOKEN_PLACEHOLDER;
  const found = findTokenBySymbol(chainId, symbol);
  if (!found) throw new Error(`no ${symbol} on ${chainId}`);
  return found.address;
}

/** A fixed wall clock for tests that compare answers (2026-01-15T12:00:00Z). */
export const FIXED_NOW = Date.UTC(2026, 0, 15, 12);

/** A query selling 10 WETH for USDC on Ethereum, with overrides. */
export function wethToUsdc(overrides: Record<string, string> = {}): Record<string, string> {
  return { chainId: '1', sellToken: token(1, 'WETH'), buyToken: token(1, 'USDC'), sellAmount: '10000000000000000000', ...overrides };
}
