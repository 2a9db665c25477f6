import { readFile } from 'node:fs/promises';
import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { overflowsRight, textsOnSeveralLines, wordsSplitAcrossLines } from './line-breaks.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Sends one request from the Explorer and answers the zid the service gave it. */
async function sendFromExplorer(explorer: ExplorerPage, fields: Parameters<ExplorerPage['fill']>[0]): Promise<string> {
  await explorer.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  await explorer.fill(fields);
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

/** A customer's history file: `count` price entries, every third one a 400 on Base. */
function customerFile(count: number): { text: string; zids: string[] } {
  const zids = Array.from({ length: count }, (_, i) => `0x${(0xabc0000 + i).toString(16).padStart(24, '0')}`);
  const base = Date.parse('2026-01-01T00:00:00Z');
  const entries = zids.map((zid, i) => {
    const failed = i % 3 === 0;
    const chainId = failed ? '8453' : '1';
    return {
      url: `https://127.0.0.1:4443/swap/allowance-holder/price?chainId=${chainId}&sellToken=USDC&buyToken=WETH&sellAmount=${1000 + i}`,
      method: 'GET',
      requestHeaders: { 'svc-api-key': '[redacted]', 'svc-version': 'v2' },
      query: { chainId, sellToken: 'USDC', buyToken: 'WETH', sellAmount: String(1000 + i) },
      status: failed ? 400 : 200,
      statusText: failed ? 'Bad Request' : 'OK',
      responseHeaders: { 'content-type': 'application/json' },
      bodyText: JSON.stringify(failed ? { name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid, details: [{ field: 'sellAmount', reason: 'too small' }] } } : { liquidityAvailable: false, zid }),
      startedAt: new Date(base + i * 1000).toISOString(),
      durationMs: 10,
      zid,
    };
  });
  return { text: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries }), zids };
}

