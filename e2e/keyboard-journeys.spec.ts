import { sampleEntry } from '../src/core/history/sample-entries.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { HistoryPage } from './pages/history-page.ts';
import { LadderPage } from './pages/ladder-page.ts';
import { PasteBox } from './pages/paste-box.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Keyboard-only journeys: after each action the focus stays on (or moves to) something the user can
// see and go on from, never to the page's <body>, where a screen reader loses its place and the next
// Tab starts over from the sidebar.

/** Presses Enter on a control reached from the keyboard (so its ring shows, as for a keyboard user). */
async function pressFromKeyboard(control: Locator): Promise<void> {
  await control.focus();
  await control.page().keyboard.press('Shift+Tab');
  await control.page().keyboard.press('Tab');
  await expect(control).toBeFocused();
  await control.page().keyboard.press('Enter');
}

/** What has the focus, for the failure message: the tag and its text or name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
  });
}

/** Expects the control to hold the focus with its ring showing, not faded (a dimmed button's ring fell under 3:1). */
async function expectRingOn(control: Locator, what: string): Promise<void> {
  await expect(control, `${what}; the focus is on ${await focused(control.page())}`).toBeFocused();
  expect(await control.evaluate((element) => element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none'), `${what}: its ring shows`).toBe(true);
  expect(await control.evaluate((element) => getComputedStyle(element).opacity), `${what}: its ring is not faded`).toBe('1');
}

test('Send, Compare and Run size ladder keep the focus while their request runs and once it ends', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });

  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
  const send = explorer.form.getByRole('button', { name: 'Send', exact: true });
  await pressFromKeyboard(send);
  await expect(explorer.result).toBeVisible({ timeout: 30_000 });
  await expect(send).toBeEnabled();
  await expectRingOn(send, 'Send after the answer');

  await app.show('Compare');
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base', 'Arbitrum'] });
  await compare.waitForEnd();
  const run = compare.form.getByRole('button', { name: 'Compare', exact: true });
  await pressFromKeyboard(run);
  // Running: the button says it cannot be pressed again, and keeps the focus.
  await expect(compare.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(run).toBeDisabled();
  await expectRingOn(run, 'Compare while its run goes');
  await compare.waitForEnd();
  await expectRingOn(run, 'Compare once its run ended');

  const ladder = new LadderPage(page);
  await ladder.open();
  await ladder.amounts.fill('100, 1000');
  const runLadder = ladder.form.getByRole('button', { name: 'Run size ladder' });
  await pressFromKeyboard(runLadder);
  await expect(ladder.progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectRingOn(runLadder, 'Run size ladder while it runs');
  await ladder.waitForEnd();
  await expectRingOn(runLadder, 'Run size ladder once it ended');
});

test('Start and Stop local service hand the focus to each other once the service has started or stopped', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Settings');
  const settings = new SettingsPage(page);
  const start = page.getByRole('button', { name: 'Start local service' });
  const stop = page.getByRole('button', { name: 'Stop local service' });
  await pressFromKeyboard(start);
  await expect(settings.localState).toContainText('running', { timeout: 30_000 });
  await expectRingOn(stop, 'Stop local service once the service runs');
  await page.keyboard.press('Enter');
  await expect(settings.localState).toContainText('stopped', { timeout: 30_000 });
  await expectRingOn(start, 'Start local service once the service stopped');
});

