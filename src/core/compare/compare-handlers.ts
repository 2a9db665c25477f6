import type { z } from 'zod';
import type { compareChannels } from '../../ipc/channels/compare.ts';
import type { RequestService } from '../request/send-request.ts';
import { createRunStore, type RunStore } from './run-store.ts';
import { createCompareRunner, type CompareRunner } from './runner.ts';

type Channels = typeof compareChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** What the compare handlers need from the engine. */
export interface CompareDeps {
  requests: Pick<RequestService, 'send' | 'cancel'>;
  /** Runs are kept under <dataDir>/comparisons. */
  dataDir: string;
  /** The profile used when compare.start names none (the Local service profile). */
  defaultProfileId: string;
  /** Where runs are kept (the data worker in the app); files under dataDir in this thread when absent. */
  store?: RunStore;
  /** A runner built elsewhere (tests, the CLI); built from the other deps when absent. */
  runner?: CompareRunner;
}

/** The compare area's handlers, to spread into the handler map (`...createCompareHandlers(deps)`). */
export function createCompareHandlers(deps: CompareDeps): { [C in keyof Channels]: Handler<C> } {
  const runner = deps.runner ?? createCompareRunner({ requests: deps.requests, store: deps.store ?? createRunStore(deps.dataDir), defaultProfileId: deps.defaultProfileId });
  return {
    'compare.start': async (input) => {
      const { runId, total, finished } = runner.start(input);
      // The run reports its own failures in its status; this only keeps an unexpected rejection visible.
      finished.catch((error: unknown) => console.error('compare run', runId, error));
      return { runId, total };
    },
    'compare.status': (input) => runner.status(input.runId),
    'compare.cancel': async (input) => ({ cancelled: runner.cancel(input.runId) }),
    'compare.list': () => runner.list(),
    'compare.open': (input) => runner.status(input.runId),
    'compare.detail': async (input) => ({ chainId: input.chainId, ...(await runner.detail(input.runId, input.chainId)) }),
  };
}
