/**
 * A route fill as the terminal and the support explanations write it: its share in percent, the
 * source and the pair, "62.50% Uniswap_V3 USDC -> WETH". Fields are read as they came.
 * @param symbolOf the symbol of a token address (or the address, when none is known)
 */
export function fillText(fill: { proportionBps?: unknown; source?: unknown; from?: unknown; to?: unknown }, symbolOf: (address: unknown) => string): string {
  return `${(Number(fill.proportionBps) / 100).toFixed(2)}% ${String(fill.source)} ${symbolOf(fill.from)} -> ${symbolOf(fill.to)}`;
}
