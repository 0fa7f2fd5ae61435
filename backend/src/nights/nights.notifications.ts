import { calendarAt, domainNotifications, notificationKinds, withId } from '../notifications/notification.types';

/** The rental days a property may use up, told once per year and threshold (docs/product/stays.md#warnings). */
const kinds = notificationKinds({
  // The owners and co-owners: the property's calendar.
  rental_days_warning: {
    nb: { title: 'Utleiedager', message: '{property} har {days} av {limit} utleiedager i {year}.' },
    en: { title: 'Rental days', message: '{property} has {days} of {limit} rental days in {year}.' },
    target: (p) => calendarAt(null, undefined, p.propertyId),
    example: { params: { property: 'Fjellhytta', days: 24, limit: 30, year: 2027, propertyId: 4 }, link: '/?property=4' },
  },
  // Staff: the property's page in the back office.
  staff_rental_days_warning: {
    nb: { title: 'Utleiedager', message: '{property} har {days} av {limit} utleiedager i {year}.' },
    en: { title: 'Rental days', message: '{property} has {days} of {limit} rental days in {year}.' },
    target: (p) => withId(p.propertyId, (id) => `/admin/properties/${id}/show`),
    example: { params: { property: 'Fjellhytta', days: 30, limit: 30, year: 2027, propertyId: 4 }, link: '/admin/properties/4/show' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    nights: typeof kinds;
  }
}

export const nightsNotifications = domainNotifications({
  kinds,
  reactions: {
    'nights.rental_days.reached': async (e, n) => {
      const params = { property: e.propertyName, days: e.rentalDays, limit: e.limit, year: e.year, propertyId: e.propertyId };
      for (const member of e.members) await n.send(member, 'rental_days_warning', params);
      for (const admin of e.admins) if (!e.members.includes(admin)) await n.send(admin, 'staff_rental_days_warning', params);
    },
  },
});
