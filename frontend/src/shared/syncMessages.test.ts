// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { gatherCatalogue } from '../i18n/gatherCatalogue';
import { lastErrorText, lastWarningText } from './syncMessages';

// The feeds' texts are the feeds feature's own (features/feeds/i18n), gathered with the rest as the build does.
const srcDir = fileURLToPath(new URL('..', import.meta.url));
const nb = gatherCatalogue(srcDir, 'nb').messages;
const en = gatherCatalogue(srcDir, 'en').messages;

async function translator(lng: 'nb' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { nb: { translation: nb }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return i18n;
}

describe('stored sync messages', () => {
  const failing = { lastError: 'HTTP 404', lastErrorCode: 'feed.fetch.httpStatus', lastErrorParams: { status: 404 }, lastWarning: null };

  it("says a coded error in the reader's language with its parameters", async () => {
    expect(lastErrorText(failing, await translator('nb'))).toBe('Kalenderserveren svarte HTTP 404');
    expect(lastErrorText(failing, await translator('en'))).toBe('The calendar server answered HTTP 404');
  });

  it('says a coded warning with its count', async () => {
    const feed = { lastError: null, lastWarning: 'kept', lastWarningCode: 'feed.sync.emptyHeldBack', lastWarningParams: { kept: 3 } };
    expect(lastWarningText(feed, await translator('nb'))).toMatch(/^Feeden har ingen fremtidige hendelser lenger; 3 lagrede/);
  });

  it('says which kind of event a partial import skipped, in either language, without the parser\'s own words', async () => {
    const feed = {
      lastError: null,
      lastWarning: '1 event(s) could not be read and were skipped: DURATION ends after the year 9999. Their stored copies are kept.',
      lastWarningCode: 'feed.sync.eventsRejected',
      lastWarningParams: { skipped: 1, reason: 'feed.event.invalidDuration' },
    };
    expect(lastWarningText(feed, await translator('nb'))).toBe(
      '1 hendelse(r) kunne ikke leses og ble hoppet over (en hendelse har en varighet som ikke kan leses). Det som er lagret fra dem, beholdes; det som er borte fra feeden, er fjernet.',
    );
    expect(lastWarningText(feed, await translator('en'))).toMatch(/^1 event\(s\) could not be read and were skipped \(an event has a duration that cannot be read\)\./);
    const raw = { lastError: "invalid calendar: Cannot read properties of undefined (reading 'x')", lastErrorCode: 'feed.parse.unreadable', lastErrorParams: {}, lastWarning: null };
    expect(lastErrorText(raw, await translator('nb'))).toBe('Kalenderen kunne ikke leses');
    expect(lastErrorText(raw, await translator('en'))).toBe('The calendar could not be read');
  });

  it('shows the stored text of a message without a code, or with a code the catalogue does not know', async () => {
    const nbT = await translator('nb');
    expect(lastErrorText({ lastError: 'Tidsavbrudd', lastWarning: null }, nbT)).toBe('Tidsavbrudd');
    expect(lastErrorText({ ...failing, lastErrorCode: 'feed.fetch.somethingNew' }, nbT)).toBe('HTTP 404');
    expect(lastWarningText(failing, nbT)).toBeNull();
  });
});
