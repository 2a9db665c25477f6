import type { AppApi } from '../../src/ipc/index.ts';
import { bridgeRefusal } from '../../src/ipc/bridge-safe.ts';

/**
 * The only code that touches window.api: the preload (app) or the harness (e2e) puts it there.
 * Everything else imports `api` from here, so a missing bridge fails in one place with one message,
 * and an input the context bridge would change is refused here, named, rather than sent altered.
 */

declare global {
  interface Window {
    api?: AppApi;
  }
}

type Invoke = (input?: unknown) => Promise<unknown>;

function bridge(): AppApi {
  if (!window.api) throw new Error('window.api is missing: the renderer must run inside the app or the test harness');
  return window.api;
}

function guarded(invoke: Invoke): Invoke {
  return (input) => {
    const refusal = bridgeRefusal(input);
    return refusal ? Promise.resolve(refusal) : invoke(input);
  };
}

/** The typed IPC API. */
export const api: AppApi = new Proxy({} as AppApi, {
  get: (_target, area: string) => {
    const verbs = bridge()[area as keyof AppApi] as unknown as Record<string, Invoke> | undefined;
    if (!verbs) return verbs;
    // A fresh target: the bridge freezes window.api, and a Proxy of a frozen object must answer
    // its own (unguarded) functions.
    return new Proxy({}, { get: (_area, verb: string) => (typeof verbs[verb] === 'function' ? guarded(verbs[verb]) : verbs[verb]) });
  },
});
