import type { PoolEdge } from '../market/pools.ts';

/**
 * Splitting an amount across the pools of one or more paths so the output is as large as possible.
 * Every pool's output is concave in its input, so the optimum gives every used pool the same
 * marginal rate. The solver fills chunk by chunk into whichever path and pool pays most for the
 * next chunk (for a two-hop path the first hop's extra output is itself placed greedily on the
 * second hop), then rebalances each hop by moving ever smaller amounts from the pool that pays
 * least at the margin to the one that pays most, until no move gains.
 */

/** One hop of a path: its pools and how much each receives and pays out. */
export interface HopState {
  edges: PoolEdge[];
  alloc: number[];
  outs: number[];
}

/** A path's state: its hops in order and the amount put into it. */
export interface PathState {
  hops: HopState[];
  amountIn: number;
}

/** A path as the solver gets it: the pools of each hop. */
export type PathEdges = PoolEdge[][];

function bestPool(hop: HopState, amount: number): { index: number; gain: number } {
  let index = -1;
  let gain = 0;
  for (let i = 0; i < hop.edges.length; i++) {
    const g = hop.edges[i]!.quote(hop.alloc[i]! + amount) - hop.outs[i]!;
    if (g > gain) {
      gain = g;
      index = i;
    }
  }
  return { index, gain };
}

// The output of pushing `amount` more through a path, and the pool picked at each hop.
function plan(path: PathState, amount: number): { gain: number; picks: number[]; moved: number[] } {
  const picks: number[] = [];
  const moved: number[] = [];
  let carry = amount;
  for (const hop of path.hops) {
    const { index, gain } = bestPool(hop, carry);
    if (index < 0) return { gain: 0, picks, moved };
    picks.push(index);
    moved.push(carry);
    carry = gain;
  }
  return { gain: carry, picks, moved };
}

function commit(path: PathState, amount: number, picks: number[], moved: number[]): void {
  path.amountIn += amount;
  path.hops.forEach((hop, h) => {
    const i = picks[h]!;
    hop.alloc[i]! += moved[h]!;
    hop.outs[i] = hop.edges[i]!.quote(hop.alloc[i]!);
  });
}

/** Rebalances one hop with its input fixed: moves shrinking steps from the worst margin to the best. */
export function rebalance(hop: HopState, total: number, firstStep: number, levels = 10): void {
  const n = hop.edges.length;
  if (n < 2 || total <= 0) return;
  let step = firstStep;
  for (let level = 0; level < levels; level++, step /= 2) {
    for (let moves = 0; moves < 64; moves++) {
      let up = -1;
      let upGain = 0;
      let down = -1;
      let downLoss = Infinity;
      for (let i = 0; i < n; i++) {
        const gain = hop.edges[i]!.quote(hop.alloc[i]! + step) - hop.outs[i]!;
        if (gain > upGain) [up, upGain] = [i, gain];
        if (hop.alloc[i]! >= step) {
          const loss = hop.outs[i]! - hop.edges[i]!.quote(hop.alloc[i]! - step);
          if (loss < downLoss) [down, downLoss] = [i, loss];
        }
      }
      if (up < 0 || down < 0 || up === down || upGain <= downLoss * (1 + 1e-12)) break;
      hop.alloc[up]! += step;
      hop.alloc[down]! -= step;
      hop.outs[up] = hop.edges[up]!.quote(hop.alloc[up]!);
      hop.outs[down] = hop.edges[down]!.quote(hop.alloc[down]!);
    }
  }
}

function hopInput(hop: HopState): number {
  return hop.alloc.reduce((sum, value) => sum + value, 0);
}

function hopOutput(hop: HopState): number {
  return hop.outs.reduce((sum, value) => sum + value, 0);
}

// After a hop is rebalanced its output changes; scale the next hop to the new input and rebalance it.
function settle(path: PathState, chunk: number): void {
  let input = path.amountIn;
  for (const hop of path.hops) {
    const current = hopInput(hop);
    const scale = current > 0 ? input / current : 0;
    hop.alloc = hop.alloc.map((value) => value * scale);
    hop.outs = hop.alloc.map((value, i) => (value > 0 ? hop.edges[i]!.quote(value) : 0));
    rebalance(hop, input, Math.max(input * (chunk / Math.max(path.amountIn, 1e-300)) / 2, 0));
    input = hopOutput(hop);
  }
}

/** The output of a path in its current state. */
export function pathOutput(path: PathState): number {
  const last = path.hops[path.hops.length - 1];
  return last ? hopOutput(last) : 0;
}

/** Splits `amount` across paths and their pools; `chunks` sets the greedy granularity. */
export function solveSplit(paths: PathEdges[], amount: number, chunks: number): PathState[] {
  const states: PathState[] = paths.map((hops) => ({
    amountIn: 0,
    hops: hops.map((edges) => ({ edges, alloc: edges.map(() => 0), outs: edges.map(() => 0) })),
  }));
  const chunk = amount / chunks;
  for (let c = 0; c < chunks; c++) {
    let best: { index: number; gain: number; picks: number[]; moved: number[] } | undefined;
    states.forEach((path, index) => {
      const candidate = plan(path, chunk);
      if (candidate.gain > 0 && (!best || candidate.gain > best.gain)) best = { index, ...candidate };
    });
    if (!best) break;
    commit(states[best.index]!, chunk, best.picks, best.moved);
  }
  for (const path of states) if (path.amountIn > 0) settle(path, chunk);
  return states;
}
