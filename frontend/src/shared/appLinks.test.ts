import { describe, expect, it } from 'vitest';
import { appPath, calendarDateOf, parseAppLink, parseDay } from './appLinks';

describe('app links', () => {
  it('reads each link the server writes into the screen it opens, and back', () => {
    const cases = [
      ['/?date=2027-07-01', { screen: 'calendar', date: '2027-07-01' }],
      ['/', { screen: 'calendar', date: null }],
      ['/?date=2027-07-04&user=9', { screen: 'calendar', date: '2027-07-04', userId: 9 }],
      ['/user/agreements/31', { screen: 'agreement', id: 31 }],
      ['/cases?case=41', { screen: 'case', id: 41 }],
      ['/settings', { screen: 'settings' }],
      ['/payouts?year=2027&payout=5', { screen: 'payout', id: 5, year: 2027 }],
      ['/admin/beds24/7', { screen: 'staff-beds24', id: 7 }],
      ['/admin/agreements/51', { screen: 'staff-agreement', id: 51 }],
      ['/admin/users/61/show', { screen: 'staff-user', id: 61 }],
      ['/appointments', { screen: 'appointments' }],
      ['/admin/appointments/71/show', { screen: 'staff-appointment', id: 71 }],
    ] as const;
    for (const [link, target] of cases) {
      expect(parseAppLink(link)).toEqual(target);
      expect(appPath(parseAppLink(link)!)).toBe(link);
    }
  });

  it('follows no link outside the app, and none it cannot read', () => {
    for (const link of [null, '', 'https://evil.example/', '//evil.example/cases?case=1', '/cases', '/cases?case=abc', '/user/agreements/0', '/user/agreements/1/x', '/settings/x', '/admin/users/0/show', '/admin/agreements/x', '/admin/appointments/0/show', '/appointments/x']) {
      expect(parseAppLink(link)).toBeNull();
    }
    // A calendar link with a day that does not exist still opens the calendar, at today.
    expect(parseAppLink('/?date=2027-02-30')).toEqual({ screen: 'calendar', date: null });
  });

  it('takes only real days from ?date=', () => {
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    expect(parseDay('2027-02-29')).toBeNull();
    expect(parseDay('2027-13-01')).toBeNull();
    expect(parseDay('1.1.2027')).toBeNull();
    expect(calendarDateOf(new URLSearchParams('date=2027-01-10&x=1'))).toBe('2027-01-10');
    expect(calendarDateOf(new URLSearchParams(''))).toBeNull();
  });
});
