import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailMessage } from '../common/adapters/mailer';
import { fill } from '../common/text/placeholders';
import { singleLine } from '../common/text/control-characters';
import type { Agreement } from './agreement.entity';

export type MailLanguage = 'nb' | 'en';
/** What a meeting mail says: an invitation, a change, a cancellation, or the reminder the day before. */
export type AgreementMailKind = 'invitation' | 'update' | 'cancellation' | 'reminder';

/** A meeting without an end in the calendar lasts an hour (docs/product/agreements.md#validation-and-limits). */
const DEFAULT_LENGTH_MS = 3_600_000;

const TEXTS: Record<MailLanguage, Record<AgreementMailKind, { subject: string; intro: string }> & { when: string; place: string; link: string; noPlace: string; greeting: string }> = {
  nb: {
    invitation: { subject: 'Invitasjon: {title}', intro: 'Du er invitert til et møte med {admin}.' },
    update: { subject: 'Endret avtale: {title}', intro: 'Avtalen din med {admin} er endret.' },
    cancellation: { subject: 'Avlyst: {title}', intro: 'Avtalen din med {admin} er avlyst.' },
    reminder: { subject: 'Påminnelse: {title}', intro: 'Påminnelse om møtet ditt med {admin} om mindre enn ett døgn.' },
    when: 'Tid',
    place: 'Sted',
    noPlace: 'Ikke oppgitt',
    link: 'Se avtalen i Eierportalen',
    greeting: 'Hei {name},',
  },
  en: {
    invitation: { subject: 'Invitation: {title}', intro: 'You are invited to a meeting with {admin}.' },
    update: { subject: 'Updated meeting: {title}', intro: 'Your meeting with {admin} has changed.' },
    cancellation: { subject: 'Cancelled: {title}', intro: 'Your meeting with {admin} has been cancelled.' },
    reminder: { subject: 'Reminder: {title}', intro: 'A reminder of your meeting with {admin}, less than a day from now.' },
    when: 'When',
    place: 'Where',
    noPlace: 'Not given',
    link: 'See the meeting in the owner portal',
    greeting: 'Hello {name},',
  },
};

/** What the staff member of a booked appointment is mailed: their copy of the meeting, and its cancellation. */
export type StaffMailKind = 'invitation' | 'cancellation';
const STAFF_TEXTS: Record<MailLanguage, Record<StaffMailKind, { subject: string; intro: string }> & { link: string }> = {
  nb: {
    invitation: { subject: 'Ny time bestilt: {title}', intro: '{owner} har bestilt en time med deg.' },
    cancellation: { subject: 'Time avlyst: {title}', intro: 'Timen med {owner} er avlyst.' },
    link: 'Se timen i administrasjonen',
  },
  en: {
    invitation: { subject: 'New appointment booked: {title}', intro: '{owner} has booked an appointment with you.' },
    cancellation: { subject: 'Appointment cancelled: {title}', intro: 'The appointment with {owner} has been cancelled.' },
    link: 'See the appointment in the back office',
  },
};

/** dd.MM.yyyy HH:mm (docs/product/agreements.md#validation-and-limits) in the business time zone. */
export function formatMeetingTime(date: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date).map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** The address part of MAIL_FROM ('Eierportal <noreply@host>' → noreply@host). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export interface MeetingMailContext {
  agreement: Agreement;
  owner: { name: string; email: string };
  adminName: string;
  language: MailLanguage;
  publicUrl: string;
  mailFrom: string;
  timeZone: string;
  now: Date;
}

/**
 * The meeting as an iCalendar invitation: METHOD:REQUEST (or CANCEL), a UID that stays the agreement's for good
 * and its SEQUENCE, which the service raises on every change, so calendar apps replace the meeting they hold.
 */
