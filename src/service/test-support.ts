import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { API_VERSION, HEADER_NAMES } from '../spec/index.ts';
import { startLocalService, type LocalServiceOptions, type RunningService } from './index.ts';

/**
 * Test support: a local service on port 0 in a temporary data dir, and a client that talks to it
 * over real HTTPS with the service's certificate pinned (never with checks disabled).
 */

/** A JSON answer. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> & { data?: { zid: string; details?: { field: string; reason: string }[] } };
}

/** A started service with a pinned client. */
export interface TestService {
  service: RunningService;
  dataDir: string;
  /** GET with the key and version headers (override or drop them with `headers`; `null` drops). */
  get(path: string, query?: Record<string, string>, headers?: Record<string, string | null>, method?: string): Promise<Answer>;
  /** HEAD with the same headers as `get`: the body comes back as text, since it should be empty. */
  head(path: string, query?: Record<string, string>, headers?: Record<string, string | null>): Promise<Omit<Answer, 'body'> & { text: string }>;
  stop(): Promise<void>;
}

/** Starts a service with `options` (dataDir defaults to a fresh temp dir) and a client pinned to its certificate. */
export async function startTestService(options: Partial<LocalServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'svc-test-')));
  const service = await startLocalService({ ...options, dataDir });
  const agent = new Agent({ connect: { ca: service.caCertPem } });
  const send = async (path: string, query: Record<string, string>, headers: Record<string, string | null>, method: string) => {
    const base: Record<string, string | null> = { [HEADER_NAMES.apiKey]: service.apiKeys[0]!, [HEADER_NAMES.version]: API_VERSION, ...headers };
    const sent = Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null));
    const search = new URLSearchParams(query).toString();
    const response = await request(`${service.baseUrl}${path}${search ? `?${search}` : ''}`, { method: method as 'GET', headers: sent, dispatcher: agent });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  };
  const get: TestService['get'] = async (path, query = {}, headers = {}, method = 'GET') => {
    const { text, ...answer } = await send(path, query, headers, method);
    return { ...answer, body: JSON.parse(text) };
  };
  return {
    service,
    dataDir,
    get,
    head: (path, query = {}, headers = {}) => send(path, query, headers, 'HEAD'),
    stop: async () => {
      await agent.close();
      await service.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
