import { expect, type Locator, type Page } from '@playwright/test';

/** The Explorer screen: the request form and the result panel. */
export class ExplorerPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Request' });
  }

  get result(): Locator {
    return this.page.getByRole('region', { name: 'Result' });
  }

  /** Fills the main fields; empty values are left as they are. */
  async fill(options: { profile?: string; endpoint?: string; chain?: string; sell?: string; buy?: string; amount?: string; taker?: string }): Promise<void> {
    if (options.profile) await this.form.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: options.profile });
    if (options.endpoint) await this.form.getByLabel('Endpoint').selectOption({ label: options.endpoint });
    if (options.chain) await this.form.getByRole('combobox', { name: 'Chain', exact: true }).selectOption({ label: options.chain });
    if (options.sell) await this.form.getByLabel('Sell token').fill(options.sell);
    if (options.buy) await this.form.getByLabel('Buy token').fill(options.buy);
    if (options.amount) await this.form.getByLabel(/^Amount \(/).fill(options.amount);
    if (options.taker) await this.form.getByLabel('Taker').fill(options.taker);
  }

  /** Sets one parameter of the Advanced section. */
  async advanced(name: string, value: string): Promise<void> {
    const details = this.form.locator('details.advanced');
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await this.form.getByText('Advanced', { exact: true }).click();
    await this.form.getByLabel(new RegExp(`^${name}( |$)`)).fill(value);
  }

  /** Sends and waits for the result panel. */
  async send(): Promise<void> {
    await this.form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(this.result).toBeVisible({ timeout: 30_000 });
    await expect(this.form.getByRole('button', { name: 'Send', exact: true })).toBeEnabled({ timeout: 30_000 });
  }
}
