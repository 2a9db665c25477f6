import { AppError, isAppError } from '../../ipc/result.ts';
import type { FieldError } from '../../spec/index.ts';
import type { LadderRequest } from '../../ipc/channels/ladder.ts';
import { planComparison, type PlannedChain } from './plan.ts';

/**
 * A size ladder's requests: the comparison plan once per amount, so every amount is converted with
 * each chain's own sell-token decimals and every query is checked against the spec exactly as a
 * single-size run's is. Nothing is sent when any amount or field is refused.
 */

/** One amount of the ladder and its chains. */
export interface PlannedRung {
  amountIndex: number;
  amount: string;
  chains: PlannedChain[];
}

function renamed(error: FieldError, index: number): FieldError {
  return error.field === 'amount' ? { field: 'amounts', reason: `item ${index + 1} ${error.reason}` } : error;
}

/**
 * The ladder's rungs, in the order of the amounts given.
 * @throws AppError INVALID_INPUT with every `{field, reason}` (an amount's problem names `amounts` and the item).
 */
export function planLadder(request: LadderRequest): PlannedRung[] {
  const { amounts, ...rest } = request;
  const errors: FieldError[] = [];
  const rungs: PlannedRung[] = [];
  for (const [amountIndex, amount] of amounts.entries()) {
    try {
      rungs.push({ amountIndex, amount, chains: planComparison({ ...rest, amount }) });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'INVALID_INPUT') throw error;
      const details = (error.details as FieldError[] | undefined) ?? [{ field: '(input)', reason: error.message }];
      errors.push(...details.map((item) => renamed(item, amountIndex)));
    }
  }
  const unique = errors.filter((error, index) => errors.findIndex((other) => other.field === error.field && other.reason === error.reason) === index);
  if (unique.length > 0) throw new AppError('INVALID_INPUT', `${unique[0]!.field} ${unique[0]!.reason}`, unique);
  return rungs;
}

/** The chains that need a native -> buy rate request: asked once per ladder, not once per size. */
export function rateChains(rungs: readonly PlannedRung[]): PlannedChain[] {
  return (rungs[0]?.chains ?? []).filter((chain) => chain.rateRequest !== null);
}

/** How many price requests the ladder sends: chains x models x amounts, plus one rate per chain that needs it. */
export function ladderRequestCount(rungs: readonly PlannedRung[]): number {
  const sides = rungs.reduce((sum, rung) => sum + rung.chains.reduce((inner, chain) => inner + chain.requests.length, 0), 0);
  return sides + rateChains(rungs).length;
}
