import { errorForLog, forLog, multiLine, singleLine, toSingleLine } from './control-characters';

describe('control characters', () => {
  it('keeps one line one line', () => {
    expect(singleLine('Hytta\r\nX-INJECTED:1')).toBe('Hytta X-INJECTED:1');
    expect(singleLine('a\u0000b\u0007c\u007fd\u0085e\u009bf\u2028g\u2029h\ti')).toBe('abcd ef g h i');
    expect(singleLine('Æøå «sitat» 😀')).toBe('Æøå «sitat» 😀');
  });

  it('keeps line breaks and tabs in multi-line text, as LF', () => {
    expect(multiLine('a\r\nb\rc\nd\u2028e\u2029f\tg\u0000h\u001bi')).toBe('a\nb\nc\nd\ne\nf\tghi');
  });

  it('shows controls in log lines as escapes', () => {
    expect(forLog('https://x/\r\n[ERROR] fake\u0000')).toBe('https://x/\\r\\n[ERROR] fake\\u0000');
    expect(forLog(new Error('bad\nline'))).toBe('bad\\nline');
    expect(forLog('\u2028')).toBe('\\u2028');
  });

  it('trims names and leaves other types to the validator', () => {
    expect(toSingleLine({ value: '  Ola\nNordmann\u0000 ' })).toBe('Ola Nordmann');
    expect(toSingleLine({ value: 12 })).toBe(12);
  });
});

describe('errorForLog', () => {
  it('escapes the message and keeps the stack frames', () => {
    const error = new Error('feed http://x/\r\n[ERROR] forged');
    const line = errorForLog(error);
    expect(line.split('\n')[0]).toBe('Error: feed http://x/\\r\\n[ERROR] forged');
    expect(line).toMatch(/\n {4}at /);
    expect(errorForLog('plain\nstring')).toBe('plain\\nstring');
  });
});
