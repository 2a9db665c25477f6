import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createEngine, type Engine } from '../src/core/engine.ts';
import type { Handlers } from '../src/core/dispatch.ts';
import { openApp, type HarnessLog } from '../e2e/harness.ts';

/**
 * What the UI benchmarks share: a real engine on a fresh data dir, and the built renderer open on a
 * handler map in Debian's Chromium through the e2e harness, at the e2e viewport.
 */

const ROOT = join(import.meta.dirname, '..');

/** A page of the app and how to end it; `bugs` fails the bench when a handler logged one. */
export interface BenchPage {
  page: Page;
  /** Throws when a handler logged a bug during the bench. */
  assertNoBugs: (bench: string) => void;
  close: () => Promise<void>;
}

/** Opens the built renderer on `handlers`; `bench` names the file in the "build first" error. */
export async function openBenchPage(handlers: Handlers, bench: string): Promise<BenchPage> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error(`bench/${bench} needs the built renderer: run \`npm run build\` first`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
  const log: HarnessLog = { bugs: [] };
  await openApp(page, handlers, log);
  return {
    page,
    assertNoBugs: (name) => {
      if (log.bugs.length) throw new Error(`${name}: handler bugs: ${log.bugs.join('\n')}`);
    },
    close: () => browser.close(),
  };
}

/** A real engine on a fresh temporary data dir, removed by `close`. */
export async function startBenchEngine(prefix: string): Promise<{ engine: Engine; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const engine = await createEngine({ identity: { name: 'swap-explorer', version: 'bench', versions: {}, platform: process.platform, dataDir }, dataDir });
  return {
    engine,
    close: async () => {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
