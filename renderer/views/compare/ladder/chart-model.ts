import type { AllowanceModel } from '../../../../src/domain/compare.ts';
import type { Crossover } from '../../../../src/domain/ladder.ts';
import type { LadderChain } from './ladder-chains.ts';

/**
 * Geometry of one chain's ladder chart, kept out of the component so it is plain and tested:
 * x is log10 of the size, y the net output per unit sold; only net figures are placed on y.
 */

/** The drawing box. */
export const BOX = { width: 460, height: 240, left: 78, right: 16, top: 32, bottom: 40 } as const;

// Half a crossover label ("≈ 12.3k USDC" is about 80 px): a label centred closer than this to
// the box's edge would be cut, so it is anchored at its end (right edge) or start (left edge).
const LABEL_HALF = 44;
/** Space (px) kept between two crossover labels on one row. */
const LABEL_SPACE = 6;

/** Where a label anchored at `at` spans, left to right. */
function labelExtent(at: number, anchor: 'start' | 'middle' | 'end'): { from: number; to: number } {
  if (anchor === 'end') return { from: at - 2 * LABEL_HALF, to: at };
  if (anchor === 'start') return { from: at, to: at + 2 * LABEL_HALF };
  return { from: at - LABEL_HALF, to: at + LABEL_HALF };
}

/** Width (px) of a character of an x label at 11 px: digits, bold (the selected size) included, are at most 7. */
export const X_LABEL_CHAR = 7;
/** Space (px) kept between two x labels on one row. */
const X_LABEL_SPACE = 6;
/** Distance (px) from one row of x labels to the next. */
export const X_LABEL_ROW = 13;

/**
 * The row of each x label (0 just under the axis, 1 under it, ...), for labels centred on their
 * ticks: each goes on the first row whose last label it clears, so neighbours that would overlap
 * ("100,000" and "1,000,000" 52 px apart, eight sizes over seven decades) read one above the other.
 */
export function xLabelRows(ticks: readonly { x: number }[], labels: readonly string[]): number[] {
  const rows: number[] = new Array<number>(ticks.length).fill(0);
  const rowEnds: number[] = [];
  const order = ticks.map((tick, index) => ({ x: tick.x, index })).sort((a, b) => a.x - b.x);
  for (const { x, index } of order) {
    const half = (X_LABEL_CHAR * labels[index]!.length) / 2;
    let row = rowEnds.findIndex((end) => x - half >= end + X_LABEL_SPACE);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = x + half;
    rows[index] = row;
  }
  return rows;
}

/** A placed point of one model. */
export interface PlacedPoint {
  x: number;
  y: number;
  size: number;
  amountIndex: number;
}

/** A size where a model has no net figure, and why. */
export interface Gap {
  x: number;
  size: number;
  /** The amount sold in base units, which the gap is named by. */
  sellAmount: bigint;
  model: AllowanceModel;
  reason: string;
}

/** Everything the chart draws. */
export interface ChartModel {
  series: Record<AllowanceModel, PlacedPoint[]>;
  gaps: Gap[];
  /** One tick per priced size, named by the base units it sold and its place in the ladder (two sizes may share a float). */
  xTicks: { x: number; size: number; sellAmount: bigint; amountIndex: number }[];
  yTicks: { y: number; value: number }[];
  /** Significant digits the y labels need to tell their ticks apart. */
  ySignificant: number;
  /** Each crossover's x and its label row (0 top, 1 below it). */
  crossovers: { x: number; crossover: Crossover; row: 0 | 1; anchor: 'start' | 'middle' | 'end' }[];
  hasNet: boolean;
}

const MODELS: readonly AllowanceModel[] = ['allowance-holder', 'permit2'];

function side(point: LadderChain['points'][number], model: AllowanceModel) {
  return model === 'allowance-holder' ? point.allowanceHolder : point.permit2;
}

function gapReason(figure: ReturnType<typeof side>, buySymbol: string, row: LadderChain['points'][number]['row']): string {
  // No rate and no reason: the chain's rate request has not answered yet (build-row.ts).
  if (figure.kind === 'fee-not-priced' && !row.networkFeeRate && !row.feeNotPriced) return 'network fee rate pending';
  if (figure.kind === 'fee-not-priced') return row.feeNotPriced ?? `network fee not priced in ${buySymbol}`;
  if (figure.kind === 'no-price') return figure.reason;
  return '';
}

