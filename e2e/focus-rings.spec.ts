import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ComparePage } from './pages/compare-page.ts';
import { HistoryPage } from './pages/history-page.ts';

// The keyboard's focus ring whole on controls that sit at the edge of a box which clips what
// overflows it (a table that scrolls sideways, a virtualised list's row, a JSON tree's row).

/**
 * Focuses the control from the keyboard (Shift+Tab away, Tab back: the ring shows for keyboard
 * focus only) and names the sides of its ring that a clipping ancestor cuts.
 */
async function ringCut(control: Locator): Promise<string> {
  await control.focus();
  await control.page().keyboard.press('Shift+Tab');
  await control.page().keyboard.press('Tab');
  await expect(control).toBeFocused();
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    if (!element.matches(':focus-visible') || style.outlineStyle === 'none') return 'no ring';
    const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = element.getBoundingClientRect();
    const outer = { left: box.left - ring, top: box.top - ring, right: box.right + ring, bottom: box.bottom + ring };
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.overflowX === 'visible' && parentStyle.overflowY === 'visible') continue;
      const rect = parent.getBoundingClientRect();
      const left = rect.left + parseFloat(parentStyle.borderLeftWidth);
      const top = rect.top + parseFloat(parentStyle.borderTopWidth);
      const sides = [
        outer.left < left - 0.5 ? 'left' : '',
        outer.top < top - 0.5 ? 'top' : '',
        outer.right > left + parent.clientWidth + 0.5 ? 'right' : '',
        outer.bottom > top + parent.clientHeight + 0.5 ? 'bottom' : '',
      ].filter(Boolean);
      if (sides.length > 0) return `${sides.join(' and ')} cut`;
    }
    return 'whole';
  });
}

test('focus rings read whole on Compare\'s column headers, History\'s entries and left column and the JSON tree\'s twisties', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const compare = new ComparePage(page);
  await compare.compare({ sell: 'USDC', buy: 'WETH', amount: '1000', chains: ['Ethereum', 'Base'] });
  await compare.waitForEnd();
  for (const name of ['Chain', 'Better']) expect(await ringCut(compare.table.getByRole('button', { name: new RegExp(`^${name}`) })), `Compare's ${name} header`).toBe('whole');

  await app.show('History');
  const history = new HistoryPage(page);
  const entry = history.list.getByRole('listitem').first().getByRole('button').first();
  expect(await ringCut(entry), 'a History entry').toBe('whole');
  // The left column keeps in view on its own scroll area: the controls along its edges keep their
  // rings whole in it, as on the page.
  const edges = [
    ['the search box', history.search],
    ['the From filter', page.getByLabel('From', { exact: true })],
    ['the Status filter', page.getByLabel('Status', { exact: true })],
    ['Clear filters', page.getByRole('button', { name: 'Clear filters' })],
  ] as const;
  for (const [name, control] of edges) expect(await ringCut(control), name).toBe('whole');
  await entry.click();
  await history.tab('Body');
  expect(await ringCut(history.detail.getByRole('list', { name: 'JSON tree' }).getByRole('button', { name: 'Collapse $', exact: true })), "the JSON tree's root twisty").toBe('whole');
  await app.expectNoSeriousAxe('History with a JSON tree in focus');
});
