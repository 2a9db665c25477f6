import { cheaperFeeOf, runFailedText, type AllowanceModel, type ModelSide } from './compare.ts';
import { bpsDifference } from './units.ts';

/**
 * The size ladder's maths (issue 11, "Sizes"): the same pair at several amounts, both models; per
 * size the net output per unit sold, and the sizes where the better model flips.
 *
 * Net means buy amount minus the network fee priced in the buy token (the comparison's own net,
 * read by `netFigure` alone, so the ladder and the single-size table can never disagree). A point
 * whose fee could not be priced is kept as `fee-not-priced`, never plotted as if gross were net,
 * and takes no part in the verdict or the crossover: nothing is called better unless both sides
 * were priced net.
 *
 * Which model is better at a point is decided exactly, on bigint net amounts (both sides sold the
 * same amount, so the larger net is the larger per-unit figure), equal nets on equal buys by the
 * cheaper network fee (cheaperFeeOf, as the single-size verdict); floats only place the crossover
 * between two sizes, by linear interpolation of the relative difference on a log10 size axis.
 */

/** The most amounts one ladder may hold. */
export const MAX_LADDER_AMOUNTS = 8;

/**
 * What the ladder reads of one model side; the network fee in the native token breaks a tie of two
 * equal nets on equal buys (cheaperFeeOf), as the single-size table's verdict does.
 */
export type LadderSide = Pick<ModelSide, 'state' | 'buyAmount' | 'netBuyAmount' | 'errorName'> & Partial<Pick<ModelSide, 'totalNetworkFee'>>;

/** One size of one chain. */
export interface LadderPointInput {
  /** The size in human units of the sell token (the x axis). */
  size: number;
  sellAmount: bigint;
  sellDecimals: number;
  buyDecimals: number;
  allowanceHolder: LadderSide;
  permit2: LadderSide;
}

/** One model at one size: a net per-unit figure, a price whose fee was not priced, or no price. */
export type NetFigure =
  | { kind: 'net'; net: bigint; perUnit: number; perUnitBase: bigint }
  | { kind: 'fee-not-priced'; gross: bigint; grossPerUnit: number; grossPerUnitBase: bigint }
  | { kind: 'no-price'; reason: string };

/** One size of the ladder, both models. */
export interface LadderPoint {
  size: number;
  /** The amount sold in sell-token base units: what a priced size is labelled with (`size` is a float for the axis). */
  sellAmount: bigint;
  allowanceHolder: NetFigure;
  permit2: NetFigure;
  /** Null unless both sides are net-priced. */
  better: AllowanceModel | 'tie' | null;
  /** Permit2's net against Allowance Holder's, bps; null unless both are net-priced and Allowance Holder's net is above zero. */
  diffBps: number | null;
}

/**
 * A priced size as a finding names it: where it sits on the axis, and the base units it sold. It is
 * named by what it sold: two sizes a float cannot tell apart (1,000,000 and 1,000,000.000000000000000001
 * WETH, or any two past 2^53 base units) sit at one place and are still two sizes.
 */
export interface PricedSize {
  size: number;
  sellAmount: bigint;
}

/** A size where the better model flips. */
export interface Crossover {
  /** Interpolated on the log axis, or the exact size of a tie between the two sides. */
  size: number;
  from: AllowanceModel;
  to: AllowanceModel;
  /** True when a priced size is an exact tie and the models differ on either side of it. */
  isExact: boolean;
  /** The two priced sizes it lies between (when exact, the first and last tie; the first is the crossover). */
  between: [PricedSize, PricedSize];
}

/** The crossover finding of one chain. */
export type CrossoverResult =
  | { kind: 'crossovers'; crossovers: Crossover[]; comparable: number }
  /** `tied`: the sizes where the two nets were equal (the better model did not give more there). */
  | { kind: 'none-in-range'; better: AllowanceModel | 'tie'; comparable: number; from: PricedSize; to: PricedSize; tied: PricedSize[] }
  | { kind: 'not-enough'; comparable: number };

