/** The comparison runner and its handlers (issue 5), for the engine's wiring. */
export { createCompareHandlers, type CompareDeps } from './compare-handlers.ts';
export { createCompareRunner, type CompareRunner, type CompareRunnerDeps } from './runner.ts';
export { createRunStore, type RunStore, type StoredRun } from './run-store.ts';
export { chainsWithBoth, planComparison, type PlannedChain } from './plan.ts';
