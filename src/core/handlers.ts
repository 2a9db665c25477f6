import type { Handlers } from './dispatch.ts';
import { appInfo, type AppIdentity } from './app-info.ts';

/** Everything the handlers need, built once by the shell (main) or the harness (e2e). */
export interface EngineContext {
  identity: AppIdentity;
}

/**
 * The handler map: one entry per contract channel, nothing Electron-specific. Each area's
 * handlers live beside its service; this file only wires them.
 */
export function createHandlers(context: EngineContext): Handlers {
  return {
    'app.info': async () => appInfo(context.identity),
  };
}
