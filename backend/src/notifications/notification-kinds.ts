/**
 * Every notification type in one place (docs/development.md#adding-a-domain): its title and message in nb and en,
 * with `{name}` placeholders filled from its params (notification-texts.ts), and the screen it opens
 * (notification-links.ts). A type is added here and nowhere else in the backend; the frontend holds the same texts
 * (i18n `notifications.types.*`) and renders them in the interface language, and the stored, rendered copy serves
 * everything else (and a client that does not know a newer type). Who receives which type is
 * notification-reactions.ts.
 */

export type NotificationParams = Record<string, string | number>;

/** The screen a notification opens; notification-links.ts turns it into the stored link. */
export type NotificationTarget =
  | { screen: 'calendar'; date: string | null; userId?: number }
  | { screen: 'agreement'; id: number }
  | { screen: 'case'; id: number }
  | { screen: 'settings' }
  | { screen: 'staff-agreement'; id: number }
  | { screen: 'staff-user'; id: number }
  | { screen: 'appointments' }
  | { screen: 'staff-appointment'; id: number }
  | { screen: 'none' };

interface NotificationText {
  title: string;
  message: string;
}

interface NotificationKind {
  nb: NotificationText;
  en: NotificationText;
  /** The target from the params every producer of the type writes (`date`, `agreementId`, `caseId`, `userId`, `appointmentId`). */
  target: (params: NotificationParams) => NotificationTarget;
}

/** The business-time-zone day ('YYYY-MM-DD') that calendar types carry, when they do. */
const day = (params: NotificationParams) => (typeof params.date === 'string' ? params.date : null);
const id = (value: string | number | undefined) => Number(value);

