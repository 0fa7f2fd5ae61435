import { CONTENT_BEFORE_CALENDAR, NOT_A_CALENDAR, TRUNCATED_CALENDAR } from './import/preprocess';
import { emptyHeldBack, eventsRejected, fetchError, parseError } from './sync-messages';

describe('sync messages', () => {
  it.each([
    ['timed out after 15000 ms', 'feed.fetch.timeout', { ms: 15000 }],
    ['HTTP 404', 'feed.fetch.httpStatus', { status: 404 }],
    ['feed too large (over 5242880 bytes)', 'feed.fetch.tooLarge', { maxBytes: 5242880 }],
    ['address not allowed (private, loopback or link-local network)', 'feed.fetch.addressNotAllowed', {}],
    ['invalid URL', 'feed.fetch.invalidUrl', {}],
    ['unsupported URL scheme', 'feed.fetch.unsupportedScheme', {}],
    ['host has no address', 'feed.fetch.noAddress', {}],
    ['unsupported content encoding br', 'feed.fetch.unsupportedEncoding', { encoding: 'br' }],
    ['download failed (ECONNRESET)', 'feed.fetch.downloadFailed', { reason: 'ECONNRESET' }],
    ['too many redirects (more than 3)', 'feed.fetch.tooManyRedirects', { max: 3 }],
    ['redirect refused: unsupported URL scheme', 'feed.fetch.redirectRefused', { reason: 'unsupported URL scheme' }],
    ['network error (ENOTFOUND)', 'feed.fetch.networkError', { reason: 'ENOTFOUND' }],
    ['something new', 'feed.fetch.failed', { detail: 'something new' }],
  ])('codes the fetch error %j, keeping its text', (text, code, params) => {
    expect(fetchError(text)).toEqual({ code, params, message: text });
  });

  it('codes parse errors; a page that is no calendar says the link may have expired', () => {
    expect(parseError(NOT_A_CALENDAR)).toEqual({ code: 'feed.parse.notACalendar', params: {}, message: 'not a calendar (the link may be invalid or expired)' });
    expect(parseError(TRUNCATED_CALENDAR)).toEqual({ code: 'feed.parse.truncated', params: {}, message: TRUNCATED_CALENDAR });
  });

  it('gives a broken calendar a code and no detail for the owner, and no expired-link hint', () => {
    for (const error of ['unbalanced END:VEVENT', 'content outside VCALENDAR', CONTENT_BEFORE_CALENDAR]) {
      expect(parseError(error)).toEqual({ code: 'feed.parse.structure', params: {}, message: error });
    }
    const raw = "invalid calendar: Cannot read properties of undefined (reading 'propertyGroups')";
    expect(parseError(raw)).toEqual({ code: 'feed.parse.unreadable', params: {}, message: raw });
  });

  it('codes the warnings with the numbers their texts hold', () => {
    expect(
      eventsRejected([
        { uid: 'a', code: 'feed.event.missingStart', reason: 'missing DTSTART' },
        { uid: 'b', code: 'feed.event.endBeforeStart', reason: 'DTEND is before DTSTART' },
      ]),
    ).toEqual({
      code: 'feed.sync.eventsRejected',
      params: { skipped: 2, reason: 'feed.event.missingStart' },
      message: '2 event(s) could not be read and were skipped: missing DTSTART; DTEND is before DTSTART. Their stored copies are kept.',
    });
    expect(emptyHeldBack(3)).toMatchObject({ code: 'feed.sync.emptyHeldBack', params: { kept: 3 } });
  });
});
