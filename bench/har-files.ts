import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { buildHar } from '../src/domain/har.ts';
import type { HistoryEntryLike } from '../src/domain/har.ts';

/** The HAR files the import benches feed to history.import: hostile ones and a genuine one. */

/** A HAR of `count` empty entries (1.6 million of them is the hostile 4.8 MB file of issue 17). */
export function hostile(count: number): string {
  return `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(count - 1)}{}]}}`;
}

/** Inside every cap: 39 entries of 49,999 empty arrays each (1.95 million objects), parsed and checked entry by entry. */
export function manyObjects(): string {
  const entry = `{"_x":[${'[],'.repeat(49_997)}[]]}`;
  return `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${Array.from({ length: 39 }, () => entry).join(',')}]}}`;
}

/** One entry of a million empty arrays: refused by the per-entry cap before it is parsed. */
export function deepEntry(): string {
  return `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{"_x":[${'[],'.repeat(999_999)}[]]}]}}`;
}

/** A genuine HAR of `count` price entries, about `targetBytes` long. */
export function genuine(targetBytes: number, count: number): string {
  const like = (index: number): HistoryEntryLike => {
    // About 1,400 characters of each HAR entry are not the body (headers, timings, the redacted URL).
    const entry = sampleEntry({ startedAt: new Date(Date.UTC(2026, 0, 1) + index * 1_000).toISOString() }, Math.floor(targetBytes / count) - 1_400);
    return { url: entry.url, method: 'GET', requestHeaders: entry.requestHeaders, query: entry.query, status: 200, statusText: 'OK', responseHeaders: entry.responseHeaders, bodyText: entry.bodyText, startedAt: entry.startedAt, durationMs: entry.durationMs, zid: entry.zid };
  };
  return JSON.stringify(buildHar(Array.from({ length: count }, (_, index) => like(index)), { name: 'bench', version: '1' }));
}
