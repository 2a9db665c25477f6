/**
 * One row of the benchmark table: a measured value against its target. A row with `peer` is a
 * ratio goal: `target` applies to value / peer.value (both measured in the same run), and only such
 * rows can fail `npm run bench`; a row without one is an absolute figure that depends on the
 * machine, reported with its target but never failing the run.
 */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** How the value (or value / peer.value) must compare with the target to pass. */
  comparison: '<=' | '>=';
  /** The peer or limit measured alongside, in the same unit as value. */
  peer?: { name: string; value: number };
  detail?: string;
}
