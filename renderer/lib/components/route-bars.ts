/**
 * Route fills grouped by hop (from -> to) with each source's share, for the RouteFills bars.
 * Shares are the fills' proportionBps of the whole trade, shown as percentages of that hop.
 */

/** A route fill as the spec gives it. */
export interface FillLike {
  from: string;
  to: string;
  source: string;
  proportionBps: string;
}

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
  parts: HopPart[];
}

/** Groups fills by hop in route order; a source keeps one colour across hops. */
export function routeHops(fills: readonly FillLike[]): RouteHop[] {
  const sources: string[] = [];
  const hops: RouteHop[] = [];
  for (const fill of fills) {
    if (!sources.includes(fill.source)) sources.push(fill.source);
    const key = `${fill.from.toLowerCase()}>${fill.to.toLowerCase()}`;
    let hop = hops.find((candidate) => `${candidate.from.toLowerCase()}>${candidate.to.toLowerCase()}` === key);
    if (!hop) {
      hop = { from: fill.from, to: fill.to, parts: [] };
      hops.push(hop);
    }
    const bps = Number(fill.proportionBps);
    hop.parts.push({ source: fill.source, bps: Number.isFinite(bps) ? bps : 0, percent: 0, series: (sources.indexOf(fill.source) % 16) + 1 });
  }
  for (const hop of hops) {
    const total = hop.parts.reduce((sum, part) => sum + part.bps, 0);
    for (const part of hop.parts) part.percent = total > 0 ? (part.bps / total) * 100 : 0;
  }
  return hops;
}

/** A percentage as text: whole numbers bare, otherwise two decimals. */
export function percentText(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
}
