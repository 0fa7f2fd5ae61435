/**
 * One app and one Chromium per test file, a fresh browser context per test. `useApp()` registers the suite's
 * before/after hooks; `app.run(slug, device, steps)` gives the steps a page and `shot(step)`, which saves
 * e2e/artifacts/<slug>/<nn>-<step>.png; `openPerson(device)` gives a second person their own context and page in the same
 * run (a story between two people), whose shots land in the same folder. When a test fails, its error carries the browser's console errors, the
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
    /**
     * Runs `steps({ page, shot, context, openPerson })` in a fresh context of the given device (DESKTOP or PHONE);
     * `await openPerson(device, 'owner')` gives another `{ page, shot, context }`, closed with the first.
     */
    async run(slug, device, steps) {
      const dir = path.join(artifactsDir, slug);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });

      const consoleErrors = [];
      const pageErrors = [];
      const contexts = [];
      let count = 0;
      const newPerson = async (personDevice, who = '') => {
        const personContext = await browser.newContext({ serviceWorkers: 'block', ...personDevice, baseURL: app.url });
        contexts.push(personContext);
        personContext.setDefaultTimeout(ACTION_TIMEOUT_MS);
        const personPage = await personContext.newPage();
        const tag = who ? `[${who}] ` : '';
        personPage.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(`${tag}${message.text()} (${message.location().url})`);
        });
        personPage.on('pageerror', (error) => pageErrors.push(`${tag}${error.stack ?? String(error)}`));
        const personShot = async (step) => {
          count += 1;
          const file = `${String(count).padStart(2, '0')}-${who ? `${who}-` : ''}${step}.png`;
          // 'disabled' finishes running transitions, so a toast is shown as it settles, not half faded in.
          await personPage.screenshot({ path: path.join(dir, file), fullPage: true, animations: 'disabled' });
        };
        return { page: personPage, shot: personShot, context: personContext };
      };
      const { page, shot, context } = await newPerson(device);
      const openPerson = (personDevice, who) => newPerson(personDevice, who);

      try {
        await steps({ page, shot, context, openPerson });
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
        for (const opened of contexts) await opened.close();
      }
    },
  };
}
