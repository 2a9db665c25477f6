import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createEngine, type Engine } from '../src/core/engine.ts';
import { noSessionBusKeychain } from '../src/core/secrets/test-support/no-session-bus.ts';
import { cspViolations, openApp, type HarnessLog } from './harness.ts';
import { AppPage } from './pages/app-page.ts';

/**
 * Fixtures every flow uses: a fresh user-data dir, the engine's handlers on it, and the app open in
 * Chromium through the harness. After each test: no CSP violation, no page error, no logged bug.
 */

interface AppFixtures {
  /** Run the engine as on a machine without a keychain (`test.use({ noKeychain: true })`). */
  noKeychain: boolean;
  userDataDir: string;
  engine: Engine;
  app: AppPage;
}

export const test = base.extend<AppFixtures>({
  noKeychain: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures without dependencies
  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'swap-explorer-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  // The real engine on the test's data dir; the local service runs in a child process on port 0.
  engine: async ({ userDataDir, noKeychain }, use) => {
    const engine = await createEngine({
      identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir: userDataDir },
      dataDir: userDataDir,
      ...(noKeychain ? { keychain: noSessionBusKeychain() } : {}),
    });
    await use(engine);
    await engine.close();
  },
  app: async ({ page, engine }, use) => {
    const log: HarnessLog = { bugs: [] };
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    await openApp(page, engine.handlers, log);
    await use(new AppPage(page));
    expect(await cspViolations(page), 'CSP violations').toEqual([]);
    expect(pageErrors, 'page errors').toEqual([]);
    expect(log.bugs, 'bugs logged by handlers').toEqual([]);
  },
});

export { expect };
