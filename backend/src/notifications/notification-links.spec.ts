import { linkTo, notificationLink } from './notification-links';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './notification-kinds';

describe('notification links', () => {
  // Each type's example (its domain's notifications file): the params its producer writes and the link that must come out.
  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s opens what it is about', (type) => {
    const { example } = NOTIFICATION_KINDS.get(type)!;
    expect(notificationLink(type, example.params)).toBe(example.link);
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
