import { expect, type Locator, type Page } from '@playwright/test';
import { pickToken } from './token-picker.ts';

/** The Compare screen: form, progress, results table, row detail, charts, exports and past runs. */
export class ComparePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Comparison' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Comparison results' });
  }

  get progress(): Locator {
    return this.page.getByRole('status', { name: 'Comparison progress' });
  }

  /** Body rows of the results table. */
  get rows(): Locator {
    return this.table.locator(':scope > tbody > tr[data-chain]');
  }

  /** Picks exactly these chains (by name) in the chain multi-select. */
  async pickChains(names: readonly string[]): Promise<void> {
    const boxes = this.form.getByRole('group', { name: /^Chains/ }).getByRole('checkbox');
    for (const box of await boxes.all()) {
      const label = (await box.locator('xpath=..').innerText()).trim();
      if ((await box.isChecked()) !== names.includes(label) && (await box.isEnabled())) await box.setChecked(names.includes(label));
    }
  }

  /** Fills the pair and amount and starts a run. */
  async compare(options: { sell?: string; buy?: string; amount?: string; chains?: readonly string[] } = {}): Promise<void> {
    if (options.sell) await pickToken(this.form, 'Sell', options.sell);
    if (options.buy) await pickToken(this.form, 'Buy', options.buy);
    if (options.amount) await this.form.getByLabel(/^Amount/).fill(options.amount);
    if (options.chains) await this.pickChains(options.chains);
    await this.form.getByRole('button', { name: 'Compare', exact: true }).click();
  }

  /**
   * Waits until the run has ended (done, cancelled or failed). A run listed under Past comparisons
   * may still be going (the list Compare asks for when shown can answer after the run started), so
   * what the run left (its history entries, its last rows) is read after this, not after the list.
   */
  async waitForEnd(): Promise<void> {
    await expect(this.page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 30_000 });
    await expect(this.progress).toContainText(/Done|Cancelled|failed/);
  }

  /** Opens a row's detail. */
  async openDetail(chainName: string): Promise<Locator> {
    await this.table.getByRole('button', { name: `Details for ${chainName}` }).click();
    const detail = this.page.getByRole('region', { name: new RegExp(`^${chainName}:`) });
    await expect(detail).toBeVisible();
    return detail;
  }

  /** The form's advanced section (taker, fees, overrides), opened. */
  async openAdvanced(): Promise<Locator> {
    const advanced = this.form.locator('details.advanced');
    if (!(await advanced.evaluate((element) => (element as HTMLDetailsElement).open))) await advanced.locator('summary').click();
    return advanced;
  }

  /** Adds a per-chain address override (decimals left empty when not given). */
  async addOverride(override: { chain: string; side: 'sell' | 'buy'; address: string; decimals?: string }): Promise<Locator> {
    const advanced = await this.openAdvanced();
    await advanced.getByRole('button', { name: 'Add override' }).click();
    const field = (name: string) => advanced.getByLabel(new RegExp(`^${name}`)).last();
    await field('Chain').selectOption({ label: override.chain });
    await field('Side').selectOption(override.side);
    await field('Address').fill(override.address);
    if (override.decimals !== undefined) await field('Decimals').fill(override.decimals);
    return advanced;
  }

  /** The address fields of the form's override rows (one per override). */
  get overrideAddresses(): Locator {
    return this.form.locator('details.advanced').getByLabel(/^Address/);
  }

  /** The line above the table naming the trade each figure belongs to. */
  get caption(): Locator {
    return this.page.locator('.compare .toolbar');
  }

  /** A body row by chain name. */
  row(chainName: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${chainName}`) }) });
  }

  /** Reopens a past run by its list label ("1,000 USDC to WETH"); the nth match, newest first. */
  async reopen(label: string, nth = 0): Promise<void> {
    await this.page.getByRole('region', { name: 'Past comparisons' }).getByRole('button', { name: new RegExp(`^Open comparison ${label}`) }).nth(nth).click();
  }

  get charts(): Locator {
    return this.page.getByRole('region', { name: 'Charts' });
  }
}
