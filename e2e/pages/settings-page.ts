import { expect, type Locator, type Page } from '@playwright/test';

/** The Settings screen: local service, profiles table and the profile form. */
export class SettingsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get profiles(): Locator {
    return this.page.getByRole('table', { name: 'Profiles' });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Profile' });
  }

  get localState(): Locator {
    return this.page.getByLabel('Local service state');
  }

  /**
   * Starts the local service and stops it again, as a user does to try the stopped state: a stopped
   * service stays stopped until Start (requests fail with LOCAL_SERVICE_STOPPED).
   */
  async startThenStopLocalService(): Promise<void> {
    await this.page.getByRole('button', { name: 'Start local service' }).click();
    await expect(this.localState).toContainText('running', { timeout: 30_000 });
    await this.page.getByRole('button', { name: 'Stop local service' }).click();
    await expect(this.localState).toContainText('stopped', { timeout: 30_000 });
  }

  /** A field of the profile form, by its accessible name (exactly its label: the reason is its description). */
  field(label: 'Name' | 'Base URL' | 'Extra CA certificate (PEM)'): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  /** Presses the profile form's Save button. */
  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save profile' }).click();
  }

  /** Expects a field marked invalid with its reason as its description (what a screen reader reads with it). */
  async expectFieldError(label: 'Name' | 'Base URL' | 'Extra CA certificate (PEM)', reason: string): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(this.field(label)).toHaveAccessibleDescription(reason);
    await expect(this.form.getByText(reason, { exact: true })).toBeVisible();
  }

  /** Expects a field with no error: not invalid, no description. */
  async expectFieldValid(label: 'Name' | 'Base URL' | 'Extra CA certificate (PEM)'): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'false');
    await expect(this.field(label)).toHaveAccessibleDescription('');
  }

  /** Adds a profile with a key (and a pinned CA) through the form and saves it. */
  async addProfile(options: { name: string; baseUrl: string; key: string; caPem?: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add profile' }).click();
    await this.form.getByLabel('Name').fill(options.name);
    await this.form.getByLabel('Base URL').fill(options.baseUrl);
    if (options.caPem !== undefined) await this.form.getByLabel('Extra CA certificate (PEM)').fill(options.caPem);
    await this.form.getByLabel('New API key').fill(options.key);
    await this.form.getByRole('button', { name: 'Save profile' }).click();
  }
}
