import type { AppApi } from '../../src/ipc/index.ts';

/**
 * The only code that touches window.api: the preload (app) or the harness (e2e) puts it there.
 * Everything else imports `api` from here, so a missing bridge fails in one place with one message.
 */

declare global {
  interface Window {
    api?: AppApi;
  }
}

function bridge(): AppApi {
  if (!window.api) throw new Error('window.api is missing: the renderer must run inside the app or the test harness');
  return window.api;
}

/** The typed IPC API. */
export const api: AppApi = new Proxy({} as AppApi, {
  get: (_target, area: string) => bridge()[area as keyof AppApi],
});
