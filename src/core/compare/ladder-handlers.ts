import type { z } from 'zod';
import type { ladderChannels } from '../../ipc/channels/ladder.ts';
import type { RequestService } from '../request/send-request.ts';
import { createLadderRunner, type LadderRunner } from './ladder-runner.ts';
import { createLadderStore, type LadderStore } from './ladder-store.ts';

type Channels = typeof ladderChannels;
type Handler<C extends keyof Channels> = (input: z.output<Channels[C]['input']>) => Promise<z.output<Channels[C]['output']>>;

/** What the ladder handlers need from the engine: the same request service (and so rate budget) as compare. */
export interface LadderDeps {
  requests: Pick<RequestService, 'send' | 'cancel'>;
  /** Ladders are kept under <dataDir>/ladders. */
  dataDir: string;
  defaultProfileId: string;
  /** Where runs are kept (the data worker in the app); files under dataDir in this thread when absent. */
  store?: LadderStore;
  /** A runner built elsewhere (tests, benches); built from the other deps when absent. */
  runner?: LadderRunner;
}

/** The ladder area's handlers, to spread into the handler map. */
export function createLadderHandlers(deps: LadderDeps): { [C in keyof Channels]: Handler<C> } {
  const runner = deps.runner ?? createLadderRunner({ requests: deps.requests, store: deps.store ?? createLadderStore(deps.dataDir), defaultProfileId: deps.defaultProfileId });
  return {
    'ladder.start': async (input) => {
      const { runId, total, finished } = runner.start(input);
      // The run reports its own failures in its status; this only keeps an unexpected rejection visible.
      finished.catch((error: unknown) => console.error('ladder run', runId, error));
      return { runId, total };
    },
    'ladder.status': (input) => runner.status(input.runId, input.afterDone),
    'ladder.cancel': async (input) => ({ cancelled: runner.cancel(input.runId) }),
    'ladder.list': () => runner.list(),
    'ladder.open': (input) => runner.status(input.runId),
  };
}
