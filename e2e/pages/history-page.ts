import { expect, type Locator, type Page } from '@playwright/test';

// playwright.config.ts's expect timeout: a retried step gets no less than a single check would.
const DEFAULT_STEP_MS = 20_000;

/**
 * One entry of a customer's history file as an export writes it: a GET of `url` (its query read
 * from the URL) answered 200 with `bodyText`, for HistoryPage.importEntries.
 */
export function customerEntry(url: string, bodyText: string, zid: string | null): Record<string, unknown> {
  const query = Object.fromEntries(new URL(url).searchParams);
  return {
    url, method: 'GET', requestHeaders: { 'svc-version': 'v2' }, query, status: 200, statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' }, bodyText, startedAt: '2026-11-20T09:30:00.000Z', durationMs: 12, zid,
  };
}

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

  /** The count line above the list ("3 entries loaded"). */
  get loaded(): Locator {
    return this.page.getByText(/ (entries|entry) loaded/);
  }

  /** Imports `entries` as a customer's history file (customer.json) with the Import file button. */
  async importEntries(entries: readonly unknown[]): Promise<void> {
    const file = { format: 'swap-explorer.history', version: 1, entries };
    await this.page.getByLabel('Import file').setInputFiles({ name: 'customer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  }

  /** Types into the search box as a user does (each keystroke searches). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** The list row whose zid (or "entry N") is given. */
  row(zid: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: zid });
  }

  /**
   * Pastes a zid into the paste box (Ctrl+K, from any screen) and opens it with Enter. `timeout`
   * bounds every wait: a page busy with a heavy entry may drop or delay the key press, so the press
   * is repeated until the box has focus (Ctrl+K opens and focuses; pressing it again is harmless).
   */
  async openByZid(zid: string, timeout?: number): Promise<void> {
    const box = this.page.getByRole('dialog', { name: 'Paste anything' }).getByRole('textbox', { name: /^Paste a zid/ });
    await expect(async () => {
      await this.page.keyboard.press('Control+K');
      await expect(box).toBeFocused({ timeout: 10_000 });
    }).toPass({ timeout: timeout ?? DEFAULT_STEP_MS });
    await box.fill(zid);
    await box.press('Enter');
    await expect(this.detail.getByLabel('Entry zid')).toHaveText(zid, { timeout });
  }

  /** Shows one tab of the open entry. */
  async tab(name: 'Explained' | 'Request and response' | 'Body'): Promise<void> {
    await this.detail.getByRole('tab', { name }).click();
  }
}
