import { calendarAt, dayParam, domainNotifications, notificationKinds } from '../notifications/notification.types';

/** A pull of any booking source changed a property's future bookings (docs/architecture.md "Booking sources"): news for every member. */
const kinds = notificationKinds({
  booking_new: {
    nb: { title: 'Nye bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'New bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => calendarAt(dayParam(p), undefined, p.propertyId),
    example: { params: { source: 'Airbnb', added: 1, changed: 0, cancelled: 0, sourceId: 3, date: '2027-07-01', propertyId: 4 }, link: '/?date=2027-07-01&property=4' },
  },
  booking_changed: {
    nb: { title: 'Endrede bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'Changed bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => calendarAt(dayParam(p), undefined, p.propertyId),
    example: { params: { source: 'Airbnb', added: 0, changed: 1, cancelled: 0, sourceId: 3, date: '2027-07-02', propertyId: 4 }, link: '/?date=2027-07-02&property=4' },
  },
  booking_cancelled: {
    nb: { title: 'Avlyste bookinger', message: '«{source}»: {added} nye, {changed} endret, {cancelled} avlyst.' },
    en: { title: 'Cancelled bookings', message: '“{source}”: {added} new, {changed} changed, {cancelled} cancelled.' },
    target: (p) => calendarAt(dayParam(p), undefined, p.propertyId),
    example: { params: { source: 'Airbnb', added: 0, changed: 0, cancelled: 1, sourceId: 3, date: '2027-07-03', propertyId: 4 }, link: '/?date=2027-07-03&property=4' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    bookings: typeof kinds;
  }
}

export const bookingsNotifications = domainNotifications({
  kinds,
  reactions: {
    // The link opens the property's calendar at the first future booking the pull added or changed.
    'bookings.pulled': async (e, n) => {
      if (e.added + e.changed + e.cancelled === 0) return;
      const type = e.added > 0 ? 'booking_new' : e.cancelled > 0 ? 'booking_cancelled' : 'booking_changed';
      for (const member of e.members) {
        await n.send(member, type, {
          source: e.sourceName, added: e.added, changed: e.changed, cancelled: e.cancelled, sourceId: e.sourceId, propertyId: e.propertyId,
          ...(e.firstStart ? { date: n.day(e.firstStart) } : {}),
        });
      }
    },
  },
});
