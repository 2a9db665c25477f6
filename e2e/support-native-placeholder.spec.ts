import { Market, priceQuery } from '../src/service/index.ts';
import { nativePlaceholderName } from '../src/domain/support/native-placeholder.ts';
import { findTokenBySymbol } from '../src/domain/token-registry.ts';
import { expect, test } from './app-session.ts';
import { PasteBox } from './pages/paste-box.ts';
import { screenshot, seriousAxe } from './support-session.ts';

// A customer's quote selling POL (0xeeee…eeee) from a taker holding 1,000 base units, pasted with no
// chain named: the summary explains the placeholder, and the issue line said it again, twice.
const LOW_BALANCE = '0xde30000000000000000000000000000000000003';

test("a pasted native sell's low-balance issue names 0xeeee…eeee once explained, not three more times", async ({ page, openSession }) => {
  await openSession(page);
  const query = { chainId: '137', sellToken: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', buyToken: findTokenBySymbol(137, 'USDC')!.address, sellAmount: '1000000000000000000000', taker: LOW_BALANCE };
  const answered = priceQuery(new Market(1), 'allowance-holder.quote', query, { nowMs: Date.now() });
  if (!answered.ok) throw new Error(answered.message);
  const paste = new PasteBox(page);
  await paste.open();
  await paste.paste(JSON.stringify(answered.body, null, 2));
  await expect(paste.recognised).toContainText('a quote response body');

  const explained = paste.dialog.getByRole('region', { name: 'Body explanation' });
  const issue = explained.getByRole('table', { name: 'What the answer says' }).getByRole('row', { name: /^issue balance too low/ });
  await expect(issue.getByRole('cell')).toHaveText('balance too low: has 1000 base units of 0xeeee…eeee, needs 1000000000000000000000 base units of 0xeeee…eeee', { timeout: 30_000 });
  const why = nativePlaceholderName(undefined);
  await expect(explained.getByText(`A quote: sells 1000000000000000000000 base units of ${why} for`)).toBeVisible();
  expect((await explained.innerText()).split(why), 'the explanation, said once').toHaveLength(2);
  expect(await seriousAxe(page), 'axe: native sell body with an issue').toEqual([]);

  for (const [scheme, size] of [['light', { width: 1280, height: 800 }], ['dark', { width: 1920, height: 1080 }]] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    await issue.scrollIntoViewIfNeeded();
    await screenshot(page, `support-paste-native-issue-${size.width}-${scheme}`);
  }
});
