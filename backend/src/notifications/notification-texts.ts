import { fill } from '../common/text/placeholders';
import { kindOf } from './notification-kinds';
import type { Language } from '../common/user-language';
import type { NotificationParams, NotificationType } from './notification.types';

/** A type's title and message in `language`, filled from its params (the texts are its domain's notifications file's). */
export function renderNotification(type: NotificationType, params: NotificationParams, language: Language): { title: string; message: string } {
  const text = kindOf(type)[language];
  return { title: fill(text.title, params), message: fill(text.message, params) };
}

/** dd.MM.yyyy HH:mm (the format, the same in both languages) in the business time zone. */
export function formatWhen(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The calendar day (yyyy-MM-dd) of an instant in the business time zone, for links that open the calendar there. */
export function dayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
