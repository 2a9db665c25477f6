import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistorySearchInputSchema, type HistorySearchFilter } from '../../ipc/channels/history.ts';
import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';
import { searchQuery } from './search-query.ts';
import { historyFileIn } from './history-path.ts';

// Real addresses of the token registry: USDC and WETH differ per chain; TAXD is a demo token.
const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const WETH_MAINNET = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const WETH_BASE = '0x4200000000000000000000000000000000000006';
const TAXD = '0x7a7a000000000000000000000000000000000001';

let dir: string;
let store: HistoryStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-token-search-'));
  store = HistoryStore.open(historyFileIn(dir));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (filter: Partial<HistorySearchFilter>) => store.search(HistorySearchInputSchema.parse(filter));
const ids = (filter: Partial<HistorySearchFilter>) => search(filter).rows.map((row) => row.id);

function seed() {
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, (second += 1))).toISOString();
  return {
    mainnet: store.insert(sampleEntry({ startedAt: at(), chainId: 1, sellToken: USDC_MAINNET, buyToken: WETH_MAINNET })).id,
    base: store.insert(sampleEntry({ startedAt: at(), chainId: 8453, sellToken: WETH_BASE, buyToken: USDC_BASE })).id,
    // Mainnet's USDC address on Base is not USDC there: a symbol names one address per chain.
    wrongChain: store.insert(sampleEntry({ startedAt: at(), chainId: 8453, sellToken: USDC_MAINNET, buyToken: WETH_BASE })).id,
    taxed: store.insert(sampleEntry({ startedAt: at(), chainId: 1, sellToken: TAXD, buyToken: WETH_MAINNET })).id,
    // An imported customer request that named the symbol itself.
    literal: store.insert(sampleEntry({ startedAt: at(), chainId: 1, origin: 'imported', sellToken: 'USDC', buyToken: 'WETH' })).id,
  };
}

describe('history search by token symbol', () => {
  it('finds a symbol, in any letter case, by its address on each entry\'s own chain', () => {
    const e = seed();
    for (const text of ['USDC', 'usdc', ' Usdc ']) expect(ids({ text })).toEqual([e.literal, e.base, e.mainnet]);
    expect(ids({ text: 'weth' })).toEqual([e.literal, e.taxed, e.wrongChain, e.base, e.mainnet]);
    expect(ids({ token: 'usdc' })).toEqual([e.literal, e.base, e.mainnet]);
    expect(ids({ token: 'USDC', chainId: 8453 })).toEqual([e.base]);
    expect(search({ text: 'usdc' }).unknownSymbols).toEqual([]);
  });

  it('finds the local service\'s demo taxed token by its symbol', () => {
    const e = seed();
    expect(ids({ text: 'taxd' })).toEqual([e.taxed]);
    expect(ids({ token: 'TAXD' })).toEqual([e.taxed]);
  });

  it('says a symbol no chain lists is unknown, rather than only answering no rows', () => {
    seed();
    expect(search({ text: 'USDX' })).toEqual({ rows: [], nextBefore: null, unknownSymbols: ['USDX'] });
    expect(search({ token: 'nope' }).unknownSymbols).toEqual(['nope']);
  });

  it('keeps addresses (whole or a start) and zids (whole or a prefix) as they were', () => {
    const e = seed();
    const zid = store.insert(sampleEntry({ zid: '0x3fa85f6457174562b3fc2c96', chainId: 10, sellToken: null, buyToken: null }));
    expect(ids({ token: USDC_MAINNET.toUpperCase().replace('0X', '0x') })).toEqual([e.wrongChain, e.mainnet]);
    expect(ids({ text: USDC_BASE.toLowerCase() })).toEqual([e.base]);
    expect(ids({ text: TAXD.slice(0, 30) })).toEqual([e.taxed]);
    // The start of an address written 0X…, as some tools print it, is still a start.
    expect(ids({ text: `0X${TAXD.slice(2, 30).toUpperCase()}` })).toEqual([e.taxed]);
    expect(ids({ text: '0x3FA85F6457174562B3FC2C96' })).toEqual([zid.id]);
    expect(ids({ text: '0x3fa85f' })).toEqual([zid.id]);
    expect(search({ text: '0x3fa' }).unknownSymbols).toEqual([]);
  });

  it('pages a symbol search with the cursor, newest first, each entry once', () => {
    const inserted = store.insertMany(Array.from({ length: 7 }, (_, i) => sampleEntry({ startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), chainId: 1, sellToken: USDC_MAINNET, buyToken: USDC_MAINNET })));
    const seen: number[] = [];
    let before: number | undefined;
    do {
      const page = search({ text: 'USDC', limit: 3, before });
      seen.push(...page.rows.map((row) => row.id));
      before = page.nextBefore ?? undefined;
    } while (before !== undefined);
    expect(seen).toEqual([...inserted].reverse());
  });

  it('walks one index per (chain, address, side) in time order, with no sort step', () => {
    seed();
    const db = new DatabaseSync(historyFileIn(dir), { readOnly: true });
    try {
      for (const filter of [{ text: 'usdc' }, { token: 'WETH', chainId: 8453 }, { text: 'taxd', before: 3 }]) {
        const { parts } = searchQuery(HistorySearchInputSchema.parse(filter));
        for (const part of parts) {
          const plan = db.prepare(`EXPLAIN QUERY PLAN ${part.sql}`).all(...part.params).map((row) => String(row.detail)).join('\n');
          expect(plan).toMatch(/USING INDEX entries_(chain_)?(sell|buy)_token /);
          expect(plan).not.toMatch(/TEMP B-TREE/);
        }
      }
    } finally {
      db.close();
    }
  });
});