test("Settings: Close gives the focus back to the profile's Edit (or Add profile), and a deleted profile's to Add profile", async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Settings');
  const settings = new SettingsPage(page);
  const add = page.getByRole('button', { name: 'Add profile' });
  await pressFromKeyboard(add);
  await expect(settings.field('Name')).toBeFocused();
  await page.keyboard.type('Remote');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('https://api.example.com');
  await settings.form.getByLabel('New API key').fill('e2e-keyboard-key-1234');
  await pressFromKeyboard(settings.form.getByRole('button', { name: 'Save profile' }));
  await expect(settings.form.getByRole('status')).toHaveText('Saved Remote');
  // Listed in the table (the list is read again after the key is stored): the form came from its row.
  await expect(page.getByRole('button', { name: 'Edit Remote' })).toBeVisible();
  await pressFromKeyboard(settings.form.getByRole('button', { name: 'Close' }));
  await expect(settings.form).toHaveCount(0);
  await expectRingOn(page.getByRole('button', { name: 'Edit Remote' }), 'Edit Remote after closing its form');

  // A new form closed untouched: back to the button that opened it.
  await pressFromKeyboard(add);
  await expect(settings.field('Name')).toBeFocused();
  await pressFromKeyboard(settings.form.getByRole('button', { name: 'Close' }));
  await expectRingOn(add, 'Add profile after closing the new form');

  await pressFromKeyboard(page.getByRole('button', { name: 'Delete Remote' }));
  await pressFromKeyboard(page.getByRole('button', { name: 'Delete profile and key' }));
  await expect(settings.profiles.getByRole('cell', { name: 'Remote', exact: true })).toHaveCount(0);
  await expectRingOn(add, 'Add profile once the profile was deleted');
});

test('a copy button pressed from the keyboard says it copied, to a screen reader too', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
  await explorer.send();
  const copyZid = explorer.result.getByRole('button', { name: 'Copy zid', exact: true });
  await pressFromKeyboard(copyZid);
  // The button keeps its name (a screen reader reads the name, not the "Copied" drawn on it): what
  // it did is said in a live region beside it.
  await expect(copyZid).toHaveText('Copied');
  await expect(copyZid.locator('xpath=following-sibling::*[1][@aria-live="polite"]')).toHaveText('Copied');
  await expectRingOn(copyZid, 'Copy zid after copying');
});

test('the Explorer says in its live status that an answer came, and what it was, beside Send', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
  const status = explorer.form.getByRole('status');
  await pressFromKeyboard(explorer.form.getByRole('button', { name: 'Send', exact: true }));
  await expect(explorer.result).toBeVisible({ timeout: 30_000 });
  // The Result panel is drawn beside the form and not read out: the status by Send says it came.
  await expect(status).toHaveText(/^Answered: 200 OK in \d+ ms$/);
  // Once the form differs, the line no longer speaks for it (the stale note says what is shown).
  await explorer.fill({ amount: '2000' });
  await expect(status).toHaveText('');
  // A service error answer is said as such.
  await explorer.form.getByLabel('Send even if invalid').check();
  await explorer.advanced('slippageBps', '20000');
  await explorer.form.getByRole('button', { name: 'Send', exact: true }).press('Enter');
  await expect(status).toHaveText(/^Answered: 400 Bad Request in \d+ ms$/, { timeout: 30_000 });
});

