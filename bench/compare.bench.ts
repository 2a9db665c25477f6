import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { swapChains } from '../src/domain/chains.ts';
import { CompareRequestSchema, type CompareRowWire, type RunStatus } from '../src/ipc/channels/compare.ts';
import { createCompareHandlers } from '../src/core/compare/compare-handlers.ts';
import { createEngine } from '../src/core/engine.ts';
import { createRunStore } from '../src/core/compare/run-store.ts';
import { startCompareRig } from '../src/core/compare/test-support.ts';
import type { Handlers } from '../src/core/dispatch.ts';
import { CONTRACT } from '../src/ipc/contract.ts';
import { openBenchPage } from './bench-app.ts';
import type { BenchRow } from './types.ts';

/**
 * (d) of issue 5: rendering the 20-row results table (route bars included) in Chromium. The
 * scheduler figures (a)-(c) are bench/scheduler.bench.ts. The built renderer runs in the e2e harness
 * with the real compare handlers; a saved run of 20 chains (real local-service answers for the six
 * USDC/WETH chains, repeated under 20 chain ids) is reopened from the list of past comparisons, and
 * the page times, with performance.now, from the click to the frame after the 20th row is in the
 * DOM. That includes one compare.open round trip through the harness, timed on its own for the detail.
 */

const RUNS = 9;

async function savedRuns(): Promise<{ dataDir: string; big: string; small: string; close: () => Promise<void>; handlers: Handlers }> {
  const rig = await startCompareRig();
  const real = await rig.runner.start(CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '1000' })).finished;
  const chains = swapChains().slice(0, 20);
  const rows: CompareRowWire[] = chains.map((chain, index) => ({ ...real.rows[index % real.rows.length]!, chainId: chain.chainId, chainName: chain.name, diffBps: (index % 7) - 3 }));
  // Only the two runs below are listed: the real one served as material.
  await rm(join(rig.dataDir, 'comparisons', `${real.runId}.json`));
  const store = createRunStore(rig.dataDir);
  const base = { ...real, request: { ...real.request, chains: chains.map((chain) => chain.chainId) }, startedAt: new Date(Date.now() + 1000).toISOString() };
  const big: RunStatus = { ...base, runId: 'cmp-benchtwenty', rows, done: 40, total: 40 };
  const small: RunStatus = { ...base, runId: 'cmp-benchone', rows: rows.slice(0, 1), done: 2, total: 2, request: { ...base.request, amount: '1' } };
  await store.save({ version: 1, status: big, details: {} });
  await store.save({ version: 1, status: small, details: {} });
  // The whole engine (the screen also lists profiles), with the compare area on the rig's runs.
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: 'bench', versions: {}, platform: process.platform, dataDir: rig.dataDir }, dataDir: rig.dataDir });
  const handlers: Handlers = {
    ...engine.handlers,
    ...createCompareHandlers({ requests: rig.requests, dataDir: rig.dataDir, defaultProfileId: 'local', runner: rig.runner }),
  };
  return { dataDir: rig.dataDir, big: big.runId, small: small.runId, close: async () => {
      await engine.close();
      await rig.close();
    },
    handlers,
  };
}

// Runs in the page: click a past run, resolve with the ms until the frame after `rows` rows exist.
async function timeOpen(page: Page, label: RegExp, rows: number): Promise<number> {
  const button = page.getByRole('button', { name: label });
  await button.waitFor();
  const handle = await button.elementHandle();
  return page.evaluate(
    ([element, expected]) =>
      new Promise<number>((resolve) => {
        const count = () => document.querySelectorAll('table[aria-label="Comparison results"] tbody tr').length;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (count() !== expected) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        (element as HTMLElement).click();
      }),
    [handle, rows] as const,
  );
}

async function roundTrip(page: Page, runId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const api = (window as unknown as { api: { compare: { open: (input: { runId: string }) => Promise<unknown> } } }).api;
    const started = performance.now();
    await api.compare.open({ runId: id });
    return performance.now() - started;
  }, runId);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The compare rendering row of the bench table. */
export async function run(): Promise<BenchRow[]> {
  if (!Object.hasOwn(CONTRACT, 'compare.open')) {
    process.stderr.write('bench: compare.bench.ts skipped: compare.* is not in the IPC contract yet\n');
    return [];
  }
  const runs = await savedRuns();
  const app = await openBenchPage(runs.handlers, 'compare.bench.ts');
  try {
    const page = app.page;
    const times: number[] = [];
    const trips: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await timeOpen(page, /^Open comparison 1 USDC to WETH/, 1);
      times.push(await timeOpen(page, /^Open comparison 1,000 USDC to WETH/, 20));
      trips.push(await roundTrip(page, runs.big));
    }
    app.assertNoBugs('compare bench');
    const bars = await page.locator('table[aria-label="Comparison results"] svg.mini rect').count();
    const detail = `median of ${RUNS}: click -> 20 rows (${bars} route-bar segments) painted; includes a compare.open round trip of median ${median(trips).toFixed(1)} ms`;
    return [{ name: 'Compare: render 20-row results table in Chromium', value: median(times), unit: 'ms', target: 100, comparison: '<=', detail }];
  } finally {
    await app.close();
    await runs.close();
  }
}
