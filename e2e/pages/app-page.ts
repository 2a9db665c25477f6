import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreenshot } from '../screenshot.ts';

/** The window sizes every screen is checked at. */
const WINDOW_SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['1920', { width: 1920, height: 1080 }],
] as const;
/** The harness's own window size, restored after a round of screenshots. */
const HARNESS_SIZE = { width: 1360, height: 860 };

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

  /** axe on the whole window (shell and screen) in the light and the dark theme: no serious or critical finding. */
  async expectNoSeriousAxe(state: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await this.page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page: this.page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `axe on ${state}, ${scheme}`).toEqual([]);
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
  }

  /** Screenshots `name`-1280, -1920 and their -dark twins, bringing `target` into view at each. */
  async screenshotAtBothSizes(name: string, target: () => Promise<void>): Promise<void> {
    for (const [label, viewport] of WINDOW_SIZES) {
      await this.page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await this.page.emulateMedia({ colorScheme: scheme });
        await target();
        await this.screenshot(`${name}-${label}${scheme === 'dark' ? '-dark' : ''}`);
      }
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
    await this.page.setViewportSize(HARNESS_SIZE);
  }
}
