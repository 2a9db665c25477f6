import type { LocalServiceOptions } from './index.ts';
import type { RateDecision, RateWindow } from './shared-rate-limit.ts';

/**
 * The contract between the primary of `serve --workers N` (cluster.ts, cluster-pool.ts) and its
 * workers (cluster-worker.ts): what a worker is started with and the messages on the cluster's
 * IPC channel.
 */

/** What a worker is started with: the service options that survive IPC, plus the access-log file. */
export type WorkerOptions = Omit<LocalServiceOptions, 'accessLog' | 'now' | 'askRateLimit' | 'sharedRateWindows'> & { accessLogFile?: string; isRateLimited: boolean };

/** Messages between the primary and a worker. */
export type ClusterMessage =
  | { type: 'start'; options: WorkerOptions }
  | { type: 'ready'; baseUrl: string }
  | { type: 'rate'; id: number; window: RateWindow; key: string; nowMs: number }
  | { type: 'rate-decision'; id: number; decision: RateDecision }
  | { type: 'stop' };
