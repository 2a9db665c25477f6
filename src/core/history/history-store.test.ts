import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistorySearchInputSchema, type HistorySearchFilter } from '../../ipc/channels/history.ts';
import { HistoryEntrySchema, type NewHistoryEntry } from '../../ipc/schemas/history-entry.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { searchQuery } from './search-query.ts';
import { entryParams, INSERT_COLUMNS } from './row-mapping.ts';
import { MIGRATIONS } from './schema.ts';
import { AllowanceHolderPriceResponseSchema, schemaReport } from '../../spec/index.ts';
import { allowanceHolderPriceBody } from '../../spec/test-fixtures.ts';
import { historyFileIn } from './history-path.ts';

let dir: string;
let store: HistoryStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-store-'));
  store = HistoryStore.open(historyFileIn(dir));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (filter: Partial<HistorySearchFilter>) => store.search(HistorySearchInputSchema.parse(filter));
const ids = (filter: Partial<HistorySearchFilter>) => search(filter).rows.map((row) => row.id);

describe('insert and get', () => {
  it('returns every field of a whole entry as it was inserted, after reopening the file', () => {
    const entry: NewHistoryEntry = sampleEntry({
      status: 400,
      errorName: 'INPUT_INVALID',
      replayOf: 7,
      schemaReport: [{ kind: 'unexpected', path: 'data.extra', detail: 'not in the spec' }],
      appError: { code: 'REMOTE_ERROR', message: 'The service refused the input', details: { field: 'sellAmount' } },
      responseHeaders: { 'content-type': 'application/json', 'x-multi': 'a, b' },
    });
    const stored = store.insert(entry);
    store.close();
    store = HistoryStore.open(historyFileIn(dir));
    const read = store.get(stored.id);
    expect(read).toEqual({ ...entry, id: stored.id });
    expect(HistoryEntrySchema.parse(read)).toEqual(read);
  });

  it('keeps a body that is not the parse of its text, and a null body with raw text', () => {
    const transformed = store.insert(sampleEntry({ bodyText: '{"a":1}', body: { a: 1, added: true } }));
    const html = store.insert(sampleEntry({ bodyText: '<html>502 Bad Gateway</html>', body: null, status: 502 }));
    expect(store.get(transformed.id)?.body).toEqual({ a: 1, added: true });
    expect(store.get(html.id)).toMatchObject({ body: null, bodyText: '<html>502 Bad Gateway</html>' });
  });

  it('answers null for an unknown id and never reuses the id of a removed entry', () => {
    expect(store.get(12345)).toBeNull();
    const old = store.insert(sampleEntry({ startedAt: '2020-01-01T00:00:00Z' }));
    // Age retention can remove every entry, the newest included: the next id must still be new.
    expect(store.setRetention({ maxEntries: null, maxAgeDays: 30 })).toBe(1);
    expect(store.get(old.id)).toBeNull();
    expect(store.insert(sampleEntry()).id).toBe(old.id + 1);
  });
});

