import { bySellAmount, findCrossovers, ladderPoints, type CrossoverResult, type LadderPoint } from '../../../../src/domain/ladder.ts';
import { ladderInputOf, type LadderRowWire } from '../../../../src/ipc/channels/ladder.ts';
import { isPricedAtTwoBlocks } from '../../../../src/ipc/channels/compare.ts';

/** A ladder's rows grouped per chain for the charts: plain data, tested without a DOM. */

/** One chain of a ladder as the charts draw it: points smallest size first, each with its row. */
export interface LadderChain {
  chainId: number;
  chainName: string;
  sell: LadderRowWire['sellToken'];
  buy: LadderRowWire['buyToken'];
  points: (LadderPoint & { row: LadderRowWire })[];
  crossover: CrossoverResult;
}

/** The chains of a ladder's rows, in plan order. */
export function ladderChains(rows: readonly LadderRowWire[]): LadderChain[] {
  const byChain = new Map<number, LadderRowWire[]>();
  for (const row of rows) byChain.set(row.chainId, [...(byChain.get(row.chainId) ?? []), row]);
  return [...byChain.values()].map((chainRows) => {
    const ordered = chainRows.map((row) => ({ row, input: ladderInputOf(row) })).sort((a, b) => bySellAmount(a.input, b.input));
    const points = ladderPoints(ordered.map((item) => item.input)).map((point, index) => ({ ...point, row: ordered[index]!.row }));
    const first = ordered[0]!.row;
    return { chainId: first.chainId, chainName: first.chainName, sell: first.sellToken, buy: first.buyToken, points, crossover: findCrossovers(points) };
  });
}

/**
 * The sizes (base units sold) of a chain whose two answers priced at different blocks, smallest first: a difference,
 * or a crossover next to one of them, may be the blocks' rather than the models' (the table marks
 * each such size; the chart says it once under its crossover).
 */
export function twoBlockSizes(chain: LadderChain): bigint[] {
  return chain.points.filter(({ row }) => isPricedAtTwoBlocks(row)).map((point) => point.sellAmount);
}
