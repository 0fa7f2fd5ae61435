import type { NotificationLanguage, NotificationParams, NotificationType } from './notification.types';

/**
 * Titles and messages per type and language, with `{name}` placeholders filled from the notification's params.
 * The frontend holds the same texts (i18n `notifications.types.*`) and renders them in the interface language; the
 * stored, rendered copy serves everything else (and a client that does not know a newer type).
 */
const TEXTS: Record<NotificationLanguage, Record<NotificationType, { title: string; message: string }>> = {
  nb: {
    event_created: { title: 'Ny hendelse i kalenderen', message: 'En administrator la til «{title}» {when}.' },
    event_updated: { title: 'Hendelse endret', message: 'En administrator endret fargen på «{title}» {when}.' },
    event_deleted: { title: 'Hendelse slettet', message: 'En administrator slettet «{title}» {when}.' },
    collaboration_invite: { title: 'Invitasjon til samarbeid', message: '{name} inviterte deg til «{title}».' },
    system: { title: 'Melding', message: '{text}' },
    booking_new: { title: 'Nye bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    booking_changed: { title: 'Endrede bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    booking_cancelled: { title: 'Avlyste bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    booking_conflict: { title: 'Dobbeltbooking', message: '{owner}«{a}» og «{b}» overlapper {period}.' },
    feed_failing: { title: 'Kalenderen synkroniseres ikke', message: '«{source}» har ikke latt seg hente siden {since}.' },
    feed_recovered: { title: 'Kalenderen synkroniseres igjen', message: '«{source}» er hentet igjen.' },
    agreement_created: { title: 'Ny avtale', message: 'Du har fått en avtale: «{title}» {when}.' },
    agreement_changed: { title: 'Avtale endret', message: 'Avtalen «{title}» er endret: {when}.' },
    agreement_cancelled: { title: 'Avtale avlyst', message: 'Avtalen «{title}» {when} er avlyst.' },
    agreement_note: { title: 'Nytt notat på avtale', message: 'Et nytt notat er lagt til avtalen «{title}».' },
    agreement_owner_note: { title: 'Notat fra {owner}', message: '{owner} skrev et notat på avtalen «{title}».' },
    account_number_changed: { title: 'Kontonummeret ditt ble endret', message: 'Kontonummeret for utbetalinger er nå {account}. Kontakt oss straks hvis det ikke var deg.' },
    user_account_number_changed: { title: 'Kontonummer endret', message: '{name} har fått nytt kontonummer for utbetalinger: {account}.' },
    case_message: { title: 'Ny melding i sak {caseNumber}', message: '«{title}»: {preview}' },
    case_assigned: { title: 'Sak {caseNumber} tildelt', message: 'Saken «{title}» er tildelt {assignee}.' },
    case_closed: { title: 'Sak {caseNumber} løst', message: 'Saken «{title}» er markert som løst.' },
    case_reopened: { title: 'Sak {caseNumber} gjenåpnet', message: 'Saken «{title}» er åpnet igjen.' },
    appointment_booked: { title: 'Ny time bestilt', message: '{owner} har bestilt en time med deg: «{title}» {when}.' },
    appointment_cancelled: { title: 'Time avlyst', message: 'Timen din «{title}» {when} er avlyst.' },
    appointment_owner_cancelled: { title: 'Time avlyst av {owner}', message: '{owner} avlyste timen «{title}» {when}.' },
    two_factor_reset: { title: 'Tofaktorinnlogging slått av', message: 'En administrator har slått av tofaktorinnloggingen din. Slå den på igjen under Innstillinger.' },
  },
  en: {
    event_created: { title: 'New event in your calendar', message: 'An administrator added “{title}” on {when}.' },
    event_updated: { title: 'Event changed', message: 'An administrator changed the colour of “{title}” on {when}.' },
    event_deleted: { title: 'Event deleted', message: 'An administrator deleted “{title}” on {when}.' },
    collaboration_invite: { title: 'Collaboration invitation', message: '{name} invited you to “{title}”.' },
    system: { title: 'Message', message: '{text}' },
    booking_new: { title: 'New bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    booking_changed: { title: 'Changed bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    booking_cancelled: { title: 'Cancelled bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    booking_conflict: { title: 'Double booking', message: '{owner}“{a}” and “{b}” overlap {period}.' },
    feed_failing: { title: 'Calendar not syncing', message: '“{source}” could not be fetched since {since}.' },
    feed_recovered: { title: 'Calendar syncing again', message: '“{source}” was fetched again.' },
    agreement_created: { title: 'New meeting', message: 'You have a new meeting: “{title}” on {when}.' },
    agreement_changed: { title: 'Meeting changed', message: 'The meeting “{title}” has changed: {when}.' },
    agreement_cancelled: { title: 'Meeting cancelled', message: 'The meeting “{title}” on {when} is cancelled.' },
    agreement_note: { title: 'New note on a meeting', message: 'A new note was added to the meeting “{title}”.' },
    agreement_owner_note: { title: 'Note from {owner}', message: '{owner} wrote a note on the meeting “{title}”.' },
    account_number_changed: { title: 'Your account number was changed', message: 'Your payout account number is now {account}. Contact us at once if this was not you.' },
    user_account_number_changed: { title: 'Account number changed', message: '{name} has a new payout account number: {account}.' },
    case_message: { title: 'New message in case {caseNumber}', message: '“{title}”: {preview}' },
    case_assigned: { title: 'Case {caseNumber} assigned', message: 'The case “{title}” was assigned to {assignee}.' },
    case_closed: { title: 'Case {caseNumber} resolved', message: 'The case “{title}” was marked as resolved.' },
    case_reopened: { title: 'Case {caseNumber} reopened', message: 'The case “{title}” was reopened.' },
    appointment_booked: { title: 'New appointment booked', message: '{owner} booked an appointment with you: “{title}” on {when}.' },
    appointment_cancelled: { title: 'Appointment cancelled', message: 'Your appointment “{title}” on {when} is cancelled.' },
    appointment_owner_cancelled: { title: 'Appointment cancelled by {owner}', message: '{owner} cancelled the appointment “{title}” on {when}.' },
    two_factor_reset: { title: 'Two-factor sign-in turned off', message: 'An administrator turned off your two-factor sign-in. Turn it on again under Settings.' },
  },
};

/** Fills `{name}` placeholders; one without a value stays as it is, so a missing param shows rather than hides. */
export function fill(template: string, params: NotificationParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function renderNotification(type: NotificationType, params: NotificationParams, language: NotificationLanguage): { title: string; message: string } {
  const text = TEXTS[language][type];
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
