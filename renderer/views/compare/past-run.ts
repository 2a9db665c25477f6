/** What PastRunList needs of a saved run, comparison or size ladder alike. */
export interface PastRun {
  runId: string;
  chains: readonly number[];
  done: number;
  total: number;
  state: string;
  startedAt: string;
}
