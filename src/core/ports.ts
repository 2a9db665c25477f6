import type { HistoryEntry, HistorySummary, NewHistoryEntry } from '../ipc/schemas/history-entry.ts';

/**
 * The seams between the engine's services, so each can be built and tested on its own:
 * the HTTP client asks a ConnectionResolver where and how to send, and records into a HistorySink.
 */

/** Everything the HTTP client needs to reach one profile's service. Holds the key: never log it. */
export interface Connection {
  profileId: string;
  profileName: string;
  /** https:// origin and optional path prefix, no trailing slash. */
  baseUrl: string;
  headerNames: { apiKey: string; version: string };
  version: string;
  /** The API key, or null when none is stored (the request is still sent; the service answers 401). */
  apiKey: string | null;
  /** Extra trusted CA certificates (PEM), e.g. the local service's pinned certificate. */
  caPem: string | null;
  /** Trust the system's certificates besides caPem (false for the pinned local service). */
  trustSystemCertificates: boolean;
  proxyUrl: string | null;
  /** Requests per second the scheduler keeps this profile under. */
  rateBudgetRps: number;
}

/** Finds a profile's connection (starting the local service when that profile needs it). */
export interface ConnectionResolver {
  /** Throws AppError NOT_FOUND for an unknown profile, NOT_CONFIGURED when it cannot be reached. */
  resolve(profileId: string): Promise<Connection>;
}

/** Where the client records every request. */
export interface HistorySink {
  /** Stores an entry and returns it with its id. Throws AppError STORAGE when it cannot be kept. */
  insert(entry: NewHistoryEntry): HistoryEntry;
}

/** What history views read. */
export interface HistoryReader {
  get(id: number): HistoryEntry | null;
  findByZid(zid: string): HistorySummary[];
}
