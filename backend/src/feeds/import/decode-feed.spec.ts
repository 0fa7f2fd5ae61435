import { charsetFromContentType, decodeFeed } from './decode-feed';

describe('decodeFeed', () => {
  it('strips a UTF-8 BOM and decodes UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('BEGIN:VCALENDAR\r\nSUMMARY:Åse\r\n')]);
    expect(decodeFeed(bytes)).toEqual({ text: 'BEGIN:VCALENDAR\nSUMMARY:Åse\n', encoding: 'utf-8' });
  });

  it('falls back to windows-1252 when the bytes are not valid UTF-8', () => {
    const bytes = Buffer.from([0x53, 0x6a, 0xf8, 0x20, 0x80]); // "Sjø €" in windows-1252
    expect(decodeFeed(bytes)).toEqual({ text: 'Sjø €', encoding: 'windows-1252' });
  });

  it('honours a non-UTF-8 charset from the Content-Type, even when the bytes happen to be valid UTF-8', () => {
    const bytes = Buffer.from('Ã¸', 'utf8'); // valid UTF-8, but the server says latin-1
    expect(decodeFeed(Buffer.from([0xc3, 0xb8]), 'text/calendar; charset="iso-8859-1"')).toEqual({ text: 'Ã¸', encoding: 'windows-1252' });
    expect(decodeFeed(bytes, 'text/calendar; charset=utf-8').text).toBe('Ã¸');
  });

  it('ignores an unknown charset label and detects instead', () => {
    expect(decodeFeed(Buffer.from('ø'), 'text/calendar; charset=x-nonsense')).toEqual({ text: 'ø', encoding: 'utf-8' });
  });

  it('normalises CRLF and lone CR to LF', () => {
    expect(decodeFeed(Buffer.from('A:1\r\nB:2\rC:3\n')).text).toBe('A:1\nB:2\nC:3\n');
  });

  it('reads the charset parameter case-insensitively', () => {
    expect(charsetFromContentType('text/calendar;Charset=UTF-8')).toBe('utf-8');
    expect(charsetFromContentType('text/calendar')).toBeUndefined();
    expect(charsetFromContentType(undefined)).toBeUndefined();
  });
});
