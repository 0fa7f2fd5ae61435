import { linkTo, notificationLink } from './notification-links';
import { NOTIFICATION_TYPES, type NotificationParams, type NotificationType } from './notification.types';

// Each type with the params its producer writes (notification-reactions.ts) and the link that must come out.
const CASES: Record<NotificationType, { params: NotificationParams; link: string | null }> = {
  event_created: { params: { title: 'Vask', when: '10.01.2027 11:00', eventId: 4, startTime: '2027-01-10T10:00:00Z', date: '2027-01-10' }, link: '/?date=2027-01-10' },
  event_updated: { params: { title: 'Vask', eventId: 4, date: '2027-01-11' }, link: '/?date=2027-01-11' },
  event_deleted: { params: { title: 'Vask', eventId: 4, date: '2027-01-12' }, link: '/?date=2027-01-12' },
  collaboration_invite: { params: { name: 'Ada', title: 'Vask', date: '2027-02-01' }, link: '/?date=2027-02-01' },
  system: { params: { text: 'Hei' }, link: null },
  booking_new: { params: { source: 'Airbnb', added: 1, changed: 0, cancelled: 0, sourceId: 3, date: '2027-07-01' }, link: '/?date=2027-07-01' },
  booking_changed: { params: { source: 'Airbnb', added: 0, changed: 1, cancelled: 0, sourceId: 3, date: '2027-07-02' }, link: '/?date=2027-07-02' },
  booking_cancelled: { params: { source: 'Airbnb', added: 0, changed: 0, cancelled: 1, sourceId: 3, date: '2027-07-03' }, link: '/?date=2027-07-03' },
  booking_conflict: { params: { a: 'Reserved', b: 'Airbnb: Kari', from: '2027-07-04', to: '2027-07-06', period: '2027-07-04 – 2027-07-05', date: '2027-07-04', conflictId: 5, owner: '' }, link: '/?date=2027-07-04' },
  feed_failing: { params: { source: 'Airbnb', since: '01.01.2027 10:00', feedId: 3 }, link: '/' },
  feed_recovered: { params: { source: 'Airbnb', feedId: 3 }, link: '/' },
  agreement_created: { params: { title: 'Befaring', when: '01.03.2027 10:00', agreementId: 12 }, link: '/user/agreements/12' },
  agreement_changed: { params: { title: 'Befaring', agreementId: 13 }, link: '/user/agreements/13' },
  agreement_cancelled: { params: { title: 'Befaring', agreementId: 14 }, link: '/user/agreements/14' },
  agreement_note: { params: { title: 'Befaring', agreementId: 15 }, link: '/user/agreements/15' },
  case_message: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 21, preview: 'Hei' }, link: '/cases?case=21' },
  case_assigned: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 22, assignee: 'Ada' }, link: '/cases?case=22' },
  case_closed: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 23 }, link: '/cases?case=23' },
  case_reopened: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 24 }, link: '/cases?case=24' },
  agreement_owner_note: { params: { title: 'Befaring', owner: 'Ole', agreementId: 16 }, link: '/admin/agreements/16' },
  account_number_changed: { params: { account: '•••• 2345' }, link: '/settings' },
  user_account_number_changed: { params: { name: 'Ole', account: '•••• 2345', userId: 7 }, link: '/admin/users/7/show' },
  appointment_booked: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 31 }, link: '/admin/appointments/31/show' },
  appointment_cancelled: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 32 }, link: '/appointments' },
  appointment_owner_cancelled: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 33 }, link: '/admin/appointments/33/show' },
  two_factor_reset: { params: {}, link: '/settings' },
};

describe('notification links', () => {
  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s opens what it is about', (type) => {
    expect(notificationLink(type, CASES[type].params)).toBe(CASES[type].link);
  });

  it('a double booking told to an admin opens the owner’s calendar at the day', () => {
    expect(notificationLink('booking_conflict', { a: 'x', b: 'y', date: '2027-07-04', ownerId: 9, owner: 'Ole: ' })).toBe('/?date=2027-07-04&user=9');
  });

  it('a booking pull without a future day opens the calendar as it is', () => {
    expect(notificationLink('booking_new', { source: 'Airbnb', added: 1, changed: 0, cancelled: 0, sourceId: 3 })).toBe('/');
  });

  it('a record without the id it needs, or with a malformed day, leads nowhere broken', () => {
    expect(notificationLink('case_message', { caseNumber: 'K-1', title: 'x' })).toBeNull();
    expect(notificationLink('agreement_note', { title: 'x', agreementId: 'abc' })).toBeNull();
    expect(notificationLink('event_created', { title: 'x', date: '10.01.2027' })).toBe('/');
    expect(linkTo({ screen: 'calendar', date: '2027-01-10&x=1' })).toBe('/');
  });
});