test('Replay from the keyboard puts the focus on the replayed entry it opens, not on the page', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
  await explorer.send();
  await app.show('History');
  const history = new HistoryPage(page);
  await expect(history.loaded).toHaveText('1 entry loaded');
  await history.search.focus();
  await page.keyboard.press('Enter');
  await expect(history.detail.getByRole('heading', { level: 2, name: /^Entry #1 / })).toBeVisible();
  await pressFromKeyboard(history.detail.getByRole('button', { name: 'Replay', exact: true }));
  await expect(history.loaded).toHaveText('2 entries loaded');
  // The replay opened in the detail: the keyboard is on its heading, from where Tab goes on into it.
  await expect(history.detail.getByRole('button', { name: 'Replay of #1' })).toBeVisible();
  const heading = history.detail.getByRole('heading', { level: 2, name: /^Entry #2 / });
  await expect(heading, `the replayed entry's heading; the focus is on ${await focused(page)}`).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(history.detail.getByRole('button', { name: 'Copy zid', exact: true })).toBeFocused();
});

test('Back to Compare returns the focus to the control the jump was made from: a detail\'s second Open in history, a size ladder\'s entry', async ({ app }) => {
  const page = app.page;
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  await compare.waitForEnd();
  const detail = await compare.openDetail('Base');
  // Permit2's is the second "Open in history" of the detail: the focus comes back to it, not to Allowance Holder's.
  const permit2Open = detail.getByRole('article', { name: 'Permit2 detail' }).getByRole('button', { name: 'Open in history' });
  await pressFromKeyboard(permit2Open);
  const history = new HistoryPage(page);
  await expect(history.detail.getByRole('heading', { level: 2, name: /^Entry #\d+ permit2\.price$/ })).toBeFocused();
  await pressFromKeyboard(page.getByRole('button', { name: '← Back to Compare' }));
  await expect(permit2Open, `Permit2's Open in history; the focus is on ${await focused(page)}`).toBeFocused();

  // The size ladder's entries offer the way back too (they offered none), and it leads to the entry pressed.
  const ladder = new LadderPage(page);
  await ladder.open();
  await ladder.run('10, 1000', ['Base']);
  await ladder.waitForEnd();
  const entry = page.getByRole('button', { name: /^Open the Permit2 request for Base at 10 USDC in history$/ });
  await pressFromKeyboard(entry);
  await expect(history.detail.getByRole('heading', { level: 2, name: /^Entry #\d+ permit2\.price$/ })).toBeFocused();
  await pressFromKeyboard(page.getByRole('button', { name: '← Back to Compare' }));
  await expect(entry, `the ladder's entry; the focus is on ${await focused(page)}`).toBeFocused();
});

test("a jump to another screen puts the focus on what it opened: Open in history, Edit in Explorer, the paste box's Open in Explorer", async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum'] });
  await compare.waitForEnd();
  // The button pressed goes with its screen: the keyboard goes to the entry it opened...
  await pressFromKeyboard(compare.table.getByRole('button', { name: /^Permit2 buy on Ethereum: .*, open in history$/ }));
  const history = new HistoryPage(page);
  await expect(history.detail.getByRole('heading', { level: 2, name: /^Entry #\d+ permit2\.price$/ }), `the entry opened; the focus is on ${await focused(page)}`).toBeFocused();
  // ... and Back, which goes too, to the button the jump was made from (once, to the screen's heading,
  // leaving the user to find their row again).
  await pressFromKeyboard(page.getByRole('button', { name: '← Back to Compare' }));
  await expect(compare.table.getByRole('button', { name: /^Permit2 buy on Ethereum: .*, open in history$/ }), `the buy it came from; the focus is on ${await focused(page)}`).toBeFocused();

  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
  await explorer.send();
  await pressFromKeyboard(explorer.result.getByRole('button', { name: 'Open in history' }));
  await expect(history.detail.getByRole('heading', { level: 2, name: /^Entry #3 / }), `the entry opened; the focus is on ${await focused(page)}`).toBeFocused();

  await pressFromKeyboard(history.detail.getByRole('button', { name: 'Edit in Explorer' }));
  await expect(app.heading('Explorer'), `the Explorer's heading; the focus is on ${await focused(page)}`).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(explorer.form.getByRole('combobox', { name: 'Profile', exact: true })).toBeFocused();

  await app.show('History');
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste('curl "https://api.example.com/swap/permit2/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=1000000"');
  await pressFromKeyboard(paste.dialog.getByRole('button', { name: 'Open in Explorer' }));
  await expect(paste.dialog).toBeHidden();
  await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('permit2.price');
  await expect(app.heading('Explorer'), `the Explorer's heading; the focus is on ${await focused(page)}`).toBeFocused();
});

test("History's list tells a screen reader which entry the arrow keys are on and which one is open", async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const zids = Array.from({ length: 5 }, (_, i) => `0x${(0xabc000 + i).toString(16).padStart(24, '0')}`);
  await engine.history.insertMany(zids.map((zid, i) => sampleEntry({ zid, startedAt: new Date(base + i * 1000).toISOString() })));
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('History');
  const history = new HistoryPage(page);
  await expect(history.loaded).toHaveText('5 entries loaded');
  await history.search.focus();
  // The highlight moves in the list while the focus stays in the box: it is said where the box is read.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(history.list.locator('.line.selected .zid')).toHaveText(zids[2]!);
  await expect(page.getByRole('status', { name: 'Highlighted entry' })).toHaveText(`3 of 5: ${zids[2]!}, allowance-holder.price, USDC to WETH, Ethereum (1), 200`);
  await page.keyboard.press('Enter');
  await expect(history.detail.getByLabel('Entry zid')).toHaveText(zids[2]!);
  // The open entry is marked in the list for a screen reader, as its bar marks it for the eyes.
  const open = history.list.getByRole('button', { name: new RegExp(`^${zids[2]!}`) });
  await expect(open).toHaveAttribute('aria-current', 'true');
  await expect(history.list.locator('button[aria-current="true"]')).toHaveCount(1);
});

test("Settings' history retention keeps the focus on Save retention through a save, and brings it back there from its question", async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  await engine.history.insertMany(Array.from({ length: 3 }, (_, i) => sampleEntry({ zid: `0x${(0xdef000 + i).toString(16).padStart(24, '0')}`, startedAt: new Date(base + i * 1000).toISOString() })));
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Settings');
  const card = page.getByRole('region', { name: 'History' });
  await expect(card.getByLabel('History size')).toHaveText('The history holds 3 entries.');
  const save = card.getByRole('button', { name: 'Save retention' });
  const entries = card.getByLabel('Entries to keep');
  await entries.fill('5');
  await pressFromKeyboard(save);
  await expect(card.getByRole('status')).toHaveText('Saved; nothing was removed.');
  // Saved, it has nothing more to save: it says so (aria-disabled) and keeps the focus.
  await expect(save).toBeDisabled();
  await expectRingOn(save, 'Save retention once saved');

  // Asked first: the answer has the focus; either answer gives it back to Save retention.
  await entries.fill('1');
  await pressFromKeyboard(save);
  const question = card.getByRole('alert');
  await expect(question.getByRole('button', { name: 'Remove and save' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expectRingOn(save, 'Save retention after Keep editing');
  await page.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Remove and save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('History size')).toHaveText('The history holds 1 entry.');
  await expectRingOn(save, 'Save retention after Remove and save');
});

test("the paste box's Send with my profile keeps the focus while it sends, and when the send is refused", async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('Settings');
  await new SettingsPage(page).startThenStopLocalService();
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste('curl "https://api.example.com/swap/permit2/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=1000000"');
  const send = paste.dialog.getByRole('button', { name: 'Send with my profile' });
  await pressFromKeyboard(send);
  // Refused (the local service was stopped by the user): said in the box, the keyboard still on Send.
  await expect(paste.dialog.getByRole('alert')).toContainText('stopped', { timeout: 30_000 });
  await expect(paste.dialog).toBeVisible();
  await expectRingOn(send, 'Send with my profile once refused');
});

test("History's Clear filters, Select all shown and Uncheck all keep the focus in the bar they are pressed in", async ({ app, engine }) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  await engine.history.insertMany(Array.from({ length: 3 }, (_, i) => sampleEntry({ zid: `0x${(0xfed000 + i).toString(16).padStart(24, '0')}`, startedAt: new Date(base + i * 1000).toISOString() })));
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.show('History');
  const history = new HistoryPage(page);
  await expect(history.loaded).toHaveText('3 entries loaded');
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Status').selectOption({ label: 'Success (2xx)' });
  const clear = filters.getByRole('button', { name: 'Clear filters (1)' });
  await pressFromKeyboard(clear);
  await expect(filters.getByLabel('Status')).toHaveValue('');
  // Nothing left to clear: it says so (aria-disabled) and keeps the focus.
  const cleared = filters.getByRole('button', { name: 'Clear filters', exact: true });
  await expect(cleared).toBeDisabled();
  await expectRingOn(cleared, 'Clear filters once cleared');

  const selectAll = page.getByRole('button', { name: 'Select all shown (3)' });
  await pressFromKeyboard(selectAll);
  await expect(page.getByLabel('Checked entries')).toHaveText('3 checked');
  await expectRingOn(selectAll, 'Select all shown once all are checked');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Uncheck all' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Checked entries')).toHaveText('0 checked');
  // Uncheck all goes once nothing is checked: the focus goes back to Select all shown.
  await expectRingOn(selectAll, 'Select all shown after Uncheck all');
});
