import { hopTradeText, routeHops as hopsOf, type RouteFill, type RouteToken } from '../../../src/domain/route-hops.ts';

/**
 * Route fills grouped by hop (from -> to) with each source's share, for the RouteFills bars: the
 * hops of src/domain/route-hops.ts (each split among its own fills, never across hops), with a
 * colour per source and percentages as RouteFills writes them.
 */

/** A route fill as the spec gives it. */
export type FillLike = RouteFill;

/** One source's part of a hop. */
export interface HopPart {
  source: string;
  bps: number;
  /** Share of the hop in percent (0-100). */
  percent: number;
  /** 1-16: the --series-N colour of the source. */
  series: number;
}

/** One hop of a route. */
export interface RouteHop {
  from: string;
  to: string;
  /** "USDC → WETH". */
  label: string;
  /** "6.25% of the trade" for a hop of one of several paths; null when it carries the whole trade. */
  trade: string | null;
  parts: HopPart[];
}

/** Groups fills by hop in route order; a source keeps one colour across hops. */
export function routeHops(fills: readonly FillLike[], tokens: readonly RouteToken[] = []): RouteHop[] {
  const sources = [...new Set(fills.map((fill) => fill.source))];
  return hopsOf(fills, tokens).map((hop) => ({
    from: hop.from,
    to: hop.to,
    label: hop.label,
    trade: hopTradeText(hop),
    parts: hop.parts.map((part) => ({ source: part.source, bps: part.bps, percent: hop.bps > 0 ? (part.bps / hop.bps) * 100 : 0, series: (sources.indexOf(part.source) % 16) + 1 })),
  }));
}

/** A percentage as text: whole numbers bare, otherwise two decimals. */
export function percentText(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
}
