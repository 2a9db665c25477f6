import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore } from '../history/history-store.ts';
import { historyFileIn } from '../history/history-path.ts';
import { createHistoryIoHandlers, type HistoryIoHandlers } from './history-io-handlers.ts';

/** What the history import/export handler tests share: a customer's HAR and a fresh history for each test. */

// A customer's key: every header below carries it, so any trace of it in an output is a leak.
export const CUSTOMER_SECRET = 'cust0merS3cretValue9876';
export const CREDENTIAL_HEADERS = ['Authorization', '0X-API-KEY', 'x-api-key', 'Cookie', 'proxy-authorization', 'SVC-API-KEY'];

export function harEntry(url: string, requestHeaders: { name: string; value: string }[], responseHeaders: { name: string; value: string }[]) {
  const query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: '2026-11-20T09:30:00.000Z',
    time: 10,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: requestHeaders, queryString: query, cookies: [], headersSize: -1, bodySize: 0 },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: responseHeaders, cookies: [], content: { size: 2, mimeType: 'application/json', text: '{}' }, redirectURL: '', headersSize: -1, bodySize: -1 },
    cache: {},
    timings: { send: 0, wait: 10, receive: 0 },
  };
}

// One entry per credential header (sent, and echoed by the response), and one with the key in the URL's query.
export function customerHar() {
  const url = 'https://api.example.test/swap/allowance-holder/price?chainId=1&sellAmount=1';
  const value = (name: string) => (/auth/i.test(name) ? `Bearer ${CUSTOMER_SECRET}` : name === 'Cookie' ? `session=${CUSTOMER_SECRET}; theme=dark` : CUSTOMER_SECRET);
  const entries = CREDENTIAL_HEADERS.map((name) =>
    harEntry(url, [{ name, value: value(name) }, { name: 'svc-version', value: 'v2' }, { name: 'User-Agent', value: 'customer-app/1.0' }], [{ name: 'Content-Type', value: 'application/json' }, { name, value: value(name) }]),
  );
  entries.push(harEntry(`${url}&apiKey=${CUSTOMER_SECRET}`, [{ name: 'svc-version', value: 'v2' }], []));
  return { log: { version: '1.2', creator: { name: 'customer', version: '1' }, entries } };
}

export interface HistoryIo {
  store: HistoryStore;
  handlers: HistoryIoHandlers;
  /** Closes the history and removes its folder. */
  close(): void;
}

/** A history in a new temporary folder, with the import/export handlers over it. */
export function openHistoryIo(): HistoryIo {
  const dir = mkdtempSync(join(tmpdir(), 'history-io-'));
  const store = HistoryStore.open(historyFileIn(dir));
  const handlers = createHistoryIoHandlers({ history: store, creator: { name: 'Swap Explorer', version: '0.0.0-test' } });
  return {
    store,
    handlers,
    close() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
