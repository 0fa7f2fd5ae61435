import type { DomainEvents } from '../common/events/domain-events';
import { calendarAt, dayParam, domainNotifications, notificationKinds, type Notifier } from '../notifications/notification.types';

/** An admin changed the owner's calendar (docs/product/notifications.md); the link opens the calendar at the event's day. */
const kinds = notificationKinds({
  event_created: {
    nb: { title: 'Ny hendelse i kalenderen', message: 'En administrator la til «{title}» {when}.' },
    en: { title: 'New event in your calendar', message: 'An administrator added “{title}” on {when}.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { title: 'Vask', when: '10.01.2027 11:00', eventId: 4, startTime: '2027-01-10T10:00:00Z', date: '2027-01-10' }, link: '/?date=2027-01-10' },
  },
  event_updated: {
    nb: { title: 'Hendelse endret', message: 'En administrator endret fargen på «{title}» {when}.' },
    en: { title: 'Event changed', message: 'An administrator changed the colour of “{title}” on {when}.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { title: 'Vask', eventId: 4, date: '2027-01-11' }, link: '/?date=2027-01-11' },
  },
  event_deleted: {
    nb: { title: 'Hendelse slettet', message: 'En administrator slettet «{title}» {when}.' },
    en: { title: 'Event deleted', message: 'An administrator deleted “{title}” on {when}.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { title: 'Vask', eventId: 4, date: '2027-01-12' }, link: '/?date=2027-01-12' },
  },
  // No producer yet; the app shows it as stored.
  collaboration_invite: {
    nb: { title: 'Invitasjon til samarbeid', message: '{name} inviterte deg til «{title}».' },
    en: { title: 'Collaboration invitation', message: '{name} invited you to “{title}”.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { name: 'Ada', title: 'Vask', date: '2027-02-01' }, link: '/?date=2027-02-01' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    calendar: typeof kinds;
  }
}

/** Nothing is sent to the person who made the change: an owner's own edits are no news to them. */
const adminChange = (type: 'event_created' | 'event_updated' | 'event_deleted') => async (e: DomainEvents['calendar.event.created'], n: Notifier) => {
  if (e.actorId === e.userId) return;
  await n.send(e.userId, type, { title: e.title, when: n.when(e.startTime), eventId: e.eventId, startTime: e.startTime, date: n.day(e.startTime) });
};

export const calendarNotifications = domainNotifications({
  kinds,
  reactions: {
    'calendar.event.created': adminChange('event_created'),
    'calendar.event.recolored': adminChange('event_updated'),
    'calendar.event.deleted': adminChange('event_deleted'),
  },
});
