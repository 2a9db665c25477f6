/** One row of the benchmark table: a measured value against its target. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** How the value must compare with the target to pass. */
  comparison: '<=' | '>=';
  detail?: string;
}
