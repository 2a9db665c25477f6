import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { textsOnSeveralLines } from './line-breaks.ts';
import { HARNESS_ORIGIN } from './harness.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Issue 13, "What you see is what was sent": every test here failed on the explorer before the issue.
const FUNDED_NO_ALLOWANCE = '0xde30000000000000000000000000000000000002';
const LOW_BALANCE = '0xde30000000000000000000000000000000000003';
const SMART_CONTRACT = '0xde30000000000000000000000000000000000004';

test('an error inside the closed Advanced section is counted on it, and Send opens it at the field', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
  await explorer.advanced('slippageBps', '20000');
  await explorer.form.getByText(/^Advanced/).click();
  await expect(explorer.form.locator('details.advanced')).not.toHaveAttribute('open');
  await expect(explorer.form.getByText(/^Advanced/)).toContainText('1 error');
  await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(explorer.form.locator('details.advanced')).toHaveAttribute('open');
  await expect(explorer.form.getByLabel(/^slippageBps/)).toBeFocused();
  await expect(explorer.result).toBeHidden();
});

test.describe('against the engine', () => {
  test('a result says when its request was sent and is dimmed once the form differs', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
    await explorer.send();
    await expect(app.page.getByText(/^For the request sent at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: GET /)).toBeVisible();
    await expect(app.page.getByText(/The form has changed since/)).toBeHidden();
    await explorer.fill({ amount: '2' });
    await expect(app.page.getByText(/The form has changed since/)).toBeVisible();
    await expect(app.page.locator('.shown-result')).toHaveClass(/stale/);
    await explorer.fill({ amount: '1' });
    await expect(app.page.getByText(/The form has changed since/)).toBeHidden();
  });

  test('Send even if invalid sends FOO as written and shows the service answer; the old error is cleared once fixed', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'FOO', buy: 'USDC', amount: '1' });
    await expect(explorer.form.getByText(/is not a token symbol/)).toBeVisible();
    await explorer.form.getByLabel('Send even if invalid').check();
    await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(explorer.result).toBeVisible({ timeout: 30_000 });
    await expect(explorer.result.getByRole('heading', { name: 'INPUT_INVALID' })).toBeVisible();
    await expect(explorer.result.getByRole('table', { name: 'Field details' })).toContainText('sellToken');
    await expect(app.page.getByLabel('Request URL')).toContainText('sellToken=FOO');
    await expect(app.page.getByRole('region', { name: 'Request refused' })).toBeHidden();
    await explorer.fill({ sell: 'WETH' });
    await expect(app.page.locator('.shown-result')).toHaveClass(/stale/);
  });

  test('an engine refusal is cleared once the form changes', async ({ app }) => {
    await app.show('Settings');
    await new SettingsPage(app.page).startThenStopLocalService();
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '1' });
    await explorer.form.getByRole('button', { name: 'Send', exact: true }).click();
    const refused = app.page.getByRole('region', { name: 'Request refused' });
    await expect(refused).toContainText('Start local service', { timeout: 30_000 });
    await expect(refused.getByRole('heading', { name: 'LOCAL_SERVICE_STOPPED' })).toBeVisible();
    await explorer.fill({ amount: '3' });
    await expect(refused).toBeHidden();
  });

  test('advice without a taker says "not checked", never "sufficient"', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000' });
    await explorer.send();
    const advice = explorer.result.getByRole('list', { name: 'Allowance advice' });
    await expect(advice).toContainText('not checked: no taker');
    await expect(advice).not.toContainText('sufficient');
    // The issues list says the same: empty issues without a taker are not "No issues".
    const issues = explorer.result.getByRole('list', { name: 'Issues' });
    await expect(issues).toContainText('Allowance and balance not checked: no taker was sent');
    await expect(issues).not.toContainText('No issues');
  });

  test('a smart-contract taker quote failure points to txOrigin', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: SMART_CONTRACT });
    await explorer.send();
    await expect(explorer.result.getByRole('heading', { name: 'SWAP_VALIDATION_FAILED' })).toBeVisible();
    await expect(explorer.result.locator('p.explain')).toContainText('txOrigin');
  });

  test('/solana/enabled-sources shows its zid from the svc-zid header', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Solana enabled sources' });
    await explorer.send();
    await expect(explorer.result.getByLabel('zid', { exact: true })).toHaveText(/^0x[0-9a-f]{24}$/);
  });

  test('amounts use the one formatter: summary, issues and advice with base units on hover, gas price in gwei', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000', taker: LOW_BALANCE });
    await explorer.send();
    const summary = explorer.result.getByRole('table', { name: 'Summary' });
    await expect(summary.getByRole('row', { name: /^Sell amount/ })).toContainText('1,000 USDC');
    // The format, whatever the market: grouped whole part, at most 6 significant fraction digits, the symbol.
    const buy = summary.getByRole('row', { name: /^Buy amount/ }).getByRole('cell');
    await expect(buy).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? WETH$/);
    await expect(buy.locator('span')).toHaveAttribute('title', /^[1-9]\d* base units$/);
    await expect(summary.getByRole('row', { name: /^Gas/ }).first()).toContainText('gwei');
    const issues = explorer.result.getByRole('list', { name: 'Issues' });
    await expect(issues).toContainText('has 0.001 USDC, needs 1,000 USDC');
    await expect(issues.getByText('0.001 USDC', { exact: true })).toHaveAttribute('title', '1000 base units');
    const advice = explorer.result.getByRole('list', { name: 'Allowance advice' });
    await expect(advice).toContainText('Balance too low: has 0.001 USDC, needs 1,000 USDC; do not request a quote.');
    await expect(advice.getByText('1,000 USDC', { exact: true })).toHaveAttribute('title', '1000000000 base units');
    // The token is named by its symbol, not by its address.
    await expect(advice).not.toContainText('0xa0b8');
  });

  test('an allowance issue shows the current allowance through the formatter, in the issues and the advice', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000', taker: FUNDED_NO_ALLOWANCE });
    await explorer.send();
    await expect(explorer.result.getByRole('list', { name: 'Issues' })).toContainText('current allowance 0 USDC');
    const advice = explorer.result.getByRole('list', { name: 'Allowance advice' });
    await expect(advice).toContainText('Current allowance: 0 USDC.');
    await expect(advice.getByText('0 USDC', { exact: true })).toHaveAttribute('title', '0 base units');
    // A rule's label is said whole, at both sizes ("(allowance rule" / "3)" split at 1920).
    await expect(advice.locator('.rule').first()).toHaveText(/^\(allowance rule \d\)$/);
    for (const width of [1280, 1920]) {
      await app.page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
      expect(await textsOnSeveralLines(advice.locator('.rule')), `rule labels split at ${width}`).toEqual([]);
    }
  });

  test('the decoded minBuyAmount of a quote reads in the buy token, the same base units as the summary on hover', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    await explorer.send();
    const decoded = explorer.result.getByLabel('Decoded minBuyAmount');
    await expect(decoded).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? WETH$/);
    const summaryMin = explorer.result.getByRole('table', { name: 'Summary' }).getByRole('row', { name: /^Min buy amount/ }).locator('span');
    await expect(decoded.locator('span')).toHaveAttribute('title', (await summaryMin.getAttribute('title')) ?? 'missing');
  });
});

