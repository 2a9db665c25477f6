import type { Page, PageScreenshotOptions } from '@playwright/test';

/** What Chromium answers when its compositor had no frame to copy at the moment it was asked. */
const NO_FRAME = 'Unable to capture screenshot';
const ATTEMPTS = 3;

/**
 * Saves a screenshot of what the page shows once it has rendered a frame.
 *
 * A CI run on 2 busy cores once failed on "Protocol error (Page.captureScreenshot): Unable to capture
 * screenshot", on a page whose viewport had just changed: Chromium had no frame to copy yet. So every
 * capture first waits for the page to render a frame, and on that one answer waits for another frame
 * and asks again, at most three times. The picture is for people to look at; any other error, or the
 * third refusal, fails the test as before.
 */
export async function saveScreenshot(page: Page, options: PageScreenshotOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await renderedFrame(page);
    try {
      await page.screenshot(options);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes(NO_FRAME)) throw error;
    }
  }
}

/**
 * Resolves after the page has painted: the second animation frame starts only once the first one's
 * frame was produced. A hidden page runs no animation frames, and would hang here, so it does not wait.
 */
async function renderedFrame(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (document.visibilityState === 'hidden') resolve();
        else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * The screen as it is, at 1280 x 800 and 1920 x 1080, light and dark, into the test's output folder:
 * pictures to look at after a change, never kept (the README's come from `npm run screenshots`).
 */
export async function saveScreenshotSet(page: Page, outputPath: (name: string) => string, name: string): Promise<void> {
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, { path: outputPath(`${name}-${width}-${scheme}.png`) });
    }
  }
}
