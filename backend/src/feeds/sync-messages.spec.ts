import { NOT_A_CALENDAR, TRUNCATED_CALENDAR } from './import/preprocess';
import { emptyHeldBack, fetchError, parseError, partialParse } from './sync-messages';

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
    expect(parseError('unbalanced END:VEVENT')).toEqual({ code: 'feed.parse.invalid', params: { detail: 'unbalanced END:VEVENT' }, message: 'unbalanced END:VEVENT' });
  });

  it('codes the warnings with the numbers their texts hold', () => {
    expect(partialParse(2, 'missing DTSTART; DTEND is before DTSTART')).toEqual({
      code: 'feed.sync.partial',
      params: { skipped: 2, reasons: 'missing DTSTART; DTEND is before DTSTART' },
      message: '2 event(s) skipped: missing DTSTART; DTEND is before DTSTART. Events missing from the feed are kept until a complete parse.',
    });
    expect(emptyHeldBack(3)).toMatchObject({ code: 'feed.sync.emptyHeldBack', params: { kept: 3 } });
  });
});
