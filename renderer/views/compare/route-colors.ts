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

interface Fill {
  from: string;
  to: string;
  source: string;
  proportionBps: string;
}

/** A route's share by source as fractions of 1 (every hop counted, normalised), in first-seen order. */
export function compositionOf(fills: readonly Fill[]): { source: string; start: number; share: number }[] {
  const totals: { source: string; bps: number }[] = [];
  for (const fill of fills) {
    const found = totals.find((item) => item.source === fill.source);
    if (found) found.bps += Number(fill.proportionBps);
    else totals.push({ source: fill.source, bps: Number(fill.proportionBps) });
  }
  const sum = totals.reduce((total, item) => total + item.bps, 0);
  let start = 0;
  return totals.map((item) => {
    const share = sum === 0 ? 0 : item.bps / sum;
    const part = { source: item.source, start, share };
    start += share;
    return part;
  });
}

/** One source's segment of a hop's bar, in a 0-10000 range. */
export interface BarPart {
  source: string;
  start: number;
  width: number;
}

/**
 * A route's small bars, one per hop (from -> to, in route order), each hop's fills laid out in a
 * 0-10000 range normalised to that hop's total: a two-hop route's second hop is drawn in its own
 * lane instead of past the end of the first (issue 11, case 6).
 */
export function hopBars(fills: readonly Fill[]): BarPart[][] {
  const hops = new Map<string, Fill[]>();
  for (const fill of fills) {
    const key = `${fill.from.toLowerCase()}>${fill.to.toLowerCase()}`;
    hops.set(key, [...(hops.get(key) ?? []), fill]);
  }
  return [...hops.values()].map((hop) => {
    const total = hop.reduce((sum, fill) => sum + Math.max(0, Number(fill.proportionBps) || 0), 0);
    let start = 0;
    return hop.map((fill) => {
      const width = total === 0 ? 0 : (Math.max(0, Number(fill.proportionBps) || 0) / total) * 10_000;
      const part = { source: fill.source, start, width };
      start += width;
      return part;
    });
  });
}

/** The series number (1-16) of a source, for components that take a number rather than a class. */
export function seriesNumber(source: string, sources: readonly string[]): number {
  return Number(seriesClass(source, sources).slice('series-'.length));
}
