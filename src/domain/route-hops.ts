import { shortAddress } from './address-text.ts';
/**
 * A route answer (spec, "Route object") read hop by hop, for every bar that draws one: the Compare
 * route chart, the table's small bars and the Explorer/History route. A fill's `proportionBps` is
 * its share of the trade's sell amount, so on a two-hop route USDC -> WETH -> TAXD both hops carry
 * 10000: adding the fills of different hops up (or normalising them together) turns "all via RFQ,
 * then all via Uniswap_V2" into a made-up 50/50 split. Each hop is therefore split only among its
 * own fills, and a hop that carries part of the trade (one path of several) says how much.
 */

/** A route fill as the spec gives it: token addresses, the source label and its share in bps. */
export interface RouteFill {
  from: string;
  to: string;
  source: string;
  proportionBps: string;
}

/** A token of the route as the spec gives it (route.tokens). */
export interface RouteToken {
  address: string;
  symbol: string;
}

/** One source's part of a hop. */
export interface HopPart {
  source: string;
  /** The fill's proportionBps as the answer gave it: its share of the whole trade. */
  bps: number;
  /** Its share of this hop, 0-1: bps over the hop's bps. */
  share: number;
  /** Where it starts along the hop, 0-1 (the shares of the parts before it). */
  start: number;
}

/** One hop of a route (token -> token) and the sources that fill it. */
export interface RouteHop {
  from: string;
  to: string;
  /** "USDC → WETH", the symbols from route.tokens (a shortened address where none is listed). */
  label: string;
  /** The hop's fills' bps together: the share of the trade that goes through it (10000 = all). */
  bps: number;
  parts: HopPart[];
}

const WHOLE_TRADE_BPS = 10_000;

function bpsOf(text: string): number {
  const bps = Number(text);
  return Number.isFinite(bps) && bps > 0 ? bps : 0;
}

/** The symbol route.tokens gives an address (any case), else the address shortened as every label shortens one. */
export function routeSymbol(address: string, tokens: readonly RouteToken[]): string {
  return tokens.find((token) => token.address.toLowerCase() === address.toLowerCase())?.symbol ?? shortAddress(address);
}

/** The fills grouped by hop (from -> to) in the order the answer lists them, each split among its own sources. */
export function routeHops(fills: readonly RouteFill[], tokens: readonly RouteToken[]): RouteHop[] {
  const hops: RouteHop[] = [];
  for (const fill of fills) {
    let hop = hops.find((candidate) => candidate.from.toLowerCase() === fill.from.toLowerCase() && candidate.to.toLowerCase() === fill.to.toLowerCase());
    if (!hop) {
      hop = { from: fill.from, to: fill.to, label: `${routeSymbol(fill.from, tokens)} → ${routeSymbol(fill.to, tokens)}`, bps: 0, parts: [] };
      hops.push(hop);
    }
    hop.bps += bpsOf(fill.proportionBps);
    hop.parts.push({ source: fill.source, bps: bpsOf(fill.proportionBps), share: 0, start: 0 });
  }
  for (const hop of hops) {
    let start = 0;
    for (const part of hop.parts) {
      part.share = hop.bps > 0 ? part.bps / hop.bps : 0;
      part.start = start;
      start += part.share;
    }
  }
  return hops;
}

/** True when a hop carries less than the whole trade (one of several parallel paths). */
export function isPartialHop(hop: RouteHop): boolean {
  return hop.bps < WHOLE_TRADE_BPS;
}

/** A share (0-1) in percent with one decimal, "100.0%". */
export function shareText(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/**
 * How much of the trade a hop carries, "6.25% of the trade", or null when it carries all of it. Two
 * decimals, exact for whole bps: at one, a hop of 9999 bps would read as carrying 100.0%.
 */
export function hopTradeText(hop: RouteHop): string | null {
  return isPartialHop(hop) ? `${(hop.bps / 100).toFixed(2)}% of the trade` : null;
}

/** A hop's name with the share of the trade it carries when partial: "USDC → WETH (6.25% of the trade)". */
export function hopName(hop: RouteHop): string {
  const trade = hopTradeText(hop);
  return trade ? `${hop.label} (${trade})` : hop.label;
}

/** A part's hover title, hop named: "USDC → WETH · RFQ 100.0%" (the percentage is of that hop). */
export function hopPartTitle(hop: RouteHop, part: HopPart): string {
  return `${hopName(hop)} · ${part.source} ${shareText(part.share)}`;
}
