import { domainNotifications, feedManagerAt, notificationKinds, withId, type NotificationParams } from '../notifications/notification.types';

/** The feed manager over the connection's property's calendar, where the connection's health shows. */
const feedManager = (p: NotificationParams) => feedManagerAt(p.propertyId);
/** The owner's connection in the back office's Beds24 resource, by the owner's id. */
const staffConnection = (p: NotificationParams) => withId(p.userId, (id) => `/admin/beds24/${id}`);

/**
 * A Beds24 connection refused or failing, and its recovery (docs/product/beds24.md#notifications): the owner opens the
 * feed manager (the connection's health is there), staff the connection in the back office.
 */
const kinds = notificationKinds({
  beds24_key_refused: {
    nb: { title: 'Beds24 avviste tilkoblingen', message: 'Beds24 godtar ikke lenger nøkkelen, så bookingene derfra hentes ikke. Vi trenger en ny invitasjonskode fra deg.' },
    en: { title: 'Beds24 refused the connection', message: 'Beds24 no longer accepts the key, so bookings from it are not fetched. We need a new invite code from you.' },
    target: feedManager,
    example: { params: { since: '01.01.2027 10:00', propertyId: 4 }, link: '/?feeds=1&property=4' },
  },
  beds24_failing: {
    nb: { title: 'Beds24 synkroniseres ikke', message: 'Bookingene fra Beds24 har ikke latt seg hente siden {since} ({failures} forsøk på rad).' },
    en: { title: 'Beds24 not syncing', message: 'Bookings from Beds24 could not be fetched since {since} ({failures} attempts in a row).' },
    target: feedManager,
    example: { params: { since: '01.01.2027 10:00', failures: 3, propertyId: 4 }, link: '/?feeds=1&property=4' },
  },
  beds24_recovered: {
    nb: { title: 'Beds24 synkroniseres igjen', message: 'Bookingene fra Beds24 hentes igjen.' },
    en: { title: 'Beds24 syncing again', message: 'Bookings from Beds24 are fetched again.' },
    target: feedManager,
    example: { params: { propertyId: 4 }, link: '/?feeds=1&property=4' },
  },
  staff_beds24_key_refused: {
    nb: { title: 'Beds24-nøkkel avvist', message: '{name}: Beds24 avviste nøkkelen, og ingen bookinger hentes før en ny invitasjonskode er lagt inn.' },
    en: { title: 'Beds24 key refused', message: '{name}: Beds24 refused the key, and no bookings are fetched until a new invite code is entered.' },
    target: staffConnection,
    example: { params: { name: 'Ole', userId: 7, since: '01.01.2027 10:00' }, link: '/admin/beds24/7' },
  },
  staff_beds24_failing: {
    nb: { title: 'Beds24 synkroniseres ikke', message: '{name}: Beds24 har ikke latt seg hente siden {since} ({failures} forsøk på rad).' },
    en: { title: 'Beds24 not syncing', message: '{name}: Beds24 could not be fetched since {since} ({failures} attempts in a row).' },
    target: staffConnection,
    example: { params: { name: 'Ole', userId: 7, since: '01.01.2027 10:00', failures: 3 }, link: '/admin/beds24/7' },
  },
  staff_beds24_recovered: {
    nb: { title: 'Beds24 synkroniseres igjen', message: '{name}: Beds24 hentes igjen.' },
    en: { title: 'Beds24 syncing again', message: '{name}: Beds24 is fetched again.' },
    target: staffConnection,
    example: { params: { name: 'Ole', userId: 7 }, link: '/admin/beds24/7' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    beds24: typeof kinds;
  }
}

export const beds24Notifications = domainNotifications({
  kinds,
  reactions: {
    // The property's owners and co-owners and every active admin: an owner gives a new key, the admins enter it or
    // look into the outage.
    'beds24.failing': async (e, n) => {
      const since = n.when(e.since);
      const refused = e.reason === 'credentials';
      for (const member of e.members) {
        await n.send(member, refused ? 'beds24_key_refused' : 'beds24_failing', refused ? { since, propertyId: e.propertyId } : { since, failures: e.failures, propertyId: e.propertyId });
      }
      for (const admin of e.admins) {
        if (e.members.includes(admin)) continue;
        await n.send(admin, refused ? 'staff_beds24_key_refused' : 'staff_beds24_failing', { name: e.ownerName, userId: e.userId, since, ...(refused ? {} : { failures: e.failures }) });
      }
    },
    'beds24.recovered': async (e, n) => {
      for (const member of e.members) await n.send(member, 'beds24_recovered', { propertyId: e.propertyId });
      for (const admin of e.admins) if (!e.members.includes(admin)) await n.send(admin, 'staff_beds24_recovered', { name: e.ownerName, userId: e.userId });
    },
  },
});
