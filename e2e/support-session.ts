import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import type { Engine } from '../src/core/engine.ts';
import { ExplorerPage } from './pages/explorer-page.ts';
import { saveScreenshot } from './screenshot.ts';

// What the support specs share (issue 17, "Paste anything"): the customer's inputs, the app's own
// price to build them from, downloads, screenshots and axe on the paste box.

export const SEND = { timeout: 30_000 };
export const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

/** A customer's v1 curl, with their key in a v1 key header. */
export function v1Curl(key: string): string {
  return [
    `curl --location --request GET 'https://base.api.0x.org/swap/v1/quote?sellToken=ETH&buyToken=USDC&sellAmount=100000000000000000&takerAddress=${TAKER}&slippagePercentage=0.01&skipValidation=true' \\`,
    `  --header '0x-api-key: ${key}'`,
  ].join('\n');
}

/** Sends one price from the Explorer and answers its zid. */
export async function sendPrice(page: Page, amount: string): Promise<string> {
  const explorer = new ExplorerPage(page);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Explorer', exact: true }).click();
  await explorer.fill({ endpoint: 'Allowance Holder price', sell: 'WETH', buy: 'USDC', amount });
  await explorer.send();
  return (await explorer.result.getByLabel('zid', { exact: true }).textContent()) ?? '';
}

/**
 * A customer's history file holding one price the app really got, under a zid this app never saw
 * and with a smaller buyAmount: what a customer on another machine would have been answered.
 */
export async function customerFileFrom(engine: Engine, zid: string): Promise<{ text: string; zid: string; startedAt: string }> {
  const sent = (await engine.history.get((await engine.history.findByZid(zid))[0]!.id))!;
  const theirZid = `0x${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const body = { ...(sent.body as Record<string, unknown>), zid: theirZid, buyAmount: String((BigInt((sent.body as { buyAmount: string }).buyAmount) * 99n) / 100n) };
  const entry = { url: sent.url, method: 'GET', requestHeaders: { 'svc-version': 'v2' }, query: sent.query, status: 200, statusText: 'OK', responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body), startedAt: '2026-11-20T09:30:00.000Z', durationMs: 120, zid: theirZid };
  return { text: JSON.stringify({ format: 'swap-explorer.history', version: 1, entries: [entry] }), zid: theirZid, startedAt: entry.startedAt };
}

/** Collects every download the page starts. */
export function downloads(page: Page): Download[] {
  const seen: Download[] = [];
  page.on('download', (download) => seen.push(download));
  return seen;
}

// The screenshots the README keeps (npm run screenshots writes these into docs/screenshots); every
// other size and theme goes to test-results/screenshots, to be looked at, not kept.
const KEPT: Record<string, string> = {
  'support-paste-request-1280-light': 'support-paste-request',
  'support-paste-unknown-zid-1280-dark': 'support-paste-unknown-zid-dark',
  'support-paste-error-1920-light': 'support-paste-error',
  'support-paste-price-on-chain-1280-light': 'support-paste-price-on-chain',
  'support-report-1280-light': 'support-report',
  'support-corrected-request-1280-light': 'support-corrected-request',
};

/** A screenshot: into docs/screenshots when `npm run screenshots` keeps it (KEPT), else test-results. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const kept = process.env.UPDATE_SCREENSHOTS === '1' ? KEPT[name] : undefined;
  await saveScreenshot(page, { path: kept ? `docs/screenshots/${kept}.png` : `test-results/screenshots/${name}.png` });
}

/** Serious or critical axe findings in the open dialog. */
export async function seriousAxe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
