import { expect, type Locator, type Page } from '@playwright/test';

/** The paste box (Ctrl/Cmd+K on every screen): what was pasted, what it was recognised as, and its actions. */
export class PasteBox {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Paste anything' });
  }

  get box(): Locator {
    return this.dialog.getByRole('textbox', { name: /^Paste a zid/ });
  }

  get recognised(): Locator {
    return this.dialog.getByRole('status', { name: 'Recognised' });
  }

  get findings(): Locator {
    return this.dialog.getByRole('list', { name: 'Findings' });
  }

  get corrected(): Locator {
    return this.dialog.getByRole('region', { name: 'Corrected request' });
  }

  /** Opens the box with Ctrl+K; the box has the focus. */
  async open(): Promise<void> {
    await this.page.keyboard.press('Control+K');
    await expect(this.box).toBeFocused();
  }

  /**
   * Pastes text as a user's paste does: a paste event carrying the text, dispatched at the focused
   * box. The app cancels the event and inserts the redacted text, so the raw text never becomes
   * the field's value (typing it with fill() would put it there for a moment).
   */
  async paste(text: string, into: Locator = this.box): Promise<void> {
    await into.focus();
    await into.evaluate((element, pasted) => {
      (element as HTMLTextAreaElement).select();
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  /** The (first) finding with this code (V1_PATH, UNIT_CHANGE…). */
  finding(code: string): Locator {
    return this.findings.getByRole('listitem').filter({ hasText: code }).first();
  }

  /** A value of the corrected request's parameters table. */
  correctedParam(name: string): Locator {
    return this.correctedRow(name).getByRole('cell').first();
  }

  /** What a value of the corrected request asks, read on its chain (the cell beside the value). */
  correctedReading(name: string): Locator {
    return this.correctedRow(name).getByRole('cell').nth(1);
  }

  private correctedRow(name: string): Locator {
    return this.corrected.getByRole('table', { name: 'Corrected parameters' }).getByRole('row', { name: new RegExp(`^${name} `) });
  }
}