// Issue 13, "Iterate fast".
test.describe('iterate fast', () => {
  test('form and response side by side at 1920 px, stacked at 1280 px', async ({ app }) => {
    await app.page.setViewportSize({ width: 1920, height: 1080 });
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0xde30000000000000000000000000000000000002' });
    await explorer.send();
    const form = (await explorer.form.boundingBox())!;
    const result = (await explorer.result.boundingBox())!;
    expect(result.x).toBeGreaterThanOrEqual(form.x + form.width);
    expect(result.y).toBeLessThan(form.y + form.height);
    await app.screenshot('explorer-wide');
    await app.page.setViewportSize({ width: 1280, height: 800 });
    const stackedForm = (await explorer.form.boundingBox())!;
    const stackedResult = (await explorer.result.boundingBox())!;
    expect(stackedResult.y).toBeGreaterThanOrEqual(stackedForm.y + stackedForm.height);
  });

  // Each field keeps one line for its error; a longer reason wraps (never cut) and moves the form by its further lines only.
  test('an error appearing moves the form only by the lines beyond the one reserved, and address fields show a whole address', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder quote', sell: 'WETH', buy: 'USDC', amount: '1', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    const send = explorer.form.getByRole('button', { name: 'Send', exact: true });
    const before = (await send.boundingBox())!;
    await explorer.fill({ amount: 'abc' });
    await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveAttribute('aria-invalid', 'true');
    const reason = explorer.form.getByText(/^"abc" is not an amount/);
    const lines = await reason.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
    const lineHeight = await reason.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await send.boundingBox())!.y).toBeCloseTo(before.y + (Math.round(lines) - 1) * lineHeight, 0);
    await explorer.advanced('txOrigin', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    // Token fields take addresses too (a token the registry lacks is typed as one).
    await explorer.fill({ sell: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', buy: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' });
    for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await app.page.setViewportSize(viewport);
      for (const field of [explorer.form.getByLabel('Taker'), explorer.form.getByLabel(/^txOrigin/), explorer.form.getByLabel('Sell token'), explorer.form.getByLabel('Buy token')]) {
        const fits = await field.evaluate((input) => input.scrollWidth <= input.clientWidth);
        expect(fits, `${await field.evaluate((input) => `${(input as HTMLInputElement).value} ${input.scrollWidth}/${input.clientWidth}`)} at ${viewport.width}px`).toBe(true);
      }
    }
  });

  test('Edit in Explorer from a History entry fills the form exactly, and resending sends the same query', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '1234.5', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    await explorer.advanced('slippageBps', '30');
    await explorer.send();
    const sentUrl = (await app.page.getByLabel('Request URL').textContent()) ?? '';
    await explorer.fill({ endpoint: 'Permit2 price', amount: '7', sell: 'WETH', buy: 'USDC' });
    await explorer.result.getByRole('button', { name: 'Open in history' }).click();
    await app.page.getByRole('article', { name: 'Entry detail' }).getByRole('button', { name: 'Edit in Explorer' }).click();
    await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('allowance-holder.price');
    await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('1234.5');
    await expect(explorer.form.getByLabel(/^slippageBps/)).toHaveValue('30');
    await expect(app.page.getByText(/The form has changed since/)).toBeHidden();
    await explorer.send();
    await expect(app.page.getByLabel('Request URL')).toHaveText(sentUrl);
  });

  test('Edit in Explorer from a result brings back the request it answered', async ({ app }) => {
    await app.show('Explorer');
    const explorer = new ExplorerPage(app.page);
    await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount: '2' });
    await explorer.send();
    await explorer.fill({ amount: '5', buy: 'DAI' });
    await expect(app.page.getByText(/The form has changed since/)).toBeVisible();
    await explorer.result.getByRole('button', { name: 'Edit in Explorer' }).click();
    await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('2');
    await expect(app.page.getByText(/The form has changed since/)).toBeHidden();
  });
});

