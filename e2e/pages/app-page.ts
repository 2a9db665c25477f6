import type { Locator, Page } from '@playwright/test';

/** The app's frame: the sidebar and whichever screen is shown. */
export class AppPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens a screen from the sidebar by its label. */
  async show(label: 'Compare' | 'Explorer' | 'History' | 'Settings' | 'About'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label, exact: true }).click();
  }

  /** The screen's main heading. */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** Saves a screenshot for the README (docs/screenshots/<name>.png). */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `docs/screenshots/${name}.png` });
  }
}
