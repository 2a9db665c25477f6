import type { CompareRowWire } from '../../../src/ipc/channels/compare.ts';

/**
 * One colour per liquidity source for a whole run, so a source has the same colour in every
 * chart, small bar and detail, and no two sources of a run share one while the run has at most
 * SERIES sources (the local service's chains route through 13 in all). Colours are theme series
 * (--series-1..16, light and dark) chosen by class.
 */

/** How many distinct source colours the theme has. */
export const SERIES = 16;

/** Every source of a run's routes, sorted, so the colour of a source does not depend on row order. */
export function sourcesOf(rows: readonly CompareRowWire[]): string[] {
  return [...new Set(rows.flatMap((row) => [...row.allowanceHolder.fills, ...row.permit2.fills].map((fill) => fill.source)))].sort((a, b) => a.localeCompare(b));
}

/** The series class of a source (`series-1` ... `series-16`), by its place in the run's sorted sources. */
export function seriesClass(source: string, sources: readonly string[]): string {
  const index = sources.indexOf(source);
  return `series-${((index < 0 ? sources.length : index) % SERIES) + 1}`;
}

/** The series number (1-16) of a source, for components that take a number rather than a class. */
export function seriesNumber(source: string, sources: readonly string[]): number {
  return Number(seriesClass(source, sources).slice('series-'.length));
}
