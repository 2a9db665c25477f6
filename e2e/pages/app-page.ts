import type { Locator, Page } from '@playwright/test';
import { saveScreenshot } from '../screenshot.ts';

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

  /**
   * Saves a screenshot: into test-results/screenshots on every run, and into docs/screenshots (the
   * README's) only with UPDATE_SCREENSHOTS=1 (`npm run screenshots`), so a test run leaves the tree clean.
   */
  async screenshot(name: string): Promise<void> {
    const folder = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
    await saveScreenshot(this.page, { path: `${folder}/${name}.png` });
  }
}