describe('zid lookup', () => {
  it('finds an entry by its whole zid in any case, with or without 0x, and by a prefix', () => {
    const target = store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c96' }));
    store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c97' }));
    store.insert(sampleEntry({ zid: '0x3fb000000000000000000000' }));
    store.insert(sampleEntry({ zid: null }));
    expect(store.findByZid('0x3FA85F6457174562B3FC2C96').map((row) => row.id)).toEqual([target.id]);
    expect(ids({ text: '0x3fa85f6457174562b3fc2c96' })).toEqual([target.id]);
    expect(ids({ text: ' 3FA85F6457174562B3FC2C96 ' })).toEqual([target.id]);
    expect(ids({ text: '0x3fa' })).toHaveLength(2);
    expect(ids({ text: '0x3f' })).toHaveLength(3);
    expect(ids({ text: '0x3fa85f6457174562b3fc2c9' })).toHaveLength(2);
    expect(ids({ text: '0x4' })).toEqual([]);
  });

  it('finds a zid pasted into the search box as it reaches support: quoted, in brackets, cut with an ellipsis, labelled', () => {
    const target = store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c96' }));
    store.insert(sampleEntry({ zid: '0x3fb000000000000000000000' }));
    for (const text of ['"0x3fa85f6457174562b3fc2c96"', '(0x3FA85F6457174562B3FC2C96)', '0x3fa85f64…', 'zid: 0x3fa85f', '"zid": "0x3fa85f6457174562b3fc2c96",']) expect(ids({ text }), text).toEqual([target.id]);
    // Wrapped by a mail client, or written in groups: the whole zid's parts joined.
    for (const text of ['0x3fa85f6457174562\n b3fc2c96', '0x3fa8 5f64 5717 4562 b3fc 2c96']) expect(ids({ text }), text).toEqual([target.id]);
    // Short split hex is not joined: "0x3fa 85f" could be anything.
    expect(search({ text: '0x3fa 85f' }).rows).toEqual([]);
  });

  it("finds the one whole zid in a customer's text, as the paste box and history find do, and reads no symbols in it", () => {
    const target = store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c96' }));
    store.insert(sampleEntry({ zid: '0x3fb000000000000000000000' }));
    for (const text of ['Request ID: 0x3fa85f6457174562b3fc2c96', 'Swap failed (TOKEN_NOT_SUPPORTED) zid 3fa85f6457174562b3fc2c96, please help']) {
      expect(search({ text }), text).toMatchObject({ rows: [{ id: target.id }], unknownSymbols: [] });
    }
    // Two zids in one text name no one entry: read as before (words, none a symbol).
    expect(ids({ text: 'zids 0x3fa85f6457174562b3fc2c96 and 0x3fb000000000000000000000' })).toEqual([]);
  });

  it("finds the entries of a zid prefix a customer's text labels as a zid ('zid 0x3fa85f…'), as the paste box does", () => {
    const target = store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c96' }));
    store.insert(sampleEntry({ zid: '0x3fb000000000000000000000' }));
    expect(search({ text: 'Swap failed: TOKEN_NOT_SUPPORTED (zid 0x3fa85f…)' })).toMatchObject({ rows: [{ id: target.id }], unknownSymbols: [] });
  });

  it('answers a zid lookup and a prefix from the zid index, not a table scan', () => {
    const db = new DatabaseSync(historyFileIn(dir), { readOnly: true });
    try {
      for (const text of ['0x3fa85f6457174562b3fc2c96', '0x3fa']) {
        const query = searchQuery(HistorySearchInputSchema.parse({ text }));
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${query.parts[0]!.sql}`).all(...query.parts[0]!.params).map((row) => String(row.detail));
        expect(plan.join('\n')).toMatch(/USING INDEX entries_zid/);
      }
    } finally {
      db.close();
    }
  });
});

describe('search filters', () => {
  it('applies each filter, alone and together', () => {
    const a = store.insert(sampleEntry({ startedAt: '2026-01-01T10:00:00.000Z', chainId: 1, status: 200, endpoint: 'permit2.quote' }));
    const b = store.insert(sampleEntry({ startedAt: '2026-01-02T10:00:00+02:00', chainId: 8453, status: 400, errorName: 'INPUT_INVALID' }));
    const c = store.insert(sampleEntry({ startedAt: '2026-01-03T10:00:00.000Z', chainId: 1, status: null, errorName: 'TIMEOUT', origin: 'imported' }));
    const d = store.insert(sampleEntry({ startedAt: '2026-01-04T10:00:00.000Z', sellToken: 'USDC', buyToken: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }));
    expect(ids({})).toEqual([d.id, c.id, b.id, a.id]);
    expect(ids({ from: '2026-01-02T08:00:00Z', to: '2026-01-03T10:00:00Z' })).toEqual([c.id, b.id]);
    expect(ids({ chainId: 1 })).toEqual([d.id, c.id, a.id]);
    expect(ids({ endpoint: 'permit2.quote' })).toEqual([a.id]);
    expect(ids({ status: 'ok' })).toEqual([d.id, a.id]);
    expect(ids({ status: 'error' })).toEqual([c.id, b.id]);
    expect(ids({ status: 400 })).toEqual([b.id]);
    expect(ids({ errorName: 'TIMEOUT' })).toEqual([c.id]);
    expect(ids({ origin: 'imported' })).toEqual([c.id]);
    // USDC is a symbol: d names it literally, and a and c sell USDC's Ethereum address on Ethereum.
    expect(ids({ token: 'usdc' })).toEqual([d.id, c.id, a.id]);
    expect(ids({ token: '0xdac17f958d2ee523a2206206994597c13d831ec7' })).toEqual([d.id]);
    expect(ids({ token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' })).toEqual([c.id, b.id, a.id]);
    expect(search({ text: 'US' })).toMatchObject({ rows: [], unknownSymbols: ['US'] });
    expect(ids({ text: '0xdAC17F' })).toEqual([]);
    expect(ids({ text: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toEqual([d.id]);
    expect(ids({ chainId: 1, status: 'error', errorName: 'TIMEOUT', from: '2026-01-03T00:00:00Z' })).toEqual([c.id]);
    expect(ids({ chainId: 1, status: 'ok', endpoint: 'allowance-holder.price' })).toEqual([d.id]);
  });

  it('pages newest first with a cursor until the last page says there is no next', () => {
    const inserted = store.insertMany(Array.from({ length: 25 }, () => sampleEntry()));
    const seen: number[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = search({ limit: 10, before });
      seen.push(...page.rows.map((row) => row.id));
      before = page.nextBefore ?? undefined;
      pages += 1;
    } while (before !== undefined);
    expect(pages).toBe(3);
    expect(seen).toEqual([...inserted].reverse());
    expect(search({ limit: 25 }).nextBefore).toBeNull();
    expect(search({ limit: 24 }).nextBefore).toBe(inserted[1]);
  });

  it('orders by each entry\'s own time, so imported entries sit among the others, and pages across equal times', () => {
    const sent = store.insert(sampleEntry({ startedAt: '2026-03-01T10:00:00.000Z' }));
    const later = store.insert(sampleEntry({ startedAt: '2026-03-03T10:00:00.000Z' }));
    const imported = store.insertMany([
      sampleEntry({ startedAt: '2026-03-02T10:00:00.000Z', origin: 'imported' }),
      sampleEntry({ startedAt: '2026-02-01T10:00:00.000Z', origin: 'imported' }),
      sampleEntry({ startedAt: '2026-03-03T10:00:00.000Z', origin: 'imported' }),
    ]);
    const expected = [imported[2]!, later.id, imported[0]!, sent.id, imported[1]!];
    expect(ids({})).toEqual(expected);
    const seen: number[] = [];
    let before: number | undefined;
    do {
      const page = search({ limit: 2, before });
      seen.push(...page.rows.map((row) => row.id));
      before = page.nextBefore ?? undefined;
    } while (before !== undefined);
    expect(seen).toEqual(expected);
    expect(ids({ origin: 'imported' })).toEqual([imported[2]!, imported[0]!, imported[1]!]);
  });

  it('pages on past a cursor entry that retention removed, from the time the list gives with it', () => {
    // Imported entries carry the customer's older times but newer ids: they outlive the sent entry
    // the cursor is, and sort after it.
    const sent = store.insertMany([sampleEntry({ startedAt: '2026-03-02T00:00:00.000Z' }), sampleEntry({ startedAt: '2026-03-03T00:00:00.000Z' })]);
    const imported = store.insertMany([sampleEntry({ startedAt: '2026-01-01T00:00:00.000Z', origin: 'imported' }), sampleEntry({ startedAt: '2026-01-02T00:00:00.000Z', origin: 'imported' })]);
    const first = search({ limit: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([sent[1], sent[0]]);
    expect(first.nextBefore).toBe(sent[0]);
    // The newest 3 by id are kept: the cursor's entry goes.
    expect(store.setRetention({ maxEntries: 3, maxAgeDays: null })).toBe(1);
    expect(search({ limit: 2, before: first.nextBefore!, beforeStartedAt: first.rows.at(-1)!.startedAt }).rows.map((row) => row.id)).toEqual([imported[1], imported[0]]);
  });

  it('walks one index in time order for a filtered list, with no sort step', () => {
    const db = new DatabaseSync(historyFileIn(dir), { readOnly: true });
    try {
      for (const filter of [{}, { chainId: 1 }, { endpoint: 'permit2.price' as const }, { origin: 'imported' as const }, { chainId: 1, before: 5 }]) {
        const query = searchQuery(HistorySearchInputSchema.parse(filter));
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${query.parts[0]!.sql}`).all(...query.parts[0]!.params).map((row) => String(row.detail)).join('\n');
        expect(plan).toMatch(/USING INDEX entries_/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      db.close();
    }
  });

  it('lists the replays of an entry through the replay_of index', () => {
    const original = store.insert(sampleEntry());
    const replays = [store.insert(sampleEntry({ replayOf: original.id })), store.insert(sampleEntry({ replayOf: original.id }))];
    store.insert(sampleEntry());
    expect(ids({ replayOf: original.id })).toEqual([replays[1]!.id, replays[0]!.id]);
    const db = new DatabaseSync(historyFileIn(dir));
    const query = searchQuery(HistorySearchInputSchema.parse({ replayOf: original.id }));
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${query.parts[0]!.sql}`).all(...query.parts[0]!.params).map((row) => String(row.detail));
    db.close();
    expect(plan.join(' ')).toContain('entries_replay_of');
  });

  it('counts the entries', () => {
    store.insertMany([sampleEntry(), sampleEntry(), sampleEntry()]);
    expect(store.count()).toBe(3);
  });
});

describe('retention', () => {
  it('keeps only the newest maxEntries, on setRetention and every N inserts', () => {
    store.close();
    store = HistoryStore.open(historyFileIn(dir), { retentionEvery: 5 });
    const first = store.insertMany(Array.from({ length: 10 }, () => sampleEntry()));
    expect(store.setRetention({ maxEntries: 4, maxAgeDays: null })).toBe(6);
    expect(ids({})).toEqual(first.slice(6).reverse());
    const more = Array.from({ length: 5 }, () => store.insert(sampleEntry()).id);
    expect(ids({})).toEqual(more.slice(1).reverse());
  });

  it('removes sent entries older than maxAgeDays, keeps imported ones, and applies the saved setting on open', () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const path = join(dir, 'aged.db');
    const aged = HistoryStore.open(path, { now: () => now });
    const old = aged.insert(sampleEntry({ startedAt: '2026-01-01T00:00:00Z' }));
    const imported = aged.insert(sampleEntry({ startedAt: '2025-01-01T00:00:00Z', origin: 'imported' }));
    const recent = aged.insert(sampleEntry({ startedAt: '2026-02-25T00:00:00Z' }));
    expect(aged.setRetention({ maxEntries: null, maxAgeDays: 30 })).toBe(1);
    expect(aged.get(old.id)).toBeNull();
    aged.close();
    now = new Date('2026-04-01T00:00:00Z');
    const reopened = HistoryStore.open(path, { now: () => now });
    expect(reopened.retention()).toEqual({ maxEntries: null, maxAgeDays: 30 });
    expect(reopened.get(recent.id)).toBeNull();
    expect(reopened.get(imported.id)).not.toBeNull();
    reopened.close();
  });

  it('keeps exactly the newest maxEntries when removed entries left holes in the ids', () => {
    const first = store.insertMany(Array.from({ length: 10 }, () => sampleEntry()));
    const holes = first.slice(2, 5);
    const db = new DatabaseSync(historyFileIn(dir));
    db.prepare(`DELETE FROM entries WHERE id IN (${holes.join(', ')})`).run();
    db.close();
    const kept = first.filter((id) => !holes.includes(id));
    // Ten ids span more than seven, but seven entries are left: nothing goes.
    expect(store.setRetention({ maxEntries: 7, maxAgeDays: null })).toBe(0);
    expect(store.setRetention({ maxEntries: 4, maxAgeDays: null })).toBe(3);
    expect(ids({})).toEqual(kept.slice(3).reverse());
  });

  // The pass runs on every open (each CLI command): at the default limit it must not read the rows.
  it('applies maxEntries on open without reading the entries themselves', () => {
    const path = join(dir, 'big.db');
    const big = HistoryStore.open(path);
    const stored = big.insertMany(Array.from({ length: 60 }, () => sampleEntry({}, 2_000)));
    big.close();
    // Damage the table page of an entry in the middle: only a read of that entry may meet it.
    const db = new DatabaseSync(path);
    const pages = db.prepare("SELECT pageno FROM dbstat WHERE name = 'entries' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[];
    db.close();
    const damaged = pages[Math.floor(pages.length / 2)]!.pageno;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (damaged - 1) * 4096);
    closeSync(fd);
    const reopened = HistoryStore.open(path);
    try {
      expect(reopened.notices).toEqual([]);
      expect(reopened.get(stored[stored.length - 1]!)?.id).toBe(stored[stored.length - 1]);
    } finally {
      reopened.close();
    }
  });

  it('tells onEntriesRemoved from when sent requests are still kept, only after a pass that removed some', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const told: number[] = [];
    const watched = HistoryStore.open(join(dir, 'watched.db'), { now: () => now, retentionEvery: 2, onEntriesRemoved: (since) => told.push(since) });
    watched.insert(sampleEntry({ startedAt: '2026-01-01T00:00:00Z' }));
    watched.insert(sampleEntry({ startedAt: '2025-06-01T00:00:00Z', origin: 'imported' }));
    watched.insert(sampleEntry({ startedAt: '2026-02-20T00:00:00Z' }));
    watched.insert(sampleEntry({ startedAt: '2026-02-25T00:00:00Z' }));
    expect(told).toEqual([]);
    // By age: the January request goes; the oldest sent request kept is the 20 February one.
    expect(watched.setRetention({ maxEntries: null, maxAgeDays: 30 })).toBe(1);
    expect(told).toEqual([Date.parse('2026-02-20T00:00:00Z')]);
    // A pass that removes nothing says nothing.
    watched.setRetention({ maxEntries: null, maxAgeDays: 60 });
    expect(told).toHaveLength(1);
    // By count, on the inserts' own pass: the imported entry and the 20 February request go.
    watched.setRetention({ maxEntries: 3, maxAgeDays: null });
    watched.insert(sampleEntry({ startedAt: '2026-02-28T00:00:00Z' }));
    watched.insert(sampleEntry({ startedAt: '2026-02-27T00:00:00Z' }));
    expect(told.slice(1)).toEqual([Date.parse('2026-02-25T00:00:00Z')]);
    // No sent request left at all: everything sent before the pass is gone.
    watched.insertMany(Array.from({ length: 3 }, () => sampleEntry({ startedAt: '2020-01-01T00:00:00Z', origin: 'imported' })));
    expect(told.slice(2)).toEqual([now.getTime()]);
    watched.close();
  });

  it('previews exactly what a setting would remove, removing nothing, by age, by count and both', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const path = join(dir, 'preview.db');
    const cases = [
      { maxEntries: 3, maxAgeDays: null },
      { maxEntries: null, maxAgeDays: 30 },
      { maxEntries: 2, maxAgeDays: 30 },
      { maxEntries: 5, maxAgeDays: 10 },
      { maxEntries: 100, maxAgeDays: 1_000 },
    ];
    for (const retention of cases) {
      rmSync(path, { force: true });
      const previewed = HistoryStore.open(path, { now: () => now });
      // Sent on 1 Jan, 1 Feb, 20 Feb, 25 Feb, 28 Feb, and two imported from 2025 (kept by age, not by count).
      for (const startedAt of ['2026-01-01', '2026-02-01', '2026-02-20', '2026-02-25', '2026-02-28']) previewed.insert(sampleEntry({ startedAt: `${startedAt}T00:00:00Z` }));
      for (const startedAt of ['2025-05-01', '2025-06-01']) previewed.insert(sampleEntry({ startedAt: `${startedAt}T00:00:00Z`, origin: 'imported' }));
      const preview = previewed.previewRetention(retention);
      expect(previewed.count(), 'the preview removed nothing').toBe(7);
      expect(preview.count).toBe(7);
      expect(previewed.setRetention(retention), JSON.stringify(retention)).toBe(preview.removes);
      previewed.close();
    }
  });

  it('removes nothing, and says why, when the saved setting cannot be read, rather than fall back to the default', () => {
    const path = join(dir, 'kept.db');
    const kept = HistoryStore.open(path);
    kept.setRetention({ maxEntries: null, maxAgeDays: null });
    const ids = kept.insertMany(Array.from({ length: 3 }, () => sampleEntry()));
    kept.close();
    // As a later version (a field this one does not know) or a hand edit with sqlite3 would leave it.
    const db = new DatabaseSync(path);
    db.prepare("UPDATE settings SET value = ? WHERE key = 'retention'").run('{"maxEntries": "none", "maxAgeDays": null}');
    db.close();
    const reopened = HistoryStore.open(path);
    expect(reopened.retention()).toEqual({ maxEntries: null, maxAgeDays: null });
    expect(reopened.notices).toEqual([{
      kind: 'retention-failed',
      at: expect.any(String),
      message: "The history's retention setting could not be read (maxEntries must be number): nothing is removed until it is set again in Settings.",
      path: null,
    }]);
    expect(ids.map((id) => reopened.get(id)?.id)).toEqual(ids);
    reopened.setRetention({ maxEntries: 2, maxAgeDays: null });
    reopened.close();
    const mended = HistoryStore.open(path);
    expect([mended.retention(), mended.notices]).toEqual([{ maxEntries: 2, maxAgeDays: null }, []]);
    mended.close();
  });

  it('defaults to the newest 100,000 entries of any age', () => {
    expect(store.retention()).toEqual({ maxEntries: 100_000, maxAgeDays: null });
  });
});

describe('schema reports stored by an older version', () => {
  // An Allowance Holder answer without mode and buyAmount, stored by a version whose report stopped
  // at the discriminator: the report it kept names mode only.
  const { mode: _mode, buyAmount: _buyAmount, ...body } = allowanceHolderPriceBody();
  const oldReport = [{ kind: 'missing' as const, path: '$.mode', detail: 'expected "exact-in" or "exact-out"' }];

  function writeFileOfPreviousVersion(path: string, entry: NewHistoryEntry): void {
    const db = new DatabaseSync(path);
    for (const migration of MIGRATIONS.slice(0, 4)) db.exec(migration);
    db.exec('PRAGMA user_version = 4');
    // The columns later migrations added (V5's schema_report_version, V6's client_error) are not in a file of version 4.
    const columns = INSERT_COLUMNS.filter((column) => column !== 'schema_report_version' && column !== 'client_error');
    db.prepare(`INSERT INTO entries (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...entryParams(entry).slice(0, columns.length));
    db.close();
  }

  it('computes the report of an entry stored before again from its body when it is opened, and keeps it', () => {
    store.close();
    const path = join(dir, 'old.db');
    writeFileOfPreviousVersion(path, sampleEntry({ endpoint: 'allowance-holder.price', bodyText: JSON.stringify(body), body, schemaReport: oldReport }));
    store = HistoryStore.open(path);
    const [id] = ids({});
    const today = schemaReport(AllowanceHolderPriceResponseSchema, body);
    expect(today.map((finding) => finding.path)).toEqual(['$.mode', '$.buyAmount']);
    expect(store.get(id!)!.schemaReport).toEqual(today);
    expect(store.get(id!)!.clientError).toBeNull();
    const db = new DatabaseSync(path, { readOnly: true });
    const row = db.prepare('SELECT schema_report_json, schema_report_version FROM entries WHERE id = ?').get(id!) as { schema_report_json: string; schema_report_version: number };
    db.close();
    expect(JSON.parse(row.schema_report_json)).toEqual(today);
    expect(row.schema_report_version).toBeGreaterThan(0);
  });

  it('keeps the report an entry was stored with by this version, and the note of a body kept as text only', () => {
    const stored = store.insert(sampleEntry({ endpoint: 'allowance-holder.price', bodyText: JSON.stringify(body), body, schemaReport: oldReport }));
    expect(store.get(stored.id)!.schemaReport).toEqual(oldReport);
    store.close();
    const path = join(dir, 'old-text.db');
    const note = [{ kind: 'invalid' as const, path: '$', detail: 'nested too deep: kept as text only' }];
    writeFileOfPreviousVersion(path, sampleEntry({ bodyText: '[[[[', body: null, schemaReport: note }));
    store = HistoryStore.open(path);
    expect(store.get(ids({})[0]!)!.schemaReport).toEqual(note);
  });
});
