import { sampleEntry } from '../src/core/history/sample-entries.ts';
import { expect, test } from './fixtures.ts';
import { HistoryPage } from './pages/history-page.ts';
import { overflowsRight, textsOnSeveralLines } from './line-breaks.ts';

/** `count` entries a second apart, newest last, with zids 0x…0 to 0x…(count-1) in hex. */
function entries(count: number): { zids: string[]; list: ReturnType<typeof sampleEntry>[] } {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const zids = Array.from({ length: count }, (_, i) => `0x${(0xabc000 + i).toString(16).padStart(24, '0')}`);
  return { zids, list: zids.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })) };
}

test('arrow keys in the search box move to a row and Enter opens that row, not the first', async ({ app, engine }) => {
  const { zids, list } = entries(30);
  await engine.history.insertMany(list);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('30 entries loaded');
  await history.search.focus();
  for (let i = 0; i < 3; i += 1) await app.page.keyboard.press('ArrowDown');
  // Newest first: the fourth row is the fourth newest entry.
  await expect(history.list.locator('.line.selected .zid')).toHaveText(zids[26]!);
  await app.page.keyboard.press('Enter');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[26]!);
  // Past the rows the list shows (about 12): the list scrolls to keep the highlighted row in view.
  await history.search.focus();
  for (let i = 0; i < 20; i += 1) await app.page.keyboard.press('ArrowDown');
  await expect(history.list.locator('.line.selected .zid')).toHaveText(zids[6]!);
  const isInList = await history.list.locator('.line.selected').evaluate((line) => {
    const row = line.getBoundingClientRect();
    const list = line.closest('[role="list"]')!.getBoundingClientRect();
    return row.top >= list.top && row.bottom <= list.bottom;
  });
  expect(isInList, 'the highlighted row is inside the list, not scrolled out of it').toBe(true);
  await app.page.keyboard.press('ArrowUp');
  await expect(history.list.locator('.line.selected .zid')).toHaveText(zids[7]!);
  await app.page.keyboard.press('Enter');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[7]!);
  // Typed then Enter at once: the new search's first row, not a row of the previous results.
  await history.search.fill(zids[5]!.slice(0, 25));
  await history.search.press('Enter');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[15]!);
});

test("an entry's tabs and the body's views answer the arrow keys, Home and End, and Tab leaves the list", async ({ app, engine }) => {
  const { zids, list } = entries(1);
  await engine.history.insertMany(list);
  await app.show('History');
  const history = new HistoryPage(app.page);
  await history.row(zids[0]!).getByRole('button').click();
  const tab = (name: string) => history.detail.getByRole('tab', { name, exact: true });
  // A tab list read out as "tab, 1 of 3" is moved through with the arrows (WAI-ARIA tabs); before,
  // the arrows did nothing and Tab stepped through every tab.
  await tab('Explained').focus();
  await app.page.keyboard.press('ArrowRight');
  await expect(tab('Request and response')).toBeFocused();
  await expect(tab('Request and response')).toHaveAttribute('aria-selected', 'true');
  await expect(history.detail.getByRole('table', { name: 'Query parameters' })).toBeVisible();
  await app.page.keyboard.press('End');
  await expect(tab('Body')).toBeFocused();
  await expect(tab('Body')).toHaveAttribute('aria-selected', 'true');
  await app.page.keyboard.press('ArrowRight');
  await expect(tab('Explained')).toBeFocused();
  await app.page.keyboard.press('ArrowLeft');
  await expect(tab('Body')).toBeFocused();
  // Only the selected tab is in the Tab order: Tab goes on past the list, into the Body panel,
  // whose first stop is the selected one of its own Tree / Formatted / Raw text views.
  await expect(tab('Explained')).toHaveAttribute('tabindex', '-1');
  await app.page.keyboard.press('Tab');
  await expect(tab('Tree')).toBeFocused();

  // The body's views, the same way.
  await app.page.keyboard.press('ArrowRight');
  await expect(tab('Formatted')).toBeFocused();
  await expect(tab('Formatted')).toHaveAttribute('aria-selected', 'true');
  await expect(history.detail.getByRole('region', { name: 'Formatted body' }).or(history.detail.getByLabel('Formatted body'))).toBeVisible();
  await app.page.keyboard.press('Home');
  await expect(tab('Tree')).toBeFocused();
  await expect(history.detail.getByRole('list', { name: 'JSON tree' })).toBeVisible();
});

