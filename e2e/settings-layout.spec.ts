import { expect, test } from './fixtures.ts';
import { SettingsPage } from './pages/settings-page.ts';

// Settings' profiles table at 1280 and 1920 with a long name and a long base URL.

test("a profile's Test, Edit and Delete share one line at 1280 and 1920, and the table stays inside its card", async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await app.show('Settings');
  const name = 'Production EU West integration team shared profile';
  await settings.addProfile({ name, baseUrl: 'https://swap-pricing-service.internal.staging.eu-west-1.example-company.test/api/gateway/v2', key: 'staging-key-1234' });
  await expect(app.page.getByRole('status').filter({ hasText: `Saved ${name}` })).toBeVisible();
  await settings.form.getByRole('button', { name: 'Close' }).click();
  const buttons = ['Test', 'Edit', 'Delete'].map((action) => settings.profiles.getByRole('button', { name: `${action} ${name}` }));
  const card = app.page.getByRole('region', { name: 'Profiles' });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await app.page.setViewportSize(viewport);
    const tops = await Promise.all(buttons.map(async (button) => Math.round((await button.boundingBox())!.y)));
    expect(new Set(tops).size, `Test, Edit and Delete on ${new Set(tops).size} lines at ${viewport.width}`).toBe(1);
    const table = (await settings.profiles.boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(table.x + table.width, `the table past its card at ${viewport.width}`).toBeLessThanOrEqual(box.x + box.width);
    for (const button of buttons) await expect(button).toBeInViewport({ ratio: 1 });
  }
  await app.expectNoSeriousAxe('settings with a long profile');
  await app.screenshotAtBothSizes('settings-long-profile', () => settings.profiles.scrollIntoViewIfNeeded());
});