export function meetingIcs(kind: AgreementMailKind, c: MeetingMailContext): string {
  const a = c.agreement;
  const cancel = kind === 'cancellation';
  const cal = ical({ prodId: { company: 'eierportal', product: 'avtaler', language: c.language.toUpperCase() }, method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  cal.createEvent({
    id: agreementUid(a.id, c.publicUrl),
    sequence: a.icsSequence,
    start: a.meetingDate,
    end: a.endDate && a.endDate > a.meetingDate ? a.endDate : new Date(a.meetingDate.getTime() + DEFAULT_LENGTH_MS),
    summary: singleLine(a.title),
    description: a.description ?? undefined,
    location: a.meetingLocation ? singleLine(a.meetingLocation) : undefined,
    url: `${c.publicUrl}/user/agreements/${a.id}`,
    organizer: { name: singleLine(c.adminName), email: addressOf(c.mailFrom) },
    attendees: [{ name: singleLine(c.owner.name), email: c.owner.email, rsvp: true, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION }],
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: c.now,
    created: a.createdAt,
    lastModified: a.updatedAt,
  });
  return cal.toString();
}

/** The invitation's UID: one per agreement, for good, so every later mail updates the same calendar entry. */
export const agreementUid = (id: number, publicUrl: string) => `agreement-${id}@${new URL(publicUrl).hostname}`;

/** A meeting mail in the owner's language, with the meeting attached as an invitation. */
export function meetingMail(kind: AgreementMailKind, c: MeetingMailContext): MailMessage {
  const t = TEXTS[c.language];
  const a = c.agreement;
  const params = { title: singleLine(a.title), admin: singleLine(c.adminName), name: singleLine(c.owner.name) };
  const lines = [
    fill(t.greeting, params),
    '',
    fill(t[kind].intro, params),
    '',
    a.title,
    `${t.when}: ${formatMeetingTime(a.meetingDate, c.timeZone)}${a.endDate ? ` – ${formatMeetingTime(a.endDate, c.timeZone)}` : ''}`,
    `${t.place}: ${a.meetingLocation || t.noPlace}`,
    ...(a.description ? ['', a.description] : []),
    '',
    `${t.link}: ${c.publicUrl}/user/agreements/${a.id}`,
  ];
  return {
    to: c.owner.email,
    subject: fill(t[kind].subject, params),
    text: lines.join('\n'),
    ical: { method: kind === 'cancellation' ? 'CANCEL' : 'REQUEST', content: meetingIcs(kind, c), filename: kind === 'cancellation' ? 'cancel.ics' : 'invite.ics' },
  };
}

/**
 * The staff member's copy of a meeting an owner booked (docs/appointments.md): the same calendar entry (UID and
 * SEQUENCE) the owner gets, so a cancellation removes it from the staff member's calendar too.
 */
export function staffMeetingMail(kind: StaffMailKind, c: MeetingMailContext & { staff: { name: string; email: string }; link: string }): MailMessage {
  const t = TEXTS[c.language];
  const s = STAFF_TEXTS[c.language];
  const a = c.agreement;
  const params = { title: singleLine(a.title), owner: singleLine(c.owner.name), name: singleLine(c.staff.name) };
  const lines = [
    fill(t.greeting, params),
    '',
    fill(s[kind].intro, params),
    '',
    a.title,
    `${t.when}: ${formatMeetingTime(a.meetingDate, c.timeZone)}${a.endDate ? ` – ${formatMeetingTime(a.endDate, c.timeZone)}` : ''}`,
    `${t.place}: ${a.meetingLocation || t.noPlace}`,
    ...(a.description ? ['', a.description] : []),
    '',
    `${s.link}: ${c.link}`,
  ];
  const cancel = kind === 'cancellation';
  return {
    to: c.staff.email,
    subject: fill(s[kind].subject, params),
    text: lines.join('\n'),
    ical: { method: cancel ? 'CANCEL' : 'REQUEST', content: meetingIcs(cancel ? 'cancellation' : 'invitation', c), filename: cancel ? 'cancel.ics' : 'invite.ics' },
  };
}
