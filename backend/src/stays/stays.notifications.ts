import { calendarAt, domainNotifications, notificationKinds, withId } from '../notifications/notification.types';

/** Owners' stays held for approval (docs/product/stays.md#stays-as-requests): staff hear of each, the owners of the answer. */
const kinds = notificationKinds({
  // Every active admin: the request in the back office, where it is approved or declined.
  staff_stay_request: {
    nb: { title: 'Forespørsel om eieropphold', message: '{requester} ber om «{title}» på {property} fra {from} til {to}.' },
    en: { title: 'Owner stay request', message: '{requester} asks for “{title}” at {property} from {from} to {to}.' },
    target: (p) => withId(p.requestId, (id) => `/admin/stay-requests/${id}/show`),
    example: { params: { requester: 'Kari Nordmann', title: 'Sommerferie', property: 'Fjellhytta', from: '01.07.2027 15:00', to: '14.07.2027 11:00', requestId: 9 }, link: '/admin/stay-requests/9/show' },
  },
  // The owners and co-owners: the property's calendar on the stay's first day. `note` is staff's words, or empty.
  stay_request_approved: {
    nb: { title: 'Eieropphold godkjent', message: '«{title}» på {property} fra {from} er godkjent. {note}' },
    en: { title: 'Owner stay approved', message: '“{title}” at {property} from {from} is approved. {note}' },
    target: (p) => calendarAt(typeof p.day === 'string' ? p.day : null, undefined, p.propertyId),
    example: { params: { title: 'Sommerferie', property: 'Fjellhytta', from: '01.07.2027 15:00', note: 'God tur!', day: '2027-07-01', propertyId: 4 }, link: '/?date=2027-07-01&property=4' },
  },
  stay_request_declined: {
    nb: { title: 'Eieropphold avslått', message: '«{title}» på {property} fra {from} er avslått og fjernet fra kalenderen. {note}' },
    en: { title: 'Owner stay declined', message: '“{title}” at {property} from {from} was declined and removed from the calendar. {note}' },
    target: (p) => calendarAt(typeof p.day === 'string' ? p.day : null, undefined, p.propertyId),
    example: { params: { title: 'Sommerferie', property: 'Fjellhytta', from: '01.07.2027 15:00', note: 'Hytta er utleid da.', day: '2027-07-01', propertyId: 4 }, link: '/?date=2027-07-01&property=4' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    stays: typeof kinds;
  }
}

export const staysNotifications = domainNotifications({
  kinds,
  reactions: {
    'stays.request.opened': async (e, n) => {
      const params = { requester: e.requester, title: e.title, property: e.propertyName, from: n.when(e.from), to: n.when(e.to), requestId: e.requestId };
      for (const admin of e.admins) await n.send(admin, 'staff_stay_request', params);
    },
    'stays.request.decided': async (e, n) => {
      const params = { title: e.title, property: e.propertyName, from: n.when(e.from), note: e.note ?? '', day: n.day(e.from), propertyId: e.propertyId };
      for (const member of e.members) await n.send(member, e.decision === 'approved' ? 'stay_request_approved' : 'stay_request_declined', params);
    },
  },
});
