/**
 * One language per screen and no raw translation keys. Walks the built routes as the admin
 * (who sees the most: calendar, settings, the back office's tabs, an unknown back-office path and an unknown app
 * path) in Norwegian and in English, and fails on any catalogue key shown as text, on an English-only text of the
 * catalogue on a Norwegian screen, and on a Norwegian-only one on an English screen.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

const ROUTES = ['/', '/settings', '/admin/users', '/admin/ical', '/admin/ical-feeds', '/admin/agreements', '/no/such/page'];

function flat(messages, prefix = '') {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`),
  );
}

// react-admin's own ra.* texts have their English in its package, not in en.json: compared only as keys.
const own = (lang) => flat(main[lang]).filter(([key]) => !key.startsWith('ra.'));
const keys = flat(main.nb).map(([key]) => key);

/**
 * Texts of one language that the other never uses, whole words only; a text with placeholders is looked for by
 * its longest fixed part. Short words are left out: 'Uke' or 'Ny' may stand inside a name.
 */
function onlyIn(lang, other) {
  const otherTexts = new Set(own(other).map(([, text]) => text));
  return own(lang)
    .map(([key, text]) => [key, text.split(/\{\{\w+\}\}/).sort((a, b) => b.length - a.length)[0].trim()])
    .filter(([, text]) => text.length >= 5 && !otherTexts.has(text) && !own(other).some(([, o]) => o.includes(text)));
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (text) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'u');

/** What on the page is in the wrong language or a raw key, as 'route: found (key)'. */
function strangers(route, shown, lang) {
  const foreign = onlyIn(lang === 'nb' ? 'en' : 'nb', lang).filter(([, text]) => wholeWords(text).test(shown));
  const raw = keys.filter((key) => key.includes('.') && wholeWords(key).test(shown));
  return [...foreign.map(([key, text]) => `${route}: '${text}' (${key})`), ...raw.map((key) => `${route}: raw key ${key}`)];
}

describe('One language per screen', () => {
  const app = useApp();

  for (const lang of ['nb', 'en']) {
    it(`shows every route in ${lang === 'nb' ? 'Norwegian' : 'English'} only, with no raw keys`, () =>
      app.run(`one-language-${lang}`, inOslo(DESKTOP), async ({ page, shot }) => {
        await page.goto('/auth');
        if (lang === 'en') await switchLanguage(page, 'en');
        await page.waitForLoadState('networkidle');
        const found = strangers('/auth', await page.locator('body').innerText(), lang);
        await logIn(page, ADMIN, lang);
        await homeHeading(page, lang).waitFor();

        for (const route of ROUTES) {
          await page.goto(route);
          await page.waitForLoadState('networkidle');
          // The back office and the calendar are lazy chunks: wait for their main content.
          await page.getByRole('main').first().waitFor();
          await page.waitForTimeout(300);
          await shot(route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'));
          found.push(...strangers(route, await page.locator('body').innerText(), lang));
        }
        assert.deepEqual(found, [], `texts out of place in ${lang}`);
      }));
  }
});
