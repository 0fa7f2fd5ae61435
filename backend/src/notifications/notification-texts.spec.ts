import { NOTIFICATION_TYPES } from './notification.types';
import { dayIn, fill, formatWhen, renderNotification } from './notification-texts';

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