test('Edit in Explorer drops nothing: parameters without a field are kept and sent, an unknown chain stays chosen', async ({ app }) => {
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
  const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
  const file = {
    format: 'swap-explorer.saved-requests',
    version: 1,
    requests: [
      { name: 'Odd Permit2', endpoint: 'permit2.price', params: { chainId: '1', sellToken: USDC, buyToken: WETH, sellAmount: '1000000', slippagePpm: '500', feeRecipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
      { name: 'Unknown chain', endpoint: 'allowance-holder.price', params: { chainId: '999999', sellToken: USDC, buyToken: WETH, sellAmount: '5' } },
      { name: 'Chain by name', endpoint: 'allowance-holder.price', params: { chainId: 'ethereum', sellToken: USDC, buyToken: WETH, sellAmount: '5' } },
    ],
  };
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await app.page.getByText(/^Saved requests \(/).click();
  await app.page.getByRole('form', { name: 'Save request' }).getByLabel('Import JSON…').setInputFiles({ name: 'odd.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await list.getByRole('button', { name: 'Open Odd Permit2' }).click();
  const extras = explorer.form.getByRole('list', { name: 'Other parameters' });
  await expect(extras).toContainText('slippagePpm=500');
  await expect(extras).toContainText('feeRecipient=0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  await expect(extras.getByRole('listitem').filter({ hasText: 'feeRecipient' })).toContainText('is a v1 parameter; in v2 use swapFeeRecipient');
  await explorer.form.getByLabel('Send even if invalid').check();
  await explorer.send();
  const url = app.page.getByLabel('Request URL');
  await expect(url).toContainText('slippagePpm=500');
  await expect(url).toContainText('feeRecipient=0x70997970C51812dc3A010C7d01b50e0d17dc79C8');

  // The same from History: the entry's whole query comes back, the extras with it.
  await explorer.form.getByRole('button', { name: 'Remove feeRecipient' }).click();
  await expect(extras).not.toContainText('feeRecipient');
  await explorer.result.getByRole('button', { name: 'Open in history' }).click();
  await app.page.getByRole('article', { name: 'Entry detail' }).getByRole('button', { name: 'Edit in Explorer' }).click();
  await expect(extras).toContainText('feeRecipient=0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  await expect(app.page.getByText(/The form has changed since/)).toBeHidden();

  // Back on Explorer the saved-requests section starts closed again.
  await app.page.getByText(/^Saved requests \(/).click();
  await list.getByRole('button', { name: 'Open Unknown chain' }).click();
  await expect(explorer.form.getByRole('combobox', { name: 'Chain', exact: true }).locator('option:checked')).toHaveText(/999999.*not in the app's chain list/);
  await expect(explorer.form.getByRole('list', { name: 'Other parameters' })).toBeHidden();
  await expect(explorer.form.getByRole('status', { name: 'Not carried over exactly' })).toBeHidden();

  // What a field cannot hold is said, with what the form sends instead.
  await list.getByRole('button', { name: 'Open Chain by name' }).click();
  await expect(explorer.form.getByRole('status', { name: 'Not carried over exactly' })).toContainText('chainId: is not a chain id; the form sends the chain chosen above (request: ethereum, form: 999999)');
  await app.screenshot('explorer-not-carried-over');
});

test('Copy as curl and TypeScript pin the local certificate and read the key from $SVC_API_KEY; a Permit2 quote offers viem', async ({ app, context, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HARNESS_ORIGIN });
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Permit2 quote', sell: 'USDC', buy: 'WETH', amount: '1000', taker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
  await explorer.send();
  const copyAs = app.page.getByRole('group', { name: 'Copy as' });
  // The clipboard is written after the click's promise settles: read it until it holds the copy.
  const clipboard = () => app.page.evaluate(() => navigator.clipboard.readText());
  await copyAs.getByRole('button', { name: 'Copy as curl' }).click();
  await expect.poll(clipboard).toContain(`--cacert ${userDataDir}/local-service/cert.pem`);
  const curl = await clipboard();
  expect(curl).toContain('"svc-api-key: $SVC_API_KEY"');
  expect(curl).not.toMatch(/local_[A-Za-z0-9]/);
  await copyAs.getByRole('button', { name: 'Copy as TypeScript fetch' }).click();
  await expect.poll(clipboard).toContain('new Agent({ connect: { ca: readFileSync(');
  await copyAs.getByRole('button', { name: /Copy as viem/ }).click();
  await expect.poll(clipboard).toContain('signTypedData');
});

test('saved requests: save the form by name, reopen it, export it, and import with field-level problems', async ({ app, userDataDir }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '250' });
  await explorer.advanced('slippageBps', '40');
  await app.page.getByText(/^Saved requests \(/).click();
  const saveForm = app.page.getByRole('form', { name: 'Save request' });
  await saveForm.getByLabel('Name').fill('USDC to WETH');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await expect(list).toContainText('USDC to WETH');
  expect(await readFile(join(userDataDir, 'saved-requests.json'), 'utf8')).toContain('USDC to WETH');

  await explorer.fill({ endpoint: 'Permit2 price', amount: '9' });
  await list.getByRole('button', { name: 'Open USDC to WETH' }).click();
  await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('allowance-holder.price');
  await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('250');
  await expect(explorer.form.getByLabel(/^slippageBps/)).toHaveValue('40');

  const download = app.page.waitForEvent('download');
  await saveForm.getByRole('button', { name: 'Export JSON' }).click();
  const exported = await readFile(await (await download).path(), 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ format: 'swap-explorer.saved-requests', requests: [{ name: 'USDC to WETH', endpoint: 'allowance-holder.price' }] });

  const bad = { format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: '', endpoint: 'swap.trade', params: {} }] };
  await saveForm.getByLabel('Import JSON…').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const problems = app.page.getByRole('table', { name: 'Import problems' });
  await expect(problems).toContainText('must not be empty');
  await expect(problems.getByRole('row', { name: /endpoint/ })).toContainText('#1');
  await expect(saveForm.page().getByRole('status').filter({ hasText: 'Nothing imported' })).toHaveText('Nothing imported from bad.json: 2 problems in the file, listed below');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const renamed = exported.replace('USDC to WETH', 'Imported copy');
  await saveForm.getByLabel('Import JSON…').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(renamed) });
  await expect(list).toContainText('Imported copy');
  await expect(problems).toBeHidden();
});

test("importing a colleague's request under a name already saved keeps the user's, and imports theirs under a name of its own", async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'USDC', buy: 'WETH', amount: '250' });
  await app.page.getByText(/^Saved requests \(/).click();
  const saveForm = app.page.getByRole('form', { name: 'Save request' });
  await saveForm.getByLabel('Name').fill('USDC to WETH');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const theirs = { format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'USDC to WETH', endpoint: 'permit2.price', params: { chainId: '1', sellToken: 'USDC', buyToken: 'WETH', sellAmount: '7000000' } }] };
  await saveForm.getByLabel('Import JSON…').setInputFiles({ name: 'colleague.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(theirs)) });
  await expect(saveForm.page().getByRole('status').filter({ hasText: 'Imported 1 request' })).toHaveText('Imported 1 request; one under another name, since a different request is saved under its name: "USDC to WETH" as "USDC to WETH (imported)"');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await list.getByRole('button', { name: 'Open USDC to WETH', exact: true }).click();
  await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('allowance-holder.price');
  await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('250');
  await list.getByRole('button', { name: 'Open USDC to WETH (imported)' }).click();
  await expect(explorer.form.getByLabel('Endpoint')).toHaveValue('permit2.price');
  await expect(explorer.form.getByLabel(/^Amount \(/)).toHaveValue('7');
});

test("a profile's saved requests are exported under the profile's name, not its id", async ({ app, engine }) => {
  await engine.handlers['profiles.save']({ name: 'Staging EU', baseUrl: 'https://staging.example.test', version: 'v2', rateBudgetRps: 5, trustSystemCertificates: true, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' } });
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await explorer.fill({ profile: 'Staging EU', endpoint: 'Swap chains' });
  await app.page.getByText(/^Saved requests \(/).click();
  const saveForm = app.page.getByRole('form', { name: 'Save request' });
  await saveForm.getByLabel('Name').fill('Chains');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  await expect(app.page.getByRole('list', { name: 'Saved requests' })).toContainText('Chains');
  const download = app.page.waitForEvent('download');
  await saveForm.getByRole('button', { name: 'Export JSON' }).click();
  expect((await download).suggestedFilename()).toBe('saved-requests-Staging-EU.json');
});

test('what the saved requests said of one profile goes when another profile is chosen', async ({ app, engine }) => {
  await engine.handlers['profiles.save']({ name: 'Staging', baseUrl: 'https://staging.example.test', version: 'v2', rateBudgetRps: 5, trustSystemCertificates: true, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' } });
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await app.page.getByText(/^Saved requests \(/).click();
  const saveForm = app.page.getByRole('form', { name: 'Save request' });
  await saveForm.getByLabel('Name').fill('WETH to USDC');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await expect(list).toContainText('WETH to USDC');
  const saved = app.page.locator('details.saved').getByRole('status');
  await expect(saved).toHaveText('Saved "WETH to USDC"');
  const bad = { format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: '', endpoint: 'swap.chains', params: {} }] };
  await saveForm.getByLabel('Import JSON…').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const problems = app.page.getByRole('table', { name: 'Import problems' });
  await expect(problems).toBeVisible();

  await explorer.fill({ profile: 'Staging' });
  await expect(list).toHaveText('None saved for this profile yet.');
  // Neither "Saved" nor the import's problems, which were about Local service's list.
  await expect(saved).toHaveCount(0);
  await expect(problems).toHaveCount(0);
  await explorer.fill({ profile: 'Local service' });
  await expect(list).toContainText('WETH to USDC');
});

test('saving under a name already used says the request saved before under it was replaced', async ({ app }) => {
  await app.show('Explorer');
  const explorer = new ExplorerPage(app.page);
  await app.page.getByText(/^Saved requests \(/).click();
  const saveForm = app.page.getByRole('form', { name: 'Save request' });
  const status = app.page.locator('details.saved').getByRole('status');
  const list = app.page.getByRole('list', { name: 'Saved requests' });
  await saveForm.getByLabel('Name').fill('WETH to USDC');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  await expect(status).toHaveText('Saved "WETH to USDC"');
  await explorer.fill({ amount: '7' });
  await saveForm.getByLabel('Name').fill(' WETH to USDC ');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  await expect(status).toHaveText('Saved "WETH to USDC" in place of the request saved before under that name');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await saveForm.getByLabel('Name').fill('Another');
  await saveForm.getByRole('button', { name: 'Save current form' }).click();
  await expect(status).toHaveText('Saved "Another"');
});
