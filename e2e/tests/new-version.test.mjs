/**
 * A new version deployed under an open tab. The tab runs build A; the server restarts on build B (every hashed file
 * renamed, lib/next-build.mjs), and the person then opens a dialog that loads lazily, whose file only A had.
 * - The server keeps A's files for a grace period: the dialog opens on A as if nothing happened.
 * - Without the grace period: the page reloads once onto B (never 'Noe gikk galt'), and the dialog opens there.
 * - With the service worker: B's worker waits and the page offers 'Ny versjon – last inn på nytt'; A keeps working
 *   meanwhile, and pressing it lands on B.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { createUser } from '../lib/api.mjs';
import { CHROMIUM, DESKTOP, PHONE, WITH_SERVICE_WORKER } from '../lib/browser.mjs';
import { openAddDialog } from '../lib/calendar.mjs';
import { nextBuild } from '../lib/next-build.mjs';
import { artifactsDir, dataTemplateDir, frontendDist } from '../lib/paths.mjs';
import { startApp } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn } from '../lib/ui.mjs';

const t = main.nb;
const builtVersion = (page) => page.evaluate(() => localStorage.getItem('appBuildVersion'));

/** Records, in the page's session storage, whether 'Noe gikk galt' was ever on screen, even for a moment. */
function watchForErrorScreen(title) {
  new MutationObserver(() => {
    if (document.body?.textContent?.includes(title)) sessionStorage.setItem('sawErrorScreen', 'yes');
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

describe('A new version deployed under an open tab', () => {
  let browser;
  let work;
  let buildA;
  let buildB;
  let versionB;
  before(async () => {
    browser = await chromium.launch(CHROMIUM);
    work = await mkdtemp(path.join(tmpdir(), 'eierportal-deploy-'));
    buildA = path.join(work, 'build-a');
    buildB = path.join(work, 'build-b');
    await cp(frontendDist, buildA, { recursive: true });
    versionB = await nextBuild(frontendDist, buildB);
  });
  after(async () => {
    await browser?.close();
    await rm(work, { recursive: true, force: true });
  });

  /**
   * Starts build A on a data folder and port of its own, runs `steps` with a signed-in owner's page and `deployB`
   * (restarts the server on build B, same port and data, as a deploy does).
   */
  async function run(slug, device, env, steps) {
    const shots = path.join(artifactsDir, slug);
    await rm(shots, { recursive: true, force: true });
    await mkdir(shots, { recursive: true });
    const dataDir = path.join(work, `${slug}-data`);
    await cp(dataTemplateDir, dataDir, { recursive: true });
    let app = await startApp({ env, dataDir, frontendDir: buildA });
    // Build B comes up where A was, as a deploy behind the same address does.
    const port = Number(new URL(app.url).port);
    const context = await browser.newContext({ serviceWorkers: 'block', ...device, baseURL: app.url });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message} ${error.stack}`));
    await page.addInitScript(watchForErrorScreen, t.fallback.errorTitle);
    let count = 0;
    const shot = (step) => page.screenshot({ path: path.join(shots, `${String(++count).padStart(2, '0')}-${step}.png`), fullPage: true });
    const deployB = async () => {
      await app.stop();
      app = await startApp({ env, dataDir, port, frontendDir: buildB });
    };
    try {
      const owner = await createUser(app.url, { email: `${slug}@example.com`, name: 'Nina Ny', password: 'new-version-1' });
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      // The first screen has loaded what it loads after its paint (the service worker's registration, the months
      // beside this one): a deploy meets a tab at rest, as a person's tab is when they next press something.
      await page.waitForLoadState('networkidle');
      await steps({ page, shot, deployB });
      assert.equal(await page.evaluate(() => sessionStorage.getItem('sawErrorScreen')), null, "'Noe gikk galt' was never shown");
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot('failure').catch(() => undefined);
      throw new Error(`${error.message}\n\nServer log (last lines):\n${app.logTail()}`, { cause: error });
    } finally {
      await context.close();
      await app.stop();
    }
  }

  it("keeps the old build's files for a grace period: the open tab's dialog opens on build A (desktop)", () =>
    run('new-version-grace', DESKTOP, {}, async ({ page, shot, deployB }) => {
      const versionA = await builtVersion(page);
      await page.evaluate(() => (window.stillTheSamePage = true));
      await deployB();
      const form = await openAddDialog(page);
      await shot('dialog-from-build-a');
      assert.equal(await page.evaluate(() => window.stillTheSamePage), true, 'the page did not reload');
      assert.equal(await builtVersion(page), versionA);
      await form.getByRole('button', { name: t.common.cancel, exact: true }).click();
    }));

  it("reloads once onto build B when the old build's files are gone, and the dialog opens there (phone)", () =>
    run('new-version-reload', PHONE, { ASSET_GRACE_DAYS: '0' }, async ({ page, shot, deployB }) => {
      await page.evaluate(() => (window.stillTheSamePage = true));
      await deployB();
      await page.getByRole('button', { name: t.calendar.addShort, exact: true }).click();
      // The failed part reloads the page onto B; the owner is still signed in and back on the calendar.
      await page.waitForFunction((version) => localStorage.getItem('appBuildVersion') === version, versionB);
      assert.equal(await page.evaluate(() => window.stillTheSamePage), undefined, 'the page reloaded');
      await homeHeading(page).waitFor();
      await openAddDialog(page, { phone: true });
      await shot('dialog-on-build-b');
    }));

  it("lets the service worker of build B wait and offers 'Ny versjon – last inn på nytt'; pressing it lands on B (desktop)", () =>
    run('new-version-service-worker', { ...DESKTOP, ...WITH_SERVICE_WORKER }, { ASSET_GRACE_DAYS: '0' }, async ({ page, shot, deployB }) => {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const versionA = await builtVersion(page);
      await deployB();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('button', { name: t.app.reloadForNewVersion, exact: true });
      // B's worker waits only once it has precached every file of B: a few hundred requests, which a loaded
      // machine can take longer than one step's 15 s over.
      await prompt.waitFor({ timeout: 60_000 });
      await page.getByText(t.app.newVersionReady, { exact: true }).waitFor();
      await shot('new-version-offered');

      // Meanwhile A's worker still holds A's files, though the server no longer has them.
      const form = await openAddDialog(page);
      assert.equal(await builtVersion(page), versionA);
      await form.getByRole('button', { name: t.common.cancel, exact: true }).click();

      await prompt.click();
      await page.waitForFunction((version) => localStorage.getItem('appBuildVersion') === version, versionB);
      await homeHeading(page).waitFor();
      await openAddDialog(page);
      await shot('dialog-on-build-b');
    }));
});
