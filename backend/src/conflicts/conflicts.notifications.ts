import { calendarAt, dayParam, domainNotifications, notificationKinds } from '../notifications/notification.types';

/** 'YYYY-MM-DD' moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const kinds = notificationKinds({
  // The property's calendar at the first shared day; an admin's copy names the owner (`ownerId`), whose calendar staff open.
  booking_conflict: {
    nb: { title: 'Dobbeltbooking', message: '{owner}«{a}» og «{b}» overlapper {period}.' },
    en: { title: 'Double booking', message: '{owner}“{a}” and “{b}” overlap {period}.' },
    target: (p) => calendarAt(dayParam(p), p.ownerId, p.propertyId),
    example: { params: { a: 'Reserved', b: 'Airbnb: Kari', from: '2027-07-04', to: '2027-07-06', period: '2027-07-04 – 2027-07-05', date: '2027-07-04', conflictId: 5, owner: '', propertyId: 4 }, link: '/?date=2027-07-04&property=4' },
  },
  // Several found at once (a new feed's first import, say): one notification, opening the first.
  booking_conflicts: {
    nb: { title: 'Dobbeltbookinger', message: '{owner}{count} overlapp, det første {period}: «{a}» og «{b}».' },
    en: { title: 'Double bookings', message: '{owner}{count} overlaps, the first {period}: “{a}” and “{b}”.' },
    target: (p) => calendarAt(dayParam(p), p.ownerId, p.propertyId),
    example: { params: { count: 3, a: 'Reserved', b: 'Airbnb: Kari', from: '2027-07-04', to: '2027-07-06', period: '2027-07-04 – 2027-07-05', date: '2027-07-04', owner: '', propertyId: 4 }, link: '/?date=2027-07-04&property=4' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    conflicts: typeof kinds;
  }
}

export const conflictsNotifications = domainNotifications({
  kinds,
  reactions: {
    // New double bookings (docs/architecture.md "Double bookings"): the property's owners and co-owners and every admin, each once per
    // detection (detection announces a pair only when it first stores it); one found is named, several are counted
    // and the notification opens the first.
    'bookings.conflicts.detected': async (e, n) => {
      const [first] = e.conflicts;
      const period = first.from === addDays(first.to, -1) ? first.from : `${first.from} – ${addDays(first.to, -1)}`;
      const about = { a: first.aTitle, b: first.bTitle, from: first.from, to: first.to, period, date: first.from };
      const send = (userId: number, owner: Record<string, string | number>) =>
        e.conflicts.length === 1
          ? n.send(userId, 'booking_conflict', { ...about, conflictId: first.conflictId, owner: '', ...owner })
          : n.send(userId, 'booking_conflicts', { ...about, count: e.conflicts.length, owner: '', ...owner });
      for (const member of e.members) await send(member, { propertyId: e.propertyId });
      for (const userId of e.admins) {
        if (e.members.includes(userId)) continue;
        await send(userId, { owner: `${e.ownerName}: `, ownerId: e.userId });
      }
    },
  },
});