test('a zid sent 1,000 entries earlier opens from the paste box with Ctrl+K and Enter', async ({ app, engine }) => {
  const zid = await sendFromExplorer(new ExplorerPage(app.page), { endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await engine.history.insertMany(Array.from({ length: 1_000 }, () => sampleEntry()));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.page.getByText('200 entries loaded')).toBeVisible();
  await history.openByZid(zid);
  await expect(history.detail).toContainText('allowance-holder.price');
  await expect(history.detail.getByRole('tab', { name: 'Explained' })).toHaveAttribute('aria-selected', 'true');
  // The keyboard is on the opened entry, not back on the sidebar.
  await expect(history.detail.getByRole('heading', { name: /^Entry #\d+/ })).toBeFocused();
});

test('a Permit2 quote is explained in history: calldata, EIP-712 hash, allowance advice, request and body; a replay links both ways', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const zid = await sendFromExplorer(explorer, { endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  await expect(history.detail.getByLabel('Decoded function')).not.toBeEmpty();
  await expect(history.detail.getByText(`zid ${zid}`, { exact: false }).first()).toBeVisible();
  await expect(history.detail.getByLabel('Hash check')).toContainText('Hash matches');
  await expect(history.detail.getByRole('table', { name: 'EIP-712 data' })).toBeVisible();
  // At 1280 the EIP-712 and calldata addresses read whole in the detail panel (break-all gave the
  // EIP-712 values 83 px there, an address over four lines), and both tables stay in the panel. So
  // do the bytes32 zidAndAffiliate and the numbers (nonce, minAmountOut): a value split mid-hex or
  // mid-number reads as two.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await expect(history.detail.getByRole('table', { name: 'Calldata arguments' })).toContainText(/zidAndAffiliate\s*bytes32\s*0x[0-9a-f]{64}/);
  for (const name of ['EIP-712 data', 'Calldata arguments']) {
    const table = history.detail.getByRole('table', { name });
    expect(await textsOnSeveralLines(table.locator('td.data'), '^0x[0-9a-fA-F]{40}$'), `${name}: addresses split`).toEqual([]);
    expect(await textsOnSeveralLines(table.locator('.data'), '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$'), `${name}: values split`).toEqual([]);
    expect(await overflowsRight(table, 'article'), `${name} overflows the panel`).toBe(false);
  }
  await app.page.setViewportSize({ width: 1360, height: 860 });
  await expect(history.detail.getByRole('list', { name: 'Allowance advice' })).toContainText('Permit2');
  await app.screenshot('history-detail');

  await history.tab('Request and response');
  await expect(history.detail.getByRole('table', { name: 'Query parameters' })).toContainText(TAKER);
  await expect(history.detail.getByRole('table', { name: 'Request headers' })).toContainText('svc-version');
  await expect(history.detail.getByRole('table', { name: 'Response headers' })).toContainText('content-type');

  await history.tab('Body');
  const tree = history.detail.getByRole('list', { name: 'JSON tree' });
  await history.detail.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree).toContainText(zid);
  await tree.getByRole('button', { name: 'Expand $.permit2' }).click();
  await expect(tree.getByRole('button', { name: 'Collapse $.permit2' })).toBeVisible();
  await expect(tree).toContainText('eip712');
  await history.detail.getByRole('tab', { name: 'Raw text' }).click();
  // Long lines wrap with a ↪ mark wherever the width falls; read the text without the marks.
  await expect.poll(async () => (await history.detail.getByRole('list', { name: 'Raw body' }).textContent())?.replaceAll('↪', '')).toContain(`"zid":"${zid}"`);
  // Every row is shown whole, none cut at the panel's edge (the wrap falls inside the panel), on
  // the narrowest screen and the widest, as raw text and formatted.
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await app.page.setViewportSize(viewport);
    for (const [tab, list] of [['Raw text', 'Raw body'], ['Formatted', 'Formatted body']] as const) {
      await history.detail.getByRole('tab', { name: tab }).click();
      const rows = history.detail.getByRole('list', { name: list }).getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      await expect
        .poll(async () => rows.evaluateAll((items) => items.filter((item) => item.querySelector('.text')!.getBoundingClientRect().right > item.getBoundingClientRect().right + 0.5).length), {
          message: `${tab} rows cut at ${viewport.width}px`,
        })
        .toBe(0);
    }
    // Each view fills the window below it, and is never shorter than 460 px: at 1920 a fixed
    // 460 px showed about half of a quote's tree over half a screen of nothing.
    for (const [tab, list] of [['Tree', 'JSON tree'], ['Raw text', 'Raw body']] as const) {
      await history.detail.getByRole('tab', { name: tab }).click();
      const box = (await history.detail.getByRole('list', { name: list }).boundingBox())!;
      const below = viewport.height - (box.y + box.height);
      expect({ fits: below >= 0, fills: below <= 60 || box.height <= 461, isTallEnough: box.height >= 400 }, `${tab} at ${viewport.width}px: ${box.height} px tall, ${below} px under it`).toEqual({ fits: true, fills: true, isTallEnough: true });
    }
  }
  await app.page.setViewportSize({ width: 1360, height: 860 });

  const originalId = Number((await history.detail.getByRole('heading', { level: 2 }).textContent())?.match(/#(\d+)/)?.[1]);
  await history.detail.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(history.detail.getByRole('button', { name: `Replay of #${originalId}` })).toBeVisible();
  await expect(history.detail.getByLabel('Entry zid')).not.toHaveText(zid);
  await history.detail.getByRole('button', { name: `Replay of #${originalId}` }).click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zid);
  await expect(history.detail.getByRole('button', { name: new RegExp(`^Replayed as #${originalId + 1} \\(200\\)$`) })).toBeVisible();
});

test('two prices diff by JSON path, with the amount changes in bps and human units beside base units', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const first = await sendFromExplorer(explorer, { endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  const second = await sendFromExplorer(explorer, { amount: '2' });
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(second).getByRole('button').click();
  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await expect(history.detail.getByRole('status')).toHaveText('Pick the entry to compare with in the list.');
  await history.row(first).getByRole('button').click();
  const query = history.diff.getByRole('table', { name: 'Query differences' });
  await expect(query.getByRole('row', { name: /^\$\.sellAmount changed "1000000000000000000" 1 WETH "2000000000000000000" 2 WETH \+10,000\.00 bps$/ })).toBeVisible();
  const body = history.diff.getByRole('table', { name: 'Body differences' });
  await expect(body.getByRole('row', { name: /^\$\.sellAmount changed .* \+10,000\.00 bps$/ })).toBeVisible();
  await expect(body.getByRole('row', { name: /^\$\.buyAmount changed .* \+[\d,]+\.\d\d bps$/ })).toBeVisible();
  // An amount in human units breaks only at its space: no symbol split over two lines ("USD" / "C").
  const splitSymbols = await history.diff.locator('.human').evaluateAll((spans) =>
    spans
      .filter((span) => {
        const text = span.firstChild;
        if (!text?.textContent) return false;
        const range = document.createRange();
        range.setStart(text, text.textContent.lastIndexOf(' ') + 1);
        range.setEnd(text, text.textContent.length);
        return range.getClientRects().length > 1;
      })
      .map((span) => span.textContent),
  );
  expect(splitSymbols).toEqual([]);
  await expect(body.getByRole('row', { name: /^\$\.zid changed/ })).toContainText(second);
  // The narrowest screen the app is made for: what fits there fits everywhere.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  // The two sides' lines fit the panel, each value on one line (no endpoint split at its hyphen).
  const sides = history.diff.locator('table.who');
  expect(await textsOnSeveralLines(sides.locator('td, time')), 'side values split').toEqual([]);
  expect(await overflowsRight(sides, 'section'), 'the sides overflow the panel').toBe(false);
  // An amount in base units stays whole at 1280 px: "29330" / "34698" read as two numbers.
  expect(await textsOnSeveralLines(history.diff.locator('td.value'), '^"\\d+"$'), 'amounts split').toEqual([]);
  // So does a zid: "0xff41177d9d48669798" / "fdefeb" read as two values. Both sides' zids fit side
  // by side there (the amount change is under the After value), with no sideways scrolling.
  await expect(body.getByRole('row', { name: /^\$\.zid changed/ })).toContainText(second);
  expect(await textsOnSeveralLines(history.diff.locator('.value'), '^"0x[0-9a-fA-F]+"$'), 'hex values split').toEqual([]);
  const bodyBox = history.diff.getByRole('region', { name: 'Body differences, scrolls sideways' });
  expect(await bodyBox.evaluate((element) => element.scrollWidth - element.clientWidth), 'the body differences scroll sideways').toBeLessThanOrEqual(0);
  // ...and the amount change column is in the panel, not cut at its edge.
  const overflowing = await history.diff.locator('table.rows').evaluateAll((tables) =>
    tables.filter((table) => table.getBoundingClientRect().right > table.closest('section')!.getBoundingClientRect().right).map((table) => table.getAttribute('aria-label')),
  );
  expect(overflowing).toEqual([]);
  await app.screenshot('history-diff');
  await history.diff.getByRole('button', { name: 'Back to entry' }).click();
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(second);
});

test('at 1280 px a diff of two Permit2 quotes shows every address and hash whole, both sides in the panel', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const first = await sendFromExplorer(explorer, { endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
  const second = await sendFromExplorer(explorer, { buy: 'DAI', amount: '2000' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(second).getByRole('button').click();
  await history.detail.getByRole('button', { name: 'Compare with…' }).click();
  await history.row(first).getByRole('button').click();
  const body = history.diff.getByRole('table', { name: 'Body differences' });
  // The tokens' addresses and the Permit2 hash differ: each reads whole, an address split after
  // its 30th digit reads as no address at all.
  const hash = body.getByRole('row', { name: /^\$\.permit2\.hash changed/ });
  await expect(hash).toContainText(/"0x[0-9a-f]{64}".*"0x[0-9a-f]{64}"/);
  await expect(body.getByRole('row', { name: /^\$\.buyToken changed/ })).toBeVisible();
  expect(await textsOnSeveralLines(history.diff.locator('.value'), '^"0x([0-9a-fA-F]{24}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})"$'), 'hex values split').toEqual([]);
  // Both sides in view, with no sideways scrolling: an After column past the panel's edge is not compared.
  const box = history.diff.getByRole('region', { name: 'Body differences, scrolls sideways' });
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth), 'the body differences scroll sideways').toBeLessThanOrEqual(0);
  expect(await overflowsRight(hash.getByText(/^"0x/).last(), 'section'), 'the After hash overflows the panel').toBe(false);
  await hash.scrollIntoViewIfNeeded();
  await app.screenshot('history-diff-quotes');
});

test("at 1280 px an imported entry's URL, headers and query wrap between words and list items, never inside one", async ({ app }) => {
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await app.show('History');
  const recipients = `${'0x1111111111111111111111111111111111111111'},${'0x2222222222222222222222222222222222222222'}`;
  const entry = {
    url: `https://api.0x.org/swap/allowance-holder/price?chainId=1&sellAmount=1&swapFeeRecipient=${recipients}`,
    method: 'GET',
    requestHeaders: { 'svc-version': 'v2', 'user-agent': 'customer-trading-desk/4.12.0 (linux; x64; build 20261120) node/22.11.0 undici/6.21.0 axios/1.7.9' },
    query: { chainId: '1', sellAmount: '1', swapFeeRecipient: recipients },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json', 'cache-control': 'no-store, no-cache, must-revalidate, proxy-revalidate, max-age=0' },
    bodyText: JSON.stringify({ liquidityAvailable: false, zid: '0x00000000000000000000f00d' }),
    startedAt: '2026-11-20T09:30:00.000Z',
    durationMs: 12,
    zid: '0x00000000000000000000f00d',
  };
  const history = new HistoryPage(app.page);
  await history.importEntries([entry]);
  await history.row(entry.zid).getByRole('button').click();
  await history.tab('Request and response');
  const values = history.detail.locator('table[aria-label="Query parameters"] td, table[aria-label="Request headers"] td, table[aria-label="Response headers"] td, code[aria-label="Request URL"]');
  await expect(history.detail.getByRole('table', { name: 'Request headers' })).toContainText('customer-trading-desk/4.12.0');
  // "(linux; x64; b" / "uild" or an address cut after its 30th digit: a word split reads as two.
  expect(await wordsSplitAcrossLines(values), 'words split').toEqual([]);
  expect(await textsOnSeveralLines(history.detail.getByRole('table', { name: 'Query parameters' }).locator('td'), '^0x[0-9a-fA-F]{40},?$'), 'addresses split').toEqual([]);
  await app.screenshot('history-imported-headers-1280');
});

test('checked entries export as a redacted HAR that imports back, marked Imported', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const zid = await sendFromExplorer(explorer, { endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(zid).getByRole('checkbox').check();
  const download = app.page.waitForEvent('download');
  await app.page.getByRole('button', { name: 'Export HAR' }).click();
  const file = await (await download).path();
  const har = JSON.parse(await readFile(file, 'utf8')) as { log: { version: string; entries: { request: { headers: { name: string; value: string }[] } }[] } };
  expect(har.log.version).toBe('1.2');
  expect(har.log.entries).toHaveLength(1);
  expect(har.log.entries[0]!.request.headers.find((header) => header.name === 'svc-api-key')?.value).toBe('REDACTED');

  await app.page.getByLabel('Import file').setInputFiles(file);
  await expect(app.page.getByRole('status').filter({ hasText: 'Imported 1 entry, marked Imported; replay one on a profile you choose.' })).toBeVisible();
  await expect(history.row(zid)).toHaveCount(2);
  await history.row(zid).filter({ hasText: 'Imported' }).getByRole('button').click();
  await expect(history.detail.getByText('Imported', { exact: true })).toBeVisible();
  // An imported entry is the customer's: it replays on a profile of ours, chosen beside the button.
  await expect(history.detail.getByLabel('Replay with')).toBeVisible();
  await expect(history.detail.getByRole('button', { name: 'Replay', exact: true })).toBeEnabled();
  // A file records how long the exchange took, not how many tries it took: no "in 0 attempts".
  await history.tab('Request and response');
  await expect(history.detail.getByRole('row', { name: /^Timing / })).toHaveText(/^Timing[\d.]+ ms, as the imported file records it \(attempts not recorded\)$/);
  await history.tab('Explained');
  await expect(history.detail.getByText(/\d attempts?\b/)).toHaveCount(0);
});

test('filters narrow a customer file by chain, status, error name, time and token', async ({ app }) => {
  const { text, zids } = customerFile(30);
  await app.show('History');
  await app.page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(app.page.getByRole('status').filter({ hasText: 'Imported 30 entries' })).toBeVisible();
  const filters = app.page.getByRole('group', { name: 'Filters' });
  const loaded = app.page.getByText(/ (entries|entry) loaded/);
  await filters.getByLabel('Chain').selectOption({ label: 'Base (8453)' });
  await expect(loaded).toHaveText('10 entries loaded');
  await filters.getByLabel('Status').selectOption({ label: 'Success (2xx)' });
  await expect(loaded).toHaveText('0 entries loaded');
  await filters.getByLabel('Status').selectOption({ label: 'Any failure' });
  await filters.getByLabel('Error name').fill('INPUT_INVALID');
  await filters.getByLabel('Error name').dispatchEvent('change');
  await expect(loaded).toHaveText('10 entries loaded');
  const history = new HistoryPage(app.page);
  // The list names the chain as the filter and every other screen do (one source of chain names).
  await expect(history.row(zids[27]!)).toContainText('Base (8453)');
  await history.row(zids[27]!).getByRole('button').click();
  await expect(history.detail.getByRole('heading', { name: 'INPUT_INVALID' })).toBeVisible();
  await expect(history.detail.getByRole('alert', { name: 'Error' })).toContainText('Likely cause:');
  await expect(history.detail.getByRole('table', { name: 'Field details' })).toContainText('too small');
  await app.screenshot('history-search');
  await filters.getByRole('button', { name: 'Clear filters (3)' }).click();
  await expect(loaded).toHaveText('30 entries loaded');
  // Entry i was made at 00:00:i UTC; the inputs take local time, as the user reads the list.
  const local = (iso: string) => new Date(Date.parse(iso) - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  await filters.getByLabel('From', { exact: true }).fill(local('2026-01-01T00:00:10Z'));
  await filters.getByLabel('To', { exact: true }).fill(local('2026-01-01T00:00:19Z'));
  await expect(loaded).toHaveText('10 entries loaded');
  await expect(app.page.getByRole('list', { name: 'History entries' })).toContainText(zids[19]!);
  await filters.getByLabel('To', { exact: true }).fill(local('2026-01-01T00:00:10Z'));
  await expect(loaded).toHaveText('1 entry loaded');
  // At 1280 a date and time need half the filters' width: in a third, "01/01/2026, 01:45 AM"
  // showed as "01/01/2026, 01:4".
  await app.page.setViewportSize({ width: 1280, height: 800 });
  const toBox = (await filters.getByLabel('To', { exact: true }).boundingBox())!;
  const filtersBox = (await filters.boundingBox())!;
  expect(toBox.width / filtersBox.width).toBeGreaterThan(0.45);
  await filters.getByRole('button', { name: /^Clear filters/ }).click();
  await filters.getByLabel('Token').fill('weth');
  await filters.getByLabel('Token').dispatchEvent('change');
  await expect(loaded).toHaveText('30 entries loaded');
});

test('a token symbol in any case finds what the Explorer sent, each row naming its pair; an unknown symbol is said, not an empty list', async ({ app }) => {
  const explorer = new ExplorerPage(app.page);
  const usdc = await sendFromExplorer(explorer, { endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  const dai = await sendFromExplorer(explorer, { sell: 'WETH', buy: 'DAI', amount: '1' });
  const chains = await sendFromExplorer(explorer, { endpoint: 'Swap chains' });
  await app.show('History');
  const history = new HistoryPage(app.page);
  // The Explorer sent addresses; the row names the tokens by their symbols on the entry's chain.
  await expect(history.row(usdc)).toContainText('WETH → USDC');
  await expect(history.row(dai)).toContainText('WETH → DAI');
  // A chain list names no tokens: its row has no pair ("? → ?" once).
  await expect(history.row(chains)).toContainText('swap.chains');
  await expect(history.row(chains)).not.toContainText('→');
  await history.searchFor('usdc');
  await expect(history.loaded).toHaveText('1 entry loaded');
  await expect(history.row(usdc)).toBeVisible();
  await history.searchFor('WETH');
  await expect(history.loaded).toHaveText('2 entries loaded');
  // A known symbol that no entry named: said, with what emptied the list.
  await history.searchFor('USDT');
  await expect(history.loaded).toHaveText('0 entries loaded');
  await expect(app.page.getByRole('status').filter({ hasText: 'No entry matches “USDT”. Clear the search or the filters to see every entry.' })).toBeVisible();
  await history.searchFor('usdx');
  await expect(history.loaded).toHaveText('0 entries loaded');
  await expect(app.page.getByRole('status').filter({ hasText: 'No entry matches' })).toHaveCount(0);
  await expect(app.page.getByRole('status').filter({ hasText: '“usdx” is not a known token symbol on any chain' })).toBeVisible();
  await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Token').fill('Dai');
  await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Token').dispatchEvent('change');
  await history.searchFor('');
  await expect(history.loaded).toHaveText('1 entry loaded');
  await expect(history.row(dai)).toBeVisible();
  await app.expectNoSeriousAxe('a history list filtered by a token symbol');

  // At 1280 a row shows the whole chain name: only the pair or the endpoint may give way.
  await app.page.setViewportSize({ width: 1280, height: 800 });
  const cut = await history.row(dai).evaluate((row) => {
    const chain = row.querySelector('.chain')!;
    return { text: chain.textContent, isCut: chain.scrollWidth > chain.clientWidth || chain.getBoundingClientRect().right > row.getBoundingClientRect().right };
  });
  expect(cut).toEqual({ text: '· Ethereum (1)', isCut: false });
  // On the first line the pair is what gives way (with a scrollbar drawn, "400 INPUT_INVALID"
  // was cut at the row's edge while the pair kept its whole width), and the outcome is inside.
  const top = await history.row(dai).evaluate((row) => ({
    // The pair gives way before the outcome (which gives way only once the pair is at its least).
    isPairFirstToShrink: Number(getComputedStyle(row.querySelector('.pair')!).flexShrink) > Number(getComputedStyle(row.querySelector('.outcome')!).flexShrink),
    isOutcomeInside: row.querySelector('.outcome')!.getBoundingClientRect().right <= row.getBoundingClientRect().right,
  }));
  expect(top).toEqual({ isPairFirstToShrink: true, isOutcomeInside: true });
  await app.page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^Clear filters/ }).click();
  await expect(history.loaded).toHaveText('3 entries loaded');
  // The list is as tall as its three rows, not a screenful of empty space below them.
  const list = app.page.getByRole('list', { name: 'History entries' });
  const rowsBottom = await list.getByRole('listitem').last().evaluate((row) => row.getBoundingClientRect().bottom);
  expect((await list.boundingBox())!.y + (await list.boundingBox())!.height - rowsBottom).toBeLessThanOrEqual(1);
  // Import is a page action beside the heading; the checked entries' bar keeps each of its
  // groups on one line at 1280 with an entry checked (its widest state), no button alone below.
  await history.row(dai).getByRole('checkbox').check();
  const heading = (await app.heading('History').boundingBox())!;
  const importBox = (await app.page.locator('label.file-picker', { hasText: 'Import file' }).boundingBox())!;
  expect(importBox.y < heading.y + heading.height && importBox.y + importBox.height > heading.y, 'Import file… beside the heading').toBe(true);
  const splitGroups = await app.page.locator('.transfer .group').evaluateAll((groups) =>
    // On one line a group is no taller than its tallest child.
    groups.filter((group) => group.getBoundingClientRect().height > Math.max(...[...group.children].map((child) => child.getBoundingClientRect().height)) + 1).map((group) => group.textContent),
  );
  expect(splitGroups).toEqual([]);
  await history.row(dai).getByRole('checkbox').uncheck();
  await app.screenshotAtBothSizes('history-list', () => app.heading('History').scrollIntoViewIfNeeded());
});

test('a malformed file is refused with its field path and nothing is imported', async ({ app }) => {
  await app.show('History');
  const bad = JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [{ url: 'nope' }] });
  await app.page.getByLabel('Import file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
  await expect(app.page.getByRole('status').filter({ hasText: '$.entries[0].url' })).toHaveText(/^INVALID_INPUT: bad\.json: Not a valid Swap Explorer history export: \$\.entries\[0\]\.url must be an absolute URL.*Nothing was imported\.$/);
  await expect(app.page.getByText('0 entries loaded')).toBeVisible();
  // An empty history says so (not "no entry matches": nothing is searched or filtered), and not that
  // the CLI's requests land here: they go to the CLI's own data folder unless --data-dir names the app's.
  await expect(app.page.getByRole('status').filter({ hasText: /^History is empty: / })).toHaveText(
    "History is empty: every request the app sends is kept here, and a customer's HAR or JSON file can be imported. The CLI keeps its requests in its own data folder unless its --data-dir names this app's (About shows it).",
  );
});
