import { expect, type Locator, type Page } from '@playwright/test';
import { pickToken } from './token-picker.ts';

/** Compare's Sizes mode: the amount list, progress, per-chain charts, the table for a size and past ladders. */
export class LadderPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Switches Compare to Sizes. */
  async open(): Promise<void> {
    await this.page.getByRole('group', { name: 'Mode' }).getByRole('radio', { name: 'Sizes' }).check();
    await expect(this.form).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Size ladder' });
  }

  get amounts(): Locator {
    return this.form.getByLabel(/^Amounts/);
  }

  get progress(): Locator {
    return this.page.getByRole('status', { name: 'Size ladder progress' });
  }

  get charts(): Locator {
    return this.page.getByRole('region', { name: 'Size ladder charts' });
  }

  /** The chart figure of one chain. */
  chart(chainName: string): Locator {
    return this.charts.getByRole('figure', { name: new RegExp(`^${chainName} net`) });
  }

  /** The table for the size shown. */
  table(size: string): Locator {
    return this.page.getByRole('table', { name: `Size ladder at ${size}` });
  }

  /** Picks exactly these chains (by name). */
  async pickChains(names: readonly string[]): Promise<void> {
    const boxes = this.form.getByRole('group', { name: /^Chains/ }).getByRole('checkbox');
    for (const box of await boxes.all()) {
      const label = (await box.locator('xpath=..').innerText()).trim();
      if ((await box.isChecked()) !== names.includes(label) && (await box.isEnabled())) await box.setChecked(names.includes(label));
    }
  }

  /** Types the amount list and runs the ladder. */
  async run(amounts: string, chains?: readonly string[], pair?: { sell: string; buy: string }): Promise<void> {
    if (pair) {
      await pickToken(this.form, 'Sell', pair.sell);
      await pickToken(this.form, 'Buy', pair.buy);
    }
    await this.amounts.fill(amounts);
    if (chains) await this.pickChains(chains);
    await this.form.getByRole('button', { name: 'Run size ladder' }).click();
  }

  /** Waits until the ladder has ended. */
  async waitForEnd(): Promise<void> {
    await expect(this.progress.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 });
    await expect(this.progress).toContainText(/Done|Cancelled|failed/, { timeout: 30_000 });
  }
}
