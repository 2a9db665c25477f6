import type { LocalServiceStatus } from '../../ipc/channels/local-service.ts';

/**
 * How the engine runs the local service, whatever process it lives in: a child process here (CLI,
 * e2e harness, tests), Electron's utilityProcess in main/local-service-host.ts. Both run
 * child-entry.ts and read the same one-line ready message (see src/domain/local-service-child.ts).
 */

/** What a started service gives the engine. `apiKey` is a secret: never log it or send it to IPC. */
export interface LocalServiceInfo {
  /** https://127.0.0.1:PORT */
  baseUrl: string;
  /** The service's self-signed certificate, pinned as the only trust anchor. */
  caPem: string;
  apiKey: string;
  pid: number | null;
}

/** Runs the local service on demand. */
export interface LocalServiceHost {
  /** Starts it, or answers the running one; concurrent calls share one start. Throws AppError LOCAL_SERVICE_FAILED when it cannot start. */
  start(): Promise<LocalServiceInfo>;
  /** Stops it (a no-op when stopped); waits until the process has exited. */
  stop(): Promise<void>;
  status(): LocalServiceStatus;
}

export type { LocalServiceStatus };
