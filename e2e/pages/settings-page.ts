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