test("a row's token addresses reach a screen reader as its description, and the entry opened from the keyboard shows them whole", async ({ app, engine }) => {
  const { zids, list } = entries(2);
  await engine.history.insertMany(list);
  await app.show('History');
  const history = new HistoryPage(app.page);
  const [sell, buy] = ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'];
  // Before, only a pointer's hover (the pair's title) showed them.
  await expect(history.row(zids[1]!).getByRole('button')).toHaveAccessibleDescription(`sells USDC ${sell}, buys WETH ${buy}`);
  // The search box's Enter opens the highlighted row, the newest.
  await history.search.focus();
  await app.page.keyboard.press('Enter');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[1]!);
  const addresses = history.detail.getByRole('list', { name: 'Token addresses' });
  await expect(addresses.getByRole('listitem')).toHaveText([`Sell USDC ${sell}`, `Buy WETH ${buy}`]);
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await app.page.setViewportSize({ width, height });
    // Each address whole, on one line, inside the panel.
    expect(await textsOnSeveralLines(addresses.locator('code')), `addresses split at ${width}`).toEqual([]);
    for (const code of await addresses.locator('code').all()) expect(await overflowsRight(code, 'article'), `an address past the panel at ${width}`).toBe(false);
  }
  await app.expectNoSeriousAxe("an entry's header with its token addresses");
  await app.screenshotAtBothSizes('history-token-addresses', () => history.detail.scrollIntoViewIfNeeded());
});

test("a long error name in a row gives way with an ellipsis inside the row, beside part of the pair, rather than run past its edge", async ({ app, engine }) => {
  const names = ['RECIPIENT_NOT_AUTHORIZED_FOR_TRADE', 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE', 'INPUT_INVALID'];
  await engine.history.insertMany(names.map((name, i) => sampleEntry({ zid: `0x${(0xe000 + i).toString(16).padStart(24, '0')}`, status: name === 'INPUT_INVALID' ? 400 : 403, errorName: name })));
  // A request that got no answer says so, as its header does, not a bare dash.
  await engine.history.insert(sampleEntry({ zid: null, status: null, statusText: '', responseHeaders: {}, bodyText: '', body: null, appError: { code: 'TIMEOUT', message: 'No answer within 10 s' } }));
  await app.show('History');
  const history = new HistoryPage(app.page);
  await expect(history.loaded).toHaveText('4 entries loaded');
  await expect(history.row('no zid').locator('.outcome')).toHaveText('no response');
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await app.page.setViewportSize({ width, height });
    for (const name of names) {
      const row = history.list.getByRole('listitem').filter({ hasText: name });
      const outcome = row.locator('.outcome');
      await expect(outcome).toHaveAttribute('title', new RegExp(`^40[03] ${name}$`));
      // Inside the entry's button, whose overflow is hidden: past its edge the name was cut unseen.
      expect(await overflowsRight(outcome, 'button'), `${name} past the row at ${width}`).toBe(false);
      const [pair, zid] = await Promise.all([row.locator('.pair').boundingBox(), row.locator('.zid').boundingBox()]);
      expect(pair!.width, `the pair beside ${name} at ${width}`).toBeGreaterThan(40);
      expect(await row.locator('.zid').evaluate((element) => element.scrollWidth <= element.clientWidth + 0.5), `the zid whole at ${width}`).toBe(true);
      expect(zid!.width).toBeGreaterThan(0);
    }
  }
  await app.screenshotAtBothSizes('history-long-error-names', () => history.list.scrollIntoViewIfNeeded());
});