export const NOTIFICATION_KINDS = {
  event_created: {
    nb: { title: 'Ny hendelse i kalenderen', message: 'En administrator la til «{title}» {when}.' },
    en: { title: 'New event in your calendar', message: 'An administrator added “{title}” on {when}.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  event_updated: {
    nb: { title: 'Hendelse endret', message: 'En administrator endret fargen på «{title}» {when}.' },
    en: { title: 'Event changed', message: 'An administrator changed the colour of “{title}” on {when}.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  event_deleted: {
    nb: { title: 'Hendelse slettet', message: 'En administrator slettet «{title}» {when}.' },
    en: { title: 'Event deleted', message: 'An administrator deleted “{title}” on {when}.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  collaboration_invite: {
    nb: { title: 'Invitasjon til samarbeid', message: '{name} inviterte deg til «{title}».' },
    en: { title: 'Collaboration invitation', message: '{name} invited you to “{title}”.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  system: {
    nb: { title: 'Melding', message: '{text}' },
    en: { title: 'Message', message: '{text}' },
    target: () => ({ screen: 'none' }),
  },
  booking_new: {
    nb: { title: 'Nye bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'New bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  booking_changed: {
    nb: { title: 'Endrede bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'Changed bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  booking_cancelled: {
    nb: { title: 'Avlyste bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'Cancelled bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => ({ screen: 'calendar', date: day(p) }),
  },
  // The owner's calendar at the first shared day; an admin's copy names the owner (`ownerId`).
  booking_conflict: {
    nb: { title: 'Dobbeltbooking', message: '{owner}«{a}» og «{b}» overlapper {period}.' },
    en: { title: 'Double booking', message: '{owner}“{a}” and “{b}” overlap {period}.' },
    target: (p) => ({ screen: 'calendar', date: day(p), ...(p.ownerId !== undefined ? { userId: id(p.ownerId) } : {}) }),
  },
  feed_failing: {
    nb: { title: 'Kalenderen synkroniseres ikke', message: '«{source}» har ikke latt seg hente siden {since}.' },
    en: { title: 'Calendar not syncing', message: '“{source}” could not be fetched since {since}.' },
    target: () => ({ screen: 'calendar', date: null }),
  },
  feed_recovered: {
    nb: { title: 'Kalenderen synkroniseres igjen', message: '«{source}» er hentet igjen.' },
    en: { title: 'Calendar syncing again', message: '“{source}” was fetched again.' },
    target: () => ({ screen: 'calendar', date: null }),
  },
  agreement_created: {
    nb: { title: 'Ny avtale', message: 'Du har fått en avtale: «{title}» {when}.' },
    en: { title: 'New meeting', message: 'You have a new meeting: “{title}” on {when}.' },
    target: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  },
  agreement_changed: {
    nb: { title: 'Avtale endret', message: 'Avtalen «{title}» er endret: {when}.' },
    en: { title: 'Meeting changed', message: 'The meeting “{title}” has changed: {when}.' },
    target: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  },
  agreement_cancelled: {
    nb: { title: 'Avtale avlyst', message: 'Avtalen «{title}» {when} er avlyst.' },
    en: { title: 'Meeting cancelled', message: 'The meeting “{title}” on {when} is cancelled.' },
    target: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  },
  agreement_note: {
    nb: { title: 'Nytt notat på avtale', message: 'Et nytt notat er lagt til avtalen «{title}».' },
    en: { title: 'New note on a meeting', message: 'A new note was added to the meeting “{title}”.' },
    target: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  },
  agreement_owner_note: {
    nb: { title: 'Notat fra {owner}', message: '{owner} skrev et notat på avtalen «{title}».' },
    en: { title: 'Note from {owner}', message: '{owner} wrote a note on the meeting “{title}”.' },
    target: (p) => ({ screen: 'staff-agreement', id: id(p.agreementId) }),
  },
  account_number_changed: {
    nb: { title: 'Kontonummeret ditt ble endret', message: 'Kontonummeret for utbetalinger er nå {account}. Kontakt oss straks hvis det ikke var deg.' },
    en: { title: 'Your account number was changed', message: 'Your payout account number is now {account}. Contact us at once if this was not you.' },
    target: () => ({ screen: 'settings' }),
  },
  user_account_number_changed: {
    nb: { title: 'Kontonummer endret', message: '{name} har fått nytt kontonummer for utbetalinger: {account}.' },
    en: { title: 'Account number changed', message: '{name} has a new payout account number: {account}.' },
    target: (p) => ({ screen: 'staff-user', id: id(p.userId) }),
  },
  case_message: {
    nb: { title: 'Ny melding i sak {caseNumber}', message: '«{title}»: {preview}' },
    en: { title: 'New message in case {caseNumber}', message: '“{title}”: {preview}' },
    target: (p) => ({ screen: 'case', id: id(p.caseId) }),
  },
  case_assigned: {
    nb: { title: 'Sak {caseNumber} tildelt', message: 'Saken «{title}» er tildelt {assignee}.' },
    en: { title: 'Case {caseNumber} assigned', message: 'The case “{title}” was assigned to {assignee}.' },
    target: (p) => ({ screen: 'case', id: id(p.caseId) }),
  },
  case_closed: {
    nb: { title: 'Sak {caseNumber} løst', message: 'Saken «{title}» er markert som løst.' },
    en: { title: 'Case {caseNumber} resolved', message: 'The case “{title}” was marked as resolved.' },
    target: (p) => ({ screen: 'case', id: id(p.caseId) }),
  },
  case_reopened: {
    nb: { title: 'Sak {caseNumber} gjenåpnet', message: 'Saken «{title}» er åpnet igjen.' },
    en: { title: 'Case {caseNumber} reopened', message: 'The case “{title}” was reopened.' },
    target: (p) => ({ screen: 'case', id: id(p.caseId) }),
  },
  appointment_booked: {
    nb: { title: 'Ny time bestilt', message: '{owner} har bestilt en time med deg: «{title}» {when}.' },
    en: { title: 'New appointment booked', message: '{owner} booked an appointment with you: “{title}” on {when}.' },
    target: (p) => ({ screen: 'staff-appointment', id: id(p.appointmentId) }),
  },
  appointment_cancelled: {
    nb: { title: 'Time avlyst', message: 'Timen din «{title}» {when} er avlyst.' },
    en: { title: 'Appointment cancelled', message: 'Your appointment “{title}” on {when} is cancelled.' },
    target: () => ({ screen: 'appointments' }),
  },
  appointment_owner_cancelled: {
    nb: { title: 'Time avlyst av {owner}', message: '{owner} avlyste timen «{title}» {when}.' },
    en: { title: 'Appointment cancelled by {owner}', message: '{owner} cancelled the appointment “{title}” on {when}.' },
    target: (p) => ({ screen: 'staff-appointment', id: id(p.appointmentId) }),
  },
  two_factor_reset: {
    nb: { title: 'Tofaktorinnlogging slått av', message: 'En administrator har slått av tofaktorinnloggingen din. Slå den på igjen under Innstillinger.' },
    en: { title: 'Two-factor sign-in turned off', message: 'An administrator turned off your two-factor sign-in. Turn it on again under Settings.' },
    target: () => ({ screen: 'settings' }),
  },
} satisfies Record<string, NotificationKind>;
