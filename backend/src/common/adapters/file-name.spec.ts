import { storedFileName } from './file-name';

describe('storedFileName', () => {
  it('keeps a name whose extension matches the type', () => {
    expect(storedFileName('Tilbud æøå.pdf', 'application/pdf')).toBe('Tilbud æøå.pdf');
    expect(storedFileName('skjerm "bilde".PNG', 'image/png')).toBe('skjerm "bilde".PNG');
    expect(storedFileName('IMG_0001.jpeg', 'image/jpeg')).toBe('IMG_0001.jpeg');
    expect(storedFileName('Regneark.xls', 'application/msword')).toBe('Regneark.xls');
  });

  it('gives the extension of the type told from the bytes, whatever the name said', () => {
    expect(storedFileName('faktura.hta', 'text/plain')).toBe('faktura.txt');
    expect(storedFileName('skript.ps1', 'text/plain')).toBe('skript.txt');
    expect(storedFileName('app.js', 'text/plain')).toBe('app.txt');
    expect(storedFileName('notater.csv', 'text/plain')).toBe('notater.txt');
    expect(storedFileName('bilde.gif', 'image/png')).toBe('bilde.png');
    expect(storedFileName('skann', 'application/pdf')).toBe('skann.pdf');
    expect(storedFileName('rapport v1.2 final', 'application/pdf')).toBe('rapport v1.2 final.pdf');
  });

  it('drops bidirectional overrides and other invisible characters, so the name shows what it is', () => {
    expect(storedFileName('faktura\u202Efdp.bat', 'text/plain')).toBe('fakturafdp.txt');
    expect(storedFileName('faktura\u202Efdp.exe', 'application/pdf')).toBe('fakturafdp.pdf');
    expect(storedFileName('a\u200Bb\u2066c\u2069\uFEFF.txt', 'text/plain')).toBe('abc.txt');
    expect(storedFileName('linje\u2028skift\r\n.txt', 'text/plain')).toBe('linje skift.txt');
    expect(storedFileName('tab\there.txt', 'text/plain')).toBe('tab here.txt');
  });

  it('takes the last path segment, and no leading dots', () => {
    expect(storedFileName('../../etc/logg.txt', 'text/plain')).toBe('logg.txt');
    expect(storedFileName('C:\\Users\\eier\\bilde av taket.png', 'image/png')).toBe('bilde av taket.png');
    expect(storedFileName('.bashrc', 'text/plain')).toBe('bashrc.txt');
    expect(storedFileName('rapport. . .', 'text/plain')).toBe('rapport.txt');
  });

  it('has no name for what cleans away to nothing', () => {
    for (const name of ['', '.', '..', '/', '../', 'a/..', '\u202E', ' . ', '\\']) expect(storedFileName(name, 'text/plain')).toBeNull();
  });

  it('composes to NFC and stays within 255 characters, extension kept', () => {
    expect(storedFileName('Tilbud a\u030A.pdf', 'application/pdf')).toBe('Tilbud å.pdf');
    const long = storedFileName(`${'ø'.repeat(300)}.exe`, 'text/plain')!;
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('ø.txt')).toBe(true);
  });
});
