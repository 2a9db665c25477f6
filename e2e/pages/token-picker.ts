import { expect, type Locator } from '@playwright/test';

/**
 * Picks a token in a form's Sell or Buy picker: types the search, then clicks the option whose name
 * starts with `option` (default: the search as a symbol, "USDC · …").
 */
export async function pickToken(form: Locator, label: 'Sell' | 'Buy', search: string, option?: RegExp): Promise<void> {
  const field = form.getByRole('combobox', { name: label, exact: true });
  await field.fill(search);
  const name = option ?? new RegExp(`^${search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `);
  await form.getByRole('listbox', { name: `${label} tokens` }).getByRole('option', { name }).first().click();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}
