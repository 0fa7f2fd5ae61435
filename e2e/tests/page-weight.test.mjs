/**
 * What a customer downloads (DESIGN "Stack facts": login ≤ 250 kB, calendar ≤ 400 kB, compressed): the bytes that
 * crossed the wire for the login page on a first visit, and what the calendar adds after logging in. The back
 * office is its own chunk and must not be among them.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { frontendDist } from '../lib/paths.mjs';
import { homeHeading, logIn } from '../lib/ui.mjs';

const KB = 1024;
/** V8's explicit compile hint (frontend/vite.config.ts, compileHints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/*
 * DESIGN's 250 kB for the login page and 400 kB for the calendar. Measured 261.5 and 418.8 kB with Beds24, payouts, prices, agreements and maintenance;
 * one language's texts per screen took some back, then customer service (three more pages and their texts), the
 * backup tab and the date pickers' shared modules added more, smaller chunks, each with its own headers on the wire:
 * 270.5 and 441.6 kB. react-admin on the app's router (no data router on every screen), the login fields without
 * TextField's Select and Modal, and date-fns' lightFormat: 239.8 and 427.1 kB; the event detail dialog and the staff's
 * user picker loaded when first needed: 242.0 and 420.6 kB. FullCalendar's time grid with the week and day views, no
 * interaction plugin, and the login forms without react-hook-form: 227.3 and 391.3 kB, within DESIGN's budgets; the
 * signed-out screens' texts as their own part: 221.5 and 392.4 kB; the back office's pages as chunks of their own split
 * the modules the customer screens share with them into more files: 222.5 and 396.8 kB; an admin's event menus on the
 * calendar for admins only: 223.6 and 388.9 kB. The MUI components every screen shows in one chunk and those of the
 * signed-in shell in another, the desktop sidebar without a Drawer module (the phone's drawer, the bell's popover and
 * the year view's switch load when first wanted): 213.5 and 352.1 kB.
 * (transferSize counts 300 bytes of headers per file, whatever the server sends.)
 */
const LOGIN_BUDGET = 250 * KB;
const CALENDAR_BUDGET = 400 * KB;

/**
 * Same-origin scripts, styles and fonts fetched so far, with what each cost on the wire (headers included), and
 * whether the request started before the login page began fetching the signed-in shell ahead of time (App.tsx marks
 * that moment): those are the login page's own.
 */
const downloads = (page) =>
  page.evaluate((mark) => {
    const prefetchFrom = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(location.origin) && !e.name.includes('/api/'))
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.transferSize, own: e.startTime < prefetchFrom }));
  }, PREFETCH_MARK);
/** App.tsx's PREFETCH_MARK and PREFETCHED_MARK. */
const PREFETCH_MARK = 'eierportal:prefetch-signed-in-shell';
const PREFETCHED_MARK = 'eierportal:prefetched-signed-in-shell';

const total = (entries) => entries.reduce((sum, e) => sum + e.bytes, 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

describe('Page weight', () => {
  const app = useApp();

  it('keeps the login page and the calendar within their download budgets, compressed, without the back office', () =>
    app.run('page-weight', DESKTOP, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'vekt@example.com', name: 'Vera Vekt', password: 'vekt-secret-1' });
      await page.goto('/auth');
      // The signed-in shell is fetched once the page is idle, which a loaded machine can put off past the moment the
      // network first went quiet (so Playwright's 'networkidle' may already lie behind): wait for the prefetch's end.
      await page
        .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCHED_MARK, { timeout: 20_000 })
        .catch(() => assert.fail('the login page never finished fetching the signed-in shell while idle'));
      const fetched = await downloads(page);
      const login = fetched.filter((e) => e.own);
      await shot('login');

      // Logging in loads /auth again; what the browser has cached comes from its cache (transferSize 0), so the
      // entries of this document are what the calendar adds to the first visit.
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      await page.waitForLoadState('networkidle');
      const added = await downloads(page);
      await shot('calendar');

      // Every entry's transferSize is what came over the wire: gzip makes it far smaller than the file.
      const loginBytes = total(login);
      const calendarBytes = total(fetched) + total(added);
      console.log(`login page: ${kb(loginBytes)} in ${login.length} files; the calendar after it: ${kb(calendarBytes)}`);
      assert.ok(loginBytes > 0, 'the browser reported what it downloaded');
      assert.ok(loginBytes <= LOGIN_BUDGET, `the login page downloads ${kb(loginBytes)}, over its ${kb(LOGIN_BUDGET)} budget`);
      assert.ok(calendarBytes <= CALENDAR_BUDGET, `the calendar downloads ${kb(calendarBytes)}, over its ${kb(CALENDAR_BUDGET)} budget`);
      assert.ok(fetched.some((e) => !e.own && /\/SignedInApp-/.test(e.name)), 'the login page fetched the signed-in shell while idle');
      assert.deepEqual([...fetched, ...added].filter((e) => /AdminApp/.test(e.name)), [], 'a customer never downloads the back office');
      // The date pickers come with the first form that shows a date field, not with the calendar.
      assert.deepEqual([...fetched, ...added].filter((e) => /\/datePickers-/.test(e.name)), [], 'the date pickers wait for a form');

      // V8 compiles each customer script whole as it downloads (the compile hint on its first line,
      // docs/architecture.md#compile-hints); the back office's scripts compile as they are called.
      const scripts = [...new Set([...fetched, ...added].map((e) => e.name).filter((name) => name.endsWith('.js') && name.startsWith('/assets/')))];
      assert.ok(scripts.length > 20, `the login page and the calendar ran ${scripts.length} scripts`);
      const firstLine = async (name) => (await (await fetch(new URL(name, app.url))).text()).split('\n', 1)[0];
      for (const name of scripts) assert.equal(await firstLine(name), COMPILE_HINT, `${name} starts with the compile hint`);
      const manifest = JSON.parse(await readFile(path.join(frontendDist, '.vite/manifest.json'), 'utf8'));
      const adminApp = `/${manifest['src/admin/AdminApp.tsx'].file}`;
      assert.notEqual(await firstLine(adminApp), COMPILE_HINT, 'the back office compiles as it is called');
    }));
});
