import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeFeed } from './decode-feed';
import { CONTENT_BEFORE_CALENDAR, NOT_A_CALENDAR, normaliseContentLine, prepareCalendarText, TRUNCATED_CALENDAR, unfoldBytes } from './preprocess';

const FIXTURES = join(__dirname, '../../../test/fixtures/ics');

describe('unfoldBytes', () => {
  it('removes CRLF, LF and CR folds followed by a space or a tab', () => {
    expect(unfoldBytes(Buffer.from('A:ab\r\n c\n\td\r ef\r\nB:x')).toString()).toBe('A:abcdef\r\nB:x');
  });

  it('restores a UTF-8 character split by a fold', () => {
    const folded = Buffer.concat([Buffer.from('SUMMARY:Kj'), Buffer.from([0xc3]), Buffer.from('\r\n '), Buffer.from([0xb8]), Buffer.from('kken')]);
    expect(unfoldBytes(folded).toString('utf8')).toBe('SUMMARY:Kjøkken');
  });

  it('returns the same buffer when there is nothing to unfold', () => {
    const bytes = Buffer.from('A:1\r\nB:2\r\n');
    expect(unfoldBytes(bytes)).toBe(bytes);
  });
});

describe('normaliseContentLine', () => {
  it('upper-cases property and parameter names but not values', () => {
    expect(normaliseContentLine('dtstart;value=date:20270301')?.line).toBe('DTSTART;VALUE=date:20270301');
    expect(normaliseContentLine('summary:Blocked')?.line).toBe('SUMMARY:Blocked');
    expect(normaliseContentLine('x-a;tzid="Europe/Oslo";cn="a;b":v')?.line).toBe('X-A;TZID="Europe/Oslo";CN="a;b":v');
  });

  it('accepts quoted parameter values holding ; : and ,', () => {
    const line = 'ATTENDEE;CN="Hansen; Kari: vert";ROLE=REQ-PARTICIPANT:mailto:kari@example.invalid';
    expect(normaliseContentLine(line)).toEqual({ line, nameEnd: 8, colon: line.indexOf(':mailto') });
  });

  it('rejects lines that are not name[;params]:value', () => {
    for (const junk of ['this line has no colon at all', '<html lang="en">', ':value', 'X;A:1', 'X;A="open:1', 'DTSTART;VALUE=DATE']) {
      expect(normaliseContentLine(junk)).toBeNull();
    }
  });
});

describe('prepareCalendarText', () => {
  it('drops blank and junk lines and writes CRLF', () => {
    const result = prepareCalendarText('BEGIN:VCALENDAR\n\nBEGIN:VEVENT\njunk\nuid:1\nEND:VEVENT\nEND:VCALENDAR');
    expect(result).toEqual({ ok: true, text: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', skippedLines: 1 });
  });

  it('refuses an HTML page', () => {
    expect(prepareCalendarText('<!DOCTYPE html>\n<html></html>\n')).toEqual({ ok: false, error: NOT_A_CALENDAR });
    expect(prepareCalendarText('')).toEqual({ ok: false, error: NOT_A_CALENDAR });
  });

  it('calls a calendar behind a stray first line broken, not "no calendar" (no expired-link hint)', () => {
    const text = 'Warning: something\r\nBEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    expect(prepareCalendarText(text)).toEqual({ ok: false, error: CONTENT_BEFORE_CALENDAR });
  });

  it('refuses a calendar cut off before END:VCALENDAR', () => {
    expect(prepareCalendarText('BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nEND:VEVENT\n')).toEqual({ ok: false, error: TRUNCATED_CALENDAR });
    expect(prepareCalendarText('BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\n')).toEqual({ ok: false, error: TRUNCATED_CALENDAR });
  });

  it('refuses an END that does not match its BEGIN', () => {
    expect(prepareCalendarText('BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VALARM\nEND:VCALENDAR\n')).toEqual({ ok: false, error: 'unbalanced END:VALARM' });
  });

  it('keeps the quoted ATTENDEE of folded-escaped.ics intact for ical.js', () => {
    const bytes = readFileSync(join(FIXTURES, 'folded-escaped.ics'));
    const prepared = prepareCalendarText(decodeFeed(unfoldBytes(bytes)).text);
    expect(prepared.ok && prepared.text).toContain(
      'ATTENDEE;CN="Hansen; Kari: vert";ROLE=REQ-PARTICIPANT:mailto:kari@example.invalid\r\n',
    );
  });
});
