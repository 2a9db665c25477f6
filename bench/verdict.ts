import type { BenchRow } from './types.ts';

/**
 * The rule `npm run bench` exits by: it fails (exit 1) only for a missed ratio target (a row with a
 * peer measured in the same run) or a missed machine-independent figure (a count, a size in MB, a
 * quality in bp, a plain ratio "x"). Absolute times and rates depend on the machine and on what else
 * runs on it: they are reported with their target, never failed. A skipped row (its peer is not
 * installed) never fails either.
 */

/** Units whose figures depend on the machine (and its load): reported, never failed, unless measured against a peer. */
export const MACHINE_DEPENDENT_UNITS: ReadonlySet<string> = new Set(['ms', 's', 'req/s', 'entries/s', 'frames']);

/** A row with its ratio and whether it met its target. */
export type JudgedRow = BenchRow & { ratio: number; pass: boolean };

/** True when a missed target of this row fails the run. */
export function isGated(row: BenchRow): boolean {
  if (row.skipped !== undefined) return false;
  return row.peer !== undefined || !MACHINE_DEPENDENT_UNITS.has(row.unit);
}

/** The row's ratio (value / peer, or value / target without a peer) and whether it met its target. */
export function judge(row: BenchRow): JudgedRow {
  if (row.skipped !== undefined) return { ...row, ratio: Number.NaN, pass: true };
  const ratio = row.peer ? row.value / row.peer.value : row.target === 0 ? 0 : row.value / row.target;
  const measured = row.peer ? ratio : row.value;
  const pass = row.comparison === '<=' ? measured <= row.target : measured >= row.target;
  return { ...row, ratio, pass };
}

/** The exit code of a bench run: 1 when any gated row missed its target, else 0. */
export function exitCodeOf(rows: readonly JudgedRow[]): 0 | 1 {
  return rows.every((row) => row.pass || !isGated(row)) ? 0 : 1;
}