function perUnit(amount: bigint, buyDecimals: number, sellAmount: bigint, sellDecimals: number): number {
  return Number(amount) / 10 ** buyDecimals / (Number(sellAmount) / 10 ** sellDecimals);
}

/**
 * Buy-token base units per one whole sell-token unit, for the number formatter: a gain cut toward
 * zero, a loss (a net below zero) away from it, as formatBaseUnits does, so a net of -3 base units
 * over 10 WETH reads -1 base unit per WETH, never 0.
 */
export function perUnitBase(amount: bigint, sellAmount: bigint, sellDecimals: number): bigint {
  if (sellAmount === 0n) return 0n;
  const scaled = amount * 10n ** BigInt(sellDecimals);
  const cut = scaled / sellAmount;
  return amount < 0n && cut * sellAmount !== scaled ? cut - 1n : cut;
}

/** The net figure of one side: the one place the ladder reads "net". */
export function netFigure(side: LadderSide, point: Pick<LadderPointInput, 'sellAmount' | 'sellDecimals' | 'buyDecimals'>): NetFigure {
  if (side.state === 'ok' && side.netBuyAmount !== null) {
    const net = side.netBuyAmount;
    return { kind: 'net', net, perUnit: perUnit(net, point.buyDecimals, point.sellAmount, point.sellDecimals), perUnitBase: perUnitBase(net, point.sellAmount, point.sellDecimals) };
  }
  if (side.state === 'ok' && side.buyAmount !== null) {
    const gross = side.buyAmount;
    return { kind: 'fee-not-priced', gross, grossPerUnit: perUnit(gross, point.buyDecimals, point.sellAmount, point.sellDecimals), grossPerUnitBase: perUnitBase(gross, point.sellAmount, point.sellDecimals) };
  }
  if (side.state === 'no-liquidity') return { kind: 'no-price', reason: 'no liquidity' };
  if (side.state === 'not-requested') return { kind: 'no-price', reason: 'not requested' };
  if (side.state === 'pending' || side.state === 'cancelled') return { kind: 'no-price', reason: side.state };
  if (side.state === 'run-failed') return { kind: 'no-price', reason: runFailedText(side) };
  return { kind: 'no-price', reason: side.errorName ?? 'error' };
}

/**
 * Smallest size first, by the base units sold (one chain's sizes all sell one token): two sizes a
 * float cannot tell apart (1,000,000 and 1,000,000.000000000000000001 WETH) would keep the order
 * typed. ladderChains pairs its rows with ladderPoints' points by index, so both sort with this.
 */
export function bySellAmount(a: Pick<LadderPointInput, 'sellAmount'>, b: Pick<LadderPointInput, 'sellAmount'>): number {
  return a.sellAmount < b.sellAmount ? -1 : a.sellAmount > b.sellAmount ? 1 : 0;
}

/** The ladder's points of one chain, smallest size first. */
export function ladderPoints(inputs: readonly LadderPointInput[]): LadderPoint[] {
  return [...inputs]
    .sort(bySellAmount)
    .map((input) => {
      const ah = netFigure(input.allowanceHolder, input);
      const p2 = netFigure(input.permit2, input);
      if (ah.kind !== 'net' || p2.kind !== 'net') return { size: input.size, sellAmount: input.sellAmount, allowanceHolder: ah, permit2: p2, better: null, diffBps: null };
      const better = ah.net === p2.net ? (cheaperFeeOf(input.allowanceHolder, input.permit2) ?? 'tie') : ah.net > p2.net ? 'allowance-holder' : 'permit2';
      // Against a net of zero or below (a fee larger than a small size's buy) a ratio has no meaning
      // and its sign flips: -0.00049 against -0.00037 read +3,237 bps beside Allowance Holder's
      // verdict. No figure then, as compareChain gives none.
      return { size: input.size, sellAmount: input.sellAmount, allowanceHolder: ah, permit2: p2, better, diffBps: ah.net > 0n ? bpsDifference(p2.net, ah.net) : null };
    });
}

