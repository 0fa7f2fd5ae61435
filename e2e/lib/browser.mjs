/**
 * One app and one Chromium per test file, a fresh browser context per test. `useApp()` registers the suite's
 * before/after hooks; `app.run(slug, device, steps)` gives the steps a page and `shot(step)`, which saves
 * e2e/artifacts/<slug>/<nn>-<step>.png. When a test fails, its error carries the browser's console errors, the
 * page's uncaught errors and the server's last log lines; a test whose page threw an uncaught error fails.
 */
import { before, after } from 'node:test';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { artifactsDir } from './paths.mjs';
import { startApp } from './server.mjs';

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export const DESKTOP = { viewport: { width: 1366, height: 900 } };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/**
 * Contexts run without the service worker unless a test asks for it (`{ ...DESKTOP, ...WITH_SERVICE_WORKER }`): its
 * background precache would add 2 MB of downloads to every test and to the page-weight counts.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' };

/** Long enough for a slow first load on a busy 2-core machine, short enough to fail quickly on a missing text. */
const ACTION_TIMEOUT_MS = 15_000;

/**
 * Must be called inside a describe(): the hooks belong to that suite, so each file boots its own app.
 * `env` is passed on to startApp() (extra settings for this file's app).
 */
export function useApp({ env } = {}) {
  let app;
  let browser;
  before(async () => {
    const [started, launched] = await Promise.allSettled([startApp({ env }), chromium.launch(CHROMIUM)]);
    // Keep whichever did start, so after() can end it when the other failed.
    app = started.value;
    browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  return {
    get url() {
      return app.url;
    },
    /** Runs `steps({ page, shot, context })` in a fresh context of the given device (DESKTOP or PHONE). */
    async run(slug, device, steps) {
      const dir = path.join(artifactsDir, slug);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });

      const context = await browser.newContext({ serviceWorkers: 'block', ...device, baseURL: app.url });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      const page = await context.newPage();
      const consoleErrors = [];
      const pageErrors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => pageErrors.push(error.stack ?? String(error)));

      let count = 0;
      const shot = async (step) => {
        count += 1;
        const file = `${String(count).padStart(2, '0')}-${step}.png`;
        // 'disabled' finishes running transitions, so a toast is shown as it settles, not half faded in.
        await page.screenshot({ path: path.join(dir, file), fullPage: true, animations: 'disabled' });
      };

      try {
        await steps({ page, shot, context });
        if (pageErrors.length) throw new Error('The page threw uncaught errors.');
      } catch (error) {
        await shot('failure').catch(() => undefined);
        const report = [
          error.message,
          `Browser console errors:\n${consoleErrors.join('\n') || '(none)'}`,
          `Uncaught page errors:\n${pageErrors.join('\n') || '(none)'}`,
          `Server log (last lines):\n${app.logTail()}`,
          `Screenshots: ${dir}`,
        ].join('\n\n');
        throw new Error(report, { cause: error });
      } finally {
        await context.close();
      }
    },
  };
}
