/**
 * One row of the benchmark table: a measured value against its target. A row with `peer` is a
 * ratio goal: `target` applies to value / peer.value (both measured in the same run). What fails
 * `npm run bench` is decided in verdict.ts: a missed ratio target, or a missed machine-independent
 * figure (a count, a size, a quality in bp); an absolute time or rate without a peer depends on the
 * machine and is reported with its target, never failed.
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
  /** Why the row was not measured (its peer is not installed): shown as skipped, never failed. */
  skipped?: string;
}
