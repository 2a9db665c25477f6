import { AppError } from '../src/ipc/result.ts';
import { expect, test } from './fixtures.ts';
import { holdHandler } from './hold-handler.ts';
import { HistoryPage } from './pages/history-page.ts';
import { PasteBox } from './pages/paste-box.ts';

// The paste box's "Send with my profile" picker was read once, the first time the box opened: a
// profile saved in Settings afterwards was never offered, and until (or unless) that one listing
// answered the picker was empty while Send went to Local service, with no word of it.

const CURL = 'curl "https://api.example.com/swap/permit2/price?chainId=1&sellToken=USDC&buyToken=WETH&sellAmount=1000000"';
const STAGING = { name: 'Staging', baseUrl: 'https://staging.example.test', version: 'v2', rateBudgetRps: 5, trustSystemCertificates: true, headerNames: { apiKey: 'svc-api-key', version: 'svc-version' } } as const;

test('a profile saved after the box was first opened is offered the next time it opens', async ({ app, engine }) => {
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(CURL);
  const picker = paste.corrected.getByRole('combobox', { name: 'Profile' });
  await expect(picker.getByRole('option')).toHaveText(['Local service']);
  await app.page.keyboard.press('Escape');
  await expect(paste.dialog).toBeHidden();

  await engine.handlers['profiles.save'](STAGING);
  await paste.open();
  await expect(picker.getByRole('option')).toHaveText(['Local service', 'Staging']);
});

test('Send pressed while the profiles are being listed waits for the list, then sends with the profile it shows', async ({ app, engine }) => {
  const listing = holdHandler(engine.handlers, 'profiles.list');
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(CURL);
  await expect.poll(listing.asked).toBe(1);
  const picker = paste.corrected.getByRole('combobox', { name: 'Profile' });
  await expect(picker).toHaveText('Listing…');
  const send = paste.dialog.getByRole('button', { name: 'Send with my profile' });
  await send.click();
  await expect(paste.dialog.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
  expect((await engine.handlers['history.count']()).count).toBe(0);

  listing.release();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByRole('heading', { level: 2 })).toHaveText(/^Entry #1 /, { timeout: 30_000 });
  expect((await engine.handlers['history.get']({ id: 1 })).profileId).toBe('local');
});

test('a listing that fails is said beside the picker, and Send sends nothing to a profile not shown', async ({ app, engine }) => {
  const reason = "The keychain could not be read (Couldn't access platform storage).";
  engine.handlers['profiles.list'] = () => Promise.reject(new AppError('STORAGE', reason));
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(CURL);
  const picker = paste.corrected.getByRole('combobox', { name: 'Profile' });
  await expect(picker).toHaveText('Not listed');
  await expect(picker).toHaveAccessibleDescription(`The profiles could not be listed: ${reason}`);
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  await expect(paste.dialog.getByRole('alert')).toHaveText(`The profiles could not be listed: ${reason} Nothing is sent until the profiles can be listed: close the box and open it again to retry.`);
  await expect(paste.dialog).toBeVisible();
  expect((await engine.handlers['history.count']()).count).toBe(0);
  await app.expectNoSeriousAxe('paste box, profiles not listed');
  await app.screenshotAtBothSizes('paste-box-profiles-not-listed', () => picker.scrollIntoViewIfNeeded());
});

test('a chosen profile deleted meanwhile stays chosen, said gone, and Send sends nothing until another is picked', async ({ app, engine }) => {
  const staging = await engine.handlers['profiles.save'](STAGING);
  const paste = new PasteBox(app.page);
  await paste.open();
  await paste.paste(CURL);
  const picker = paste.corrected.getByRole('combobox', { name: 'Profile' });
  await expect(picker.getByRole('option')).toHaveText(['Local service', 'Staging']);
  await picker.selectOption('Staging');
  await app.page.keyboard.press('Escape');
  await expect(paste.dialog).toBeHidden();

  await engine.handlers['profiles.delete']({ profileId: staging.id });
  await paste.open();
  const gone = `The profile you chose, Staging, is no longer in your profiles (deleted, or removed from profiles.json). Pick a profile to send the request: nothing is sent until then.`;
  await expect(picker.getByRole('option')).toHaveText(['Staging (gone)', 'Local service']);
  await expect(picker).toHaveAccessibleDescription(gone);
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  await expect(paste.dialog.getByRole('alert')).toHaveText(gone);
  await expect(paste.dialog).toBeVisible();
  expect((await engine.handlers['history.count']()).count).toBe(0);
  await app.expectNoSeriousAxe('paste box, chosen profile gone');
  await app.screenshotAtBothSizes('paste-box-profile-gone', () => picker.scrollIntoViewIfNeeded());

  await picker.selectOption('Local service');
  await expect(paste.dialog.getByRole('alert')).toHaveCount(0);
  await paste.dialog.getByRole('button', { name: 'Send with my profile' }).click();
  const history = new HistoryPage(app.page);
  await expect(history.detail.getByRole('heading', { level: 2 })).toHaveText(/^Entry #1 /, { timeout: 30_000 });
  expect((await engine.handlers['history.get']({ id: 1 })).profileId).toBe('local');
});