interface Comparable extends PricedSize {
  /** (P2 - AH) / AH: positive when Permit2 gives more. */
  relative: number;
  sign: -1 | 0 | 1;
}

/**
 * Whether a size went to a model on its cheaper network fee: its two nets are equal (the fees cut to
 * the same buy-token base units) and ladderPoints named a model, not a tie. A reader sees two equal
 * nets and a 0.00 difference beside that model, so the table and the export say what decided it.
 */
export function isDecidedByFee(point: LadderPoint): boolean {
  const [ah, p2] = [point.allowanceHolder, point.permit2];
  return (point.better === 'allowance-holder' || point.better === 'permit2') && ah.kind === 'net' && p2.kind === 'net' && ah.net === p2.net;
}

function comparables(points: readonly LadderPoint[]): Comparable[] {
  const out: Comparable[] = [];
  for (const point of points) {
    if (point.allowanceHolder.kind !== 'net' || point.permit2.kind !== 'net') continue;
    const ah = point.allowanceHolder;
    const p2 = point.permit2;
    // The point's verdict, not its nets alone: equal nets on equal buys go to the cheaper fee (ladderPoints).
    const sign = point.better === 'permit2' ? 1 : point.better === 'allowance-holder' ? -1 : 0;
    out.push({ size: point.size, sellAmount: point.sellAmount, relative: ah.perUnit === 0 ? sign : (p2.perUnit - ah.perUnit) / Math.abs(ah.perUnit), sign });
  }
  return out;
}

const pricedSize = ({ size, sellAmount }: PricedSize): PricedSize => ({ size, sellAmount });

const modelOf = (sign: -1 | 1): AllowanceModel => (sign > 0 ? 'permit2' : 'allowance-holder');

// Where the straight line through (log a, ra) and (log b, rb) crosses zero, back on the size axis.
function interpolate(a: Comparable, b: Comparable): number {
  const ra = Math.abs(a.relative);
  const rb = Math.abs(b.relative);
  const t = ra + rb === 0 ? 0.5 : ra / (ra + rb);
  return 10 ** (Math.log10(a.size) + t * (Math.log10(b.size) - Math.log10(a.size)));
}

/**
 * The sizes where the better model flips, on the points priced net on both sides. An exact tie at a
 * size between two differing verdicts is the crossover itself; a tie with the same model winning on
 * both sides is a touch, not a flip.
 */
export function findCrossovers(points: readonly LadderPoint[]): CrossoverResult {
  const items = comparables(points);
  if (items.length < 2) return { kind: 'not-enough', comparable: items.length };
  const crossovers: Crossover[] = [];
  let last: Comparable | null = null;
  let ties: Comparable[] = [];
  for (const item of items) {
    if (item.sign === 0) {
      ties.push(item);
      continue;
    }
    if (last && last.sign !== item.sign) {
      const from = modelOf(last.sign as -1 | 1);
      const to = modelOf(item.sign);
      if (ties.length > 0) crossovers.push({ size: ties[0]!.size, from, to, isExact: true, between: [pricedSize(ties[0]!), pricedSize(ties.at(-1)!)] });
      else crossovers.push({ size: interpolate(last, item), from, to, isExact: false, between: [pricedSize(last), pricedSize(item)] });
    }
    last = item;
    ties = [];
  }
  if (crossovers.length > 0) return { kind: 'crossovers', crossovers, comparable: items.length };
  const better = last === null ? 'tie' : modelOf(last.sign as -1 | 1);
  const tied = items.filter((item) => item.sign === 0).map(pricedSize);
  return { kind: 'none-in-range', better, comparable: items.length, from: pricedSize(items[0]!), to: pricedSize(items.at(-1)!), tied };
}
