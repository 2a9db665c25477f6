import type { HistoryEntry, HistorySummary } from '../ipc/schemas/history-entry.ts';
import type { HttpExchange } from './http/http-client.ts';
import type { EntryContext } from './request/build-entry.ts';

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
  /** Throws AppError NOT_FOUND for an unknown profile, NOT_CONFIGURED when it cannot be reached, LOCAL_SERVICE_FAILED when the local service cannot start. */
  resolve(profileId: string): Promise<Connection>;
}

/** A finished request as the request service hands it over: what was asked and what came back. */
export interface SentRequest {
  context: EntryContext;
  /** With the API key already redacted from its URL and headers. */
  exchange: HttpExchange;
}

/** What keeping a request produced: the entry (id 0 when it could not be stored) and why not. */
export interface RecordedRequest {
  entry: HistoryEntry;
  stored: boolean;
  warning: string | null;
}

/**
 * Where the request service keeps every request: it builds the entry (parse, schema report) and
 * stores it, resolving only once the entry is committed. In the app this is the data worker.
 */
export interface HistorySink {
  record(sent: SentRequest): Promise<RecordedRequest>;
}

/** What history views read. */
export interface HistoryReader {
  get(id: number): HistoryEntry | null;
  findByZid(zid: string): HistorySummary[];
}
