import { expect, test } from './fixtures.ts';
import { ExplorerPage } from './pages/explorer-page.ts';

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// From 1600 px the Explorer's form sits beside the answer and stays in view while the answer scrolls.

test('at 1920 x 1080 a form taller than the window (Advanced open, eight saved requests) reaches its last saved request without moving the answer', async ({ app }) => {
  const page = app.page;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await app.show('Explorer');
  const explorer = new ExplorerPage(page);
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: TAKER });
  await explorer.advanced('slippageBps', '50');
  await page.getByText(/^Saved requests/).click();
  const save = page.getByRole('form', { name: 'Save request' });
  const saved = page.getByRole('list', { name: 'Saved requests' }).getByRole('listitem');
  for (let count = 1; count <= 8; count++) {
    await save.getByLabel('Name').fill(`Quote ${count}`);
    await save.getByRole('button', { name: 'Save current form' }).click();
    await expect(saved).toHaveCount(count);
    // The field empties once the save is done: typing before then was wiped with it.
    await expect(save.getByLabel('Name')).toHaveValue('');
  }
  await explorer.send();
  await expect(explorer.result.getByRole('table', { name: 'EIP-712 data' })).toBeVisible();

  // Halfway down the answer, the form's Send and its last saved request can both be brought into
  // view, and bringing the saved request there leaves the answer where the user was reading it.
  const main = page.locator('main');
  const middle = await main.evaluate((element) => {
    element.scrollTo(0, (element.scrollHeight - element.clientHeight) / 2);
    return element.scrollTop;
  });
  expect(middle).toBeGreaterThan(0);
  const heading = explorer.result.getByRole('heading', { name: 'Decoded calldata' });
  const headingTop = (await heading.boundingBox())!.y;
  await expect(explorer.form.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 });
  const last = page.getByRole('button', { name: 'Open Quote 8' });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await main.evaluate((element) => element.scrollTop), 'the answer scrolled away to reach the form').toBe(middle);
  expect((await heading.boundingBox())!.y).toBe(headingTop);
  // Opening it fills the form in view, as any saved request does.
  await last.click();
  await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('1000');
  await app.expectNoSeriousAxe('the Explorer at 1920 with a tall form and a quote');
  await app.screenshotAtBothSizes('explorer-tall-form', async () => {
    await main.evaluate((element) => element.scrollTo(0, (element.scrollHeight - element.clientHeight) / 2));
  });
});
