import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './notification-kinds';
import { LANGUAGES } from '../common/user-language';
import { fill } from '../common/text/placeholders';
import { dayIn, formatWhen, renderNotification } from './notification-texts';

describe('notification texts', () => {
  it('has a title and message for every type in both languages', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const language of ['nb', 'en'] as const) {
        const { title, message } = renderNotification(type, {}, language);
        expect(title.length).toBeGreaterThan(0);
        expect(message.length).toBeGreaterThan(0);
      }
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('«{title}» {when} {missing}', { title: 'Vask', when: '10.01.2027 11:00' })).toBe('«Vask» 10.01.2027 11:00 {missing}');
    expect(fill('{constructor} {toString} {__proto__}', {})).toBe('{constructor} {toString} {__proto__}');
    expect(renderNotification('event_created', { title: 'Vask', when: '10.01.2027 11:00' }, 'en').message).toBe('An administrator added “Vask” on 10.01.2027 11:00.');
  });

  it('formats instants in the business time zone', () => {
    expect(formatWhen('2027-01-10T23:30:00Z', 'Europe/Oslo')).toBe('11.01.2027 00:30');
    expect(formatWhen('2027-07-10T08:05:00Z', 'Europe/Oslo')).toBe('10.07.2027 10:05');
    expect(dayIn('2027-01-10T23:30:00Z', 'Europe/Oslo')).toBe('2027-01-11');
  });
});

describe('each kind’s texts, written once', () => {
  const placeholders = (text: { title: string; message: string }) => [...`${text.title} ${text.message}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();

  it.each(LANGUAGES.map((language) => [language]))('every notification type has a title and message in %s, with the placeholders of the other language', (language) => {
    const differences = NOTIFICATION_TYPES.flatMap((type) => {
      const kind = NOTIFICATION_KINDS.get(type)!;
      const text = kind[language];
      if (!text?.title?.trim() || !text.message?.trim()) return [`${type}: no title or message`];
      const other = kind[language === 'nb' ? 'en' : 'nb'];
      return placeholders(text) === placeholders(other) ? [] : [`${type}: {${placeholders(text)}} where the other language fills {${placeholders(other)}}`];
    });
    expect(differences).toEqual([]);
  });

  // The app shows the texts the API renders from the kind (NotificationResponse.texts), in its interface language:
  // a catalogue entry of its own would be a second copy to keep in step.
  it('the app’s catalogues hold none of them', () => {
    const frontendSrc = join(__dirname, '../../../frontend/src');
    const catalogues = ['i18n', ...['features', 'admin'].flatMap((root) => readdirSync(join(frontendSrc, root), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, e.name, 'i18n')))]
      .flatMap((dir) => LANGUAGES.map((language) => join(frontendSrc, dir, `${language}.json`)))
      .filter((file) => existsSync(file));
    expect(catalogues.length).toBeGreaterThan(2);
    const holding = catalogues.filter((file) => (JSON.parse(readFileSync(file, 'utf8')) as { notifications?: { types?: object } }).notifications?.types !== undefined);
    expect(holding).toEqual([]);
  });
});
