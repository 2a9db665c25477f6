import type { CompareRowWire, ModelSideWire } from '../../../src/ipc/channels/compare.ts';
import { hopName, routeHops, type RouteHop } from '../../../src/domain/route-hops.ts';

/**
 * Where the route chart draws each bar. A lane (one model's route on one chain) has one bar per hop:
 * a single-hop route keeps the one bar it always had, a route through WETH gets a bar for
 * USDC → WETH and one for WETH → TAXD, each split among that hop's own sources (route-hops.ts).
 */

/** Height of one bar. */
export const BAR = 12;
/** Between the bars of one lane, and between two single-bar lanes. */
const GAP = 2;
/** Between the lanes of a row when one has several bars, so the two models' hops read apart. */
const LANE_GAP = 8;
/** Below each chain's lanes. */
const ROW_GAP = 8;
/** Above the first row. */
const TOP = 4;
/** Roughly the width of one character of the 11 px hop labels, to size their column. */
const CHAR_WIDTH = 6.2;

/** One bar: a hop of a lane's route, or an empty track when the side has no fills. */
export interface ChartBar {
  y: number;
  hop: RouteHop | null;
  /** The hop's name beside the bar when the lane has several hops; a single-hop lane has none. */
  label: string | null;
}

/** One model's route on one chain. */
export interface ChartLane {
  model: ModelSideWire['model'];
  bars: ChartBar[];
}

/** One chain's lanes and where its name sits. */
export interface ChartRow {
  chainId: number;
  chainName: string;
  labelY: number;
  lanes: ChartLane[];
}

/** The chart's rows, its height and the width of its hop-label column (0 when no route has several hops). */
export interface RouteChartLayout {
  rows: ChartRow[];
  /** The models drawn, in lane order: those the run asked for (a model not requested has no lane). */
  models: ModelSideWire['model'][];
  height: number;
  hopLabelWidth: number;
  hasMultiHop: boolean;
}

/** A row's sides in lane order, with the model each prices. */
const SIDES = [
  { key: 'allowanceHolder', model: 'allowance-holder' },
  { key: 'permit2', model: 'permit2' },
] as const;

function laneOf(side: ModelSideWire): { model: ModelSideWire['model']; hops: RouteHop[] } {
  return { model: side.model, hops: routeHops(side.fills, side.routeTokens) };
}

/**
 * Lays the rows out top to bottom, a lane per model the run asked for on each chain (Allowance
 * Holder above Permit2). A one-model run draws one lane: an empty Permit2 track under "lower bar
 * Permit2" read as a route that filled nothing, for a model that was never asked.
 */
export function routeChartLayout(rows: readonly CompareRowWire[]): RouteChartLayout {
  let y = TOP;
  let longest = 0;
  const sides = SIDES.filter(({ key }) => rows.some((row) => row[key].state !== 'not-requested'));
  const laidOut = rows.map((row) => {
    const lanes = sides.map(({ key }) => laneOf(row[key]));
    const isMulti = lanes.some((lane) => lane.hops.length > 1);
    const top = y;
    const chartLanes = lanes.map((lane, index) => {
      if (index > 0) y += isMulti ? LANE_GAP : GAP;
      const hops: (RouteHop | null)[] = lane.hops.length > 0 ? lane.hops : [null];
      const bars = hops.map((hop, at) => {
        const label = hop && lane.hops.length > 1 ? hopName(hop) : null;
        longest = Math.max(longest, label?.length ?? 0);
        const bar = { y: y + at * (BAR + GAP), hop, label };
        return bar;
      });
      y += hops.length * BAR + (hops.length - 1) * GAP;
      return { model: lane.model, bars };
    });
    const labelY = top + Math.round((y - top) / 2) + 3;
    y += ROW_GAP;
    return { chainId: row.chainId, chainName: row.chainName, labelY, lanes: chartLanes };
  });
  const lanesHigh = Math.max(sides.length, 1) * (BAR + GAP) - GAP;
  return { rows: laidOut, models: sides.map(({ model }) => model), height: Math.max(y, TOP + lanesHigh + ROW_GAP) + TOP, hopLabelWidth: longest > 0 ? Math.ceil(longest * CHAR_WIDTH) + 12 : 0, hasMultiHop: longest > 0 };
}
