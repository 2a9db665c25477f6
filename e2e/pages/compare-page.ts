import { expect, type Locator, type Page } from '@playwright/test';

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
    return this.page.getByRole('status');
  }

  /** Body rows of the results table. */
  get rows(): Locator {
    return this.table.locator('tbody tr');
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
    if (options.sell) await this.form.getByLabel('Sell').selectOption(options.sell);
    if (options.buy) await this.form.getByLabel('Buy').selectOption(options.buy);
    if (options.amount) await this.form.getByLabel(/^Amount/).fill(options.amount);
    if (options.chains) await this.pickChains(options.chains);
    await this.form.getByRole('button', { name: 'Compare', exact: true }).click();
  }

  /** Waits until the run has ended (done, cancelled or failed). */
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

  get charts(): Locator {
    return this.page.getByRole('region', { name: 'Charts' });
  }
}
