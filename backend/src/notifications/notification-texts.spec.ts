import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './notification-kinds';
import { NOTIFICATION_LANGUAGES } from './notification.types';
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

/**
 * Types the app shows as stored rather than from its catalogue: 'system' carries a text someone wrote, and
 * 'collaboration_invite' has no producer in the backend yet.
 */
const SHOWN_AS_STORED = new Set<string>(['system', 'collaboration_invite']);

describe('the frontend’s notification texts', () => {
  // The app renders a notification in its interface language from its own catalogue (`notifications.types.*`),
  // which the frontend's build gathers from i18n/<language>.json and every feature's and back-office resource's own
  // i18n/<language>.json (docs/development.md#adding-a-frontend-feature): a type's texts may sit in either.
  type TypeTexts = Record<string, { title?: string; message?: string }>;
  const frontendSrc = join(__dirname, '../../../frontend/src');
  const catalogueFiles = (language: string) => [
    join(frontendSrc, 'i18n', `${language}.json`),
    ...['features', 'admin'].flatMap((root) =>
      readdirSync(join(frontendSrc, root), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(frontendSrc, root, entry.name, 'i18n', `${language}.json`))
        .filter((file) => existsSync(file)),
    ),
  ];
  const notificationTexts = (language: string): TypeTexts =>
    Object.assign(
      {},
      ...catalogueFiles(language).map((file) => (JSON.parse(readFileSync(file, 'utf8')) as { notifications?: { types?: TypeTexts } }).notifications?.types ?? {}),
    );

  it.each(NOTIFICATION_LANGUAGES.map((language) => [language]))('every notification type has a title and message in %s, with the backend’s placeholders', (language) => {
    const types = notificationTexts(language);
    const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();
    const differences = NOTIFICATION_TYPES.filter((type) => !SHOWN_AS_STORED.has(type)).flatMap((type) => {
      const text = types[type];
      if (typeof text?.title !== 'string' || typeof text.message !== 'string') return [`${type}: no title or message`];
      const backend = NOTIFICATION_KINDS.get(type)![language];
      const own = placeholders(`${text.title} ${text.message}`, /\{\{(\w+)\}\}/g).join();
      const stored = placeholders(`${backend.title} ${backend.message}`, /\{(\w+)\}/g).join();
      return own === stored ? [] : [`${type}: {{${own}}} where the backend fills {${stored}}`];
    });
    expect(differences).toEqual([]);
  });
});