function xScale(sizes: number[]): (size: number) => number {
  const logs = sizes.map(Math.log10);
  let low = Math.min(...logs);
  let high = Math.max(...logs);
  // Half a decade either side of a single size; a little room at the ends otherwise.
  const pad = high - low < 1e-9 ? 0.5 : (high - low) * 0.06;
  low -= pad;
  high += pad;
  const span = BOX.width - BOX.left - BOX.right;
  return (size) => BOX.left + ((Math.log10(size) - low) / (high - low)) * span;
}

function yScale(values: number[]): { y: (value: number) => number; ticks: number[] } {
  let low = Math.min(...values);
  let high = Math.max(...values);
  const pad = high - low < Math.abs(high) * 1e-9 ? Math.abs(high) * 0.001 || 1 : (high - low) * 0.08;
  low -= pad;
  high += pad;
  const span = BOX.height - BOX.top - BOX.bottom;
  const y = (value: number) => BOX.top + (1 - (value - low) / (high - low)) * span;
  return { y, ticks: [low + pad, (low + high) / 2, high - pad] };
}

/** The chart of one chain. */
export function chartModel(chain: LadderChain): ChartModel {
  const sizes = chain.points.map((point) => point.size);
  const x = xScale(sizes.length > 0 ? sizes : [1]);
  const values = chain.points.flatMap((point) => MODELS.map((model) => side(point, model)).flatMap((figure) => (figure.kind === 'net' ? [figure.perUnit] : [])));
  const { y, ticks } = yScale(values.length > 0 ? values : [0]);
  const series: ChartModel['series'] = { 'allowance-holder': [], permit2: [] };
  const gaps: Gap[] = [];
  for (const point of chain.points) {
    for (const model of MODELS) {
      const figure = side(point, model);
      if (figure.kind === 'net') series[model].push({ x: x(point.size), y: y(figure.perUnit), size: point.size, amountIndex: point.row.amountIndex });
      else if (point.row[model === 'allowance-holder' ? 'allowanceHolder' : 'permit2'].state !== 'not-requested') {
        gaps.push({ x: x(point.size), size: point.size, sellAmount: point.sellAmount, model, reason: gapReason(figure, chain.buy.symbol, point.row) });
      }
    }
  }
  // A label goes on the first row where it clears the first row's last label, by where each really
  // spans (a label anchored at its end reaches further left than a centred one); else on the second.
  const crossovers: ChartModel['crossovers'] = [];
  let firstRowEnd = -Infinity;
  for (const item of chain.crossover.kind === 'crossovers' ? chain.crossover.crossovers : []) {
    const at = x(item.size);
    const anchor = at + LABEL_HALF > BOX.width ? 'end' : at - LABEL_HALF < 0 ? 'start' : 'middle';
    const extent = labelExtent(at, anchor);
    const row = extent.from >= firstRowEnd + LABEL_SPACE ? 0 : 1;
    if (row === 0) firstRowEnd = extent.to;
    crossovers.push({ x: at, crossover: item, row, anchor });
  }
  return {
    series,
    gaps,
    xTicks: chain.points.map((point) => ({ x: x(point.size), size: point.size, sellAmount: point.sellAmount, amountIndex: point.row.amountIndex })),
    yTicks: values.length > 0 ? ticks.map((value) => ({ y: y(value), value })) : [],
    ySignificant: significantFor(ticks),
    crossovers,
    hasNet: values.length > 0,
  };
}

/** Enough significant digits that ticks `step` apart read differently (at least 4, at most 12). */
export function significantFor(ticks: readonly number[]): number {
  const step = Math.abs((ticks.at(-1) ?? 0) - (ticks[0] ?? 0)) / Math.max(1, ticks.length - 1);
  const largest = Math.max(...ticks.map(Math.abs));
  if (step === 0 || largest === 0) return 4;
  return Math.min(12, Math.max(4, Math.ceil(Math.log10(largest / step)) + 2));
}

/** An SVG polyline's points attribute. */
export function pathOf(points: readonly PlacedPoint[]): string {
  return points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
}

/** A per-unit float as the y axis writes it, through the app's number formatter. */
export function perUnitText(value: number, decimals: number, significant: number, format: (base: bigint, decimals: number, significant: number) => string): string {
  return format(BigInt(Math.round(value * 10 ** decimals)), decimals, significant);
}
