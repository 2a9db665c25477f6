/** The local service run by the app on demand: the host interface, its child-process host and handlers. */
export type { LocalServiceHost, LocalServiceInfo, LocalServiceStatus } from './host.ts';
export { createChildProcessHost } from './child-process-host.ts';
export type { ChildProcessHostOptions } from './child-process-host.ts';
export { loadOrCreateLocalKey } from './local-key.ts';
export { createLocalServiceHandlers } from './local-service-handlers.ts';
