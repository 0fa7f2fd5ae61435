import { isAppPath, notificationLink } from './notification-links';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './notification-kinds';
import { calendarAt } from './notification.types';

describe('notification links', () => {
  // Each type's example (its domain's notifications file): the params its producer writes and the link that must come out.
  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s opens what it is about', (type) => {
    const { example } = NOTIFICATION_KINDS.get(type)!;
    expect(notificationLink(type, example.params)).toBe(example.link);
    if (example.link !== null) expect(isAppPath(example.link)).toBe(true);
  });

  it('a double booking told to an admin opens the owner’s calendar at the day', () => {
    expect(notificationLink('booking_conflict', { a: 'x', b: 'y', date: '2027-07-04', ownerId: 9, owner: 'Ole: ' })).toBe('/?date=2027-07-04&user=9');
  });

  it('a two-factor reset opens the two-factor tab of the owner’s settings', () => {
    expect(notificationLink('two_factor_reset', {})).toBe('/settings?tab=twoFactor');
  });

  it('a feed’s or the owner’s Beds24 connection’s failure opens the feed manager; staff open the connection', () => {
    for (const type of ['feed_failing', 'feed_recovered', 'beds24_key_refused', 'beds24_failing', 'beds24_recovered'] as const) {
      expect(notificationLink(type, { source: 'Airbnb', since: '01.01.2027 10:00', feedId: 3, failures: 3 })).toBe('/?feeds=1');
    }
    expect(notificationLink('staff_beds24_key_refused', { name: 'Ole', userId: 7, since: '01.01.2027 10:00' })).toBe('/admin/beds24/7');
  });

  it('an appointment cancelled opens the owner’s appointments, and for staff the appointment in the back office', () => {
    const params = { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 32 };
    expect(notificationLink('appointment_cancelled', params)).toBe('/appointments');
    expect(notificationLink('staff_appointment_cancelled', params)).toBe('/admin/appointments/32/show');
  });

  it('a booking pull without a future day opens the calendar as it is', () => {
    expect(notificationLink('booking_new', { source: 'Airbnb', added: 1, changed: 0, cancelled: 0, sourceId: 3 })).toBe('/');
  });

  it('a record without the id it needs, or with a malformed day, leads nowhere broken', () => {
    expect(notificationLink('case_message', { caseNumber: 'K-1', title: 'x' })).toBeNull();
    expect(notificationLink('agreement_note', { title: 'x', agreementId: 'abc' })).toBeNull();
    expect(notificationLink('payout_paid', { payoutId: 0, year: 2026 })).toBeNull();
    expect(notificationLink('event_created', { title: 'x', date: '10.01.2027' })).toBe('/');
    expect(calendarAt('2027-01-10&x=1')).toBe('/');
    expect(calendarAt('2027-01-10', '9&x=1')).toBe('/?date=2027-01-10');
  });

  it('only an address inside the app is a link', () => {
    for (const link of ['/', '/cases?case=3', '/?date=2027-01-10&user=9', '/admin/users/4/show']) expect(isAppPath(link)).toBe(true);
    for (const link of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', '/a b', null, 42]) expect(isAppPath(link)).toBe(false);
  });
});
