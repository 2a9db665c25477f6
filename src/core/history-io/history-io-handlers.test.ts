import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HarSchema } from '../../domain/har-schema.ts';
import { HistoryStore } from '../history/history-store.ts';
import { sampleEntry } from '../history/sample-entries.ts';
import { createHistoryIoHandlers, type HistoryIoHandlers } from './history-io-handlers.ts';

let dir: string;
let store: HistoryStore;
let handlers: HistoryIoHandlers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-io-'));
  store = HistoryStore.open(join(dir, 'history.db'));
  handlers = createHistoryIoHandlers({ history: store, creator: { name: 'Swap Explorer', version: '0.0.0-test' } });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history.export and history.import', () => {
  it('exports a valid redacted HAR that imports back as read-only entries with the same zids', async () => {
    const sent = [store.insert(sampleEntry()), store.insert(sampleEntry({ status: 400, errorName: 'INPUT_INVALID' }))];
    const exported = await handlers['history.export']({ ids: sent.map((e) => e.id), format: 'har' });
    expect(exported.fileName).toMatch(/\.har$/);
    expect(HarSchema.safeParse(JSON.parse(exported.content)).success).toBe(true);
    expect(exported.content).not.toMatch(/svc-api-key":\s*"(?!\[redacted\])/);

    const { importedIds } = await handlers['history.import']({ fileName: exported.fileName, content: exported.content });
    expect(importedIds).toHaveLength(2);
    const back = importedIds.map((id) => store.get(id)!);
    expect(back.map((e) => e.origin)).toEqual(['imported', 'imported']);
    expect(back.map((e) => e.zid).sort()).toEqual(sent.map((e) => e.zid).sort());
  });

  it('round-trips the JSON export', async () => {
    const sent = store.insert(sampleEntry());
    const exported = await handlers['history.export']({ ids: [sent.id], format: 'json' });
    const { importedIds, kind } = await handlers['history.import']({ fileName: 'x.json', content: exported.content });
    expect(kind).toBe('json');
    expect(store.get(importedIds[0]!)!.bodyText).toBe(sent.bodyText);
  });

  it('rejects a foreign file with the failing field path and imports nothing', async () => {
    const before = store.count();
    const bad = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{ url: 'nope' }] });
    await expect(handlers['history.import']({ fileName: 'bad.json', content: bad })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problems: expect.arrayContaining([expect.objectContaining({ path: '$.entries[0].url' })]) },
    });
    await expect(handlers['history.import']({ fileName: 'x.json', content: '{"hello":1}' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(store.count()).toBe(before);
  });

  it('imports an entry whose body nests 20,000 levels as text, with a warning, alongside the others', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const exported = await handlers['history.export']({ ids: [store.insert(sampleEntry()).id, store.insert(sampleEntry()).id], format: 'json' });
    const file = JSON.parse(exported.content) as { entries: { bodyText: string }[] };
    file.entries[1]!.bodyText = deep;
    const { importedIds } = await handlers['history.import']({ fileName: 'deep.json', content: JSON.stringify(file) });
    expect(importedIds).toHaveLength(2);
    const entry = store.get(importedIds[1]!)!;
    expect(entry.bodyText).toBe(deep);
    expect(entry.body).toBeNull();
    expect(entry.schemaReport[0]!.detail).toContain('kept as text only');
    expect(() => structuredClone(entry)).not.toThrow();
  });

  it('refuses a hostile HAR of 1.6 million empty entries with its reason, importing nothing', async () => {
    const before = store.count();
    const content = `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(1_599_999)}{}]}}`;
    await expect(handlers['history.import']({ fileName: 'hostile.har', content })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('more than 100,000 entries'),
      details: { problems: [{ path: '$.log.entries', reason: expect.any(String) }] },
    });
    expect(store.count()).toBe(before);
  });

  it('answers NOT_FOUND when an exported id is gone', async () => {
    await expect(handlers['history.export']({ ids: [999], format: 'json' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
