import type { Page } from '@playwright/test';
import { createEngine, type Engine, type EngineOptions } from '../src/core/engine.ts';
import { expect, test as base } from './fixtures.ts';
import { cspViolations, openApp, type HarnessLog } from './harness.ts';
import { AppPage } from './pages/app-page.ts';

/**
 * App sessions a test opens and closes itself, for flows that restart the app: each session is a
 * new engine on the test's user-data dir and the app on a page, as the `app` fixture builds them,
 * and closing one makes the fixture's checks (no CSP violation, no page error, no logged bug).
 * Everything a session saw (console, page errors, handler bugs, the engine's output) is kept for
 * the test to inspect after it has closed.
 */

/** One run of the app, from start to quit. */
export interface AppSession {
  engine: Engine;
  app: AppPage;
  log: HarnessLog;
  pageErrors: string[];
  console: string[];
  /** Checks what the app fixture checks, then closes the page and the engine. */
  close(): Promise<void>;
}

/** How a session's engine differs from the app's (a test's stand-in data worker). */
export type SessionOptions = Pick<EngineOptions, 'dataWorkerEntry'>;

interface SessionFixtures {
  /** Opens the app on a page with a new engine on userDataDir. */
  openSession: (page: Page, options?: SessionOptions) => Promise<AppSession>;
  /** What the test process printed while sessions ran: where the engine's console goes. */
  engineOutput: string[];
}

// The engine writes its logs (console.error of bugs) to the process's streams; a copy is kept.
function captureOutput(into: string[]): () => void {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    const original = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
  }
  return () => streams.forEach((stream, index) => (stream.write = originals[index]!));
}

export const test = base.extend<SessionFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures without dependencies
  engineOutput: async ({}, use) => {
    const lines: string[] = [];
    const restore = captureOutput(lines);
    await use(lines);
    restore();
  },
  // Depends on engineOutput so that the engine's output is captured from its first line.
  openSession: async ({ userDataDir, engineOutput: _capturing }, use) => {
    const open = new Set<Engine>();
    await use(async (page, options = {}) => {
      const engine = await createEngine({
        identity: { name: 'swap-explorer', version: '0.0.0-e2e', versions: { node: process.versions.node }, platform: process.platform, dataDir: userDataDir },
        dataDir: userDataDir,
        ...options,
      });
      open.add(engine);
      const session: AppSession = {
        engine,
        app: new AppPage(page),
        log: { bugs: [] },
        pageErrors: [],
        console: [],
        async close() {
          expect(await cspViolations(page), 'CSP violations').toEqual([]);
          expect(session.pageErrors, 'page errors').toEqual([]);
          expect(session.log.bugs, 'bugs logged by handlers').toEqual([]);
          await page.close();
          open.delete(engine);
          await engine.close();
        },
      };
      page.on('pageerror', (error) => session.pageErrors.push(error.stack ?? error.message));
      page.on('console', (message) => session.console.push(`${message.type()}: ${message.text()}`));
      await openApp(page, engine.handlers, session.log);
      return session;
    });
    // A test that failed half-way still stops its engines (and their local service processes).
    for (const engine of open) await engine.close();
  },
});

export { expect };
