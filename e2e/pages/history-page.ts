import { expect, type Locator, type Page } from '@playwright/test';

/** The History screen: search, filters, the entry list and the detail or diff pane. */
export class HistoryPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search by zid or token' });
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'History entries' });
  }

  get detail(): Locator {
    return this.page.getByRole('article', { name: 'Entry detail' });
  }

  get diff(): Locator {
    return this.page.getByRole('region', { name: 'Entry diff' });
  }

  /** The list row whose zid (or "entry N") is given. */
  row(zid: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: zid });
  }

  /** Pastes a zid into the paste box (Ctrl+K, from any screen) and opens it with Enter. */
  async openByZid(zid: string, timeout?: number): Promise<void> {
    await this.page.keyboard.press('Control+K');
    const box = this.page.getByRole('dialog', { name: 'Paste anything' }).getByRole('textbox', { name: /^Paste a zid/ });
    await expect(box).toBeFocused();
    await box.fill(zid);
    await box.press('Enter');
    await expect(this.detail.getByLabel('Entry zid')).toHaveText(zid, { timeout });
  }

  /** Shows one tab of the open entry. */
  async tab(name: 'Explained' | 'Request and response' | 'Body'): Promise<void> {
    await this.detail.getByRole('tab', { name }).click();
  }
}
