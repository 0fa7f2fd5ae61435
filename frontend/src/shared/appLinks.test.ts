import { describe, expect, it } from 'vitest';
import { appPath, calendarDateOf, isAppPath, parseDay } from './appLinks';

describe('app links', () => {
  it('follows every link the server writes: an address inside the app', () => {
    for (const link of ['/?date=2027-07-01', '/', '/?date=2027-07-04&user=9', '/user/agreements/31', '/cases?case=41', '/settings?tab=twoFactor', '/?feeds=1', '/payouts?year=2027&payout=5', '/admin/beds24/7', '/admin/users/61/show', '/appointments', '/admin/appointments/71/show']) {
      expect(isAppPath(link)).toBe(true);
    }
  });

  it('follows no link outside the app', () => {
    for (const link of [null, undefined, '', 'https://evil.example/', '//evil.example/cases?case=1', '/\\evil.example/', 'javascript:alert(1)', 'cases?case=1', '/a b']) {
      expect(isAppPath(link)).toBe(false);
    }
  });

  it('opens a full admin’s calendar at an owner’s day', () => {
    expect(appPath({ screen: 'calendar', date: '2027-07-04', userId: 9 })).toBe('/?date=2027-07-04&user=9');
    expect(appPath({ screen: 'calendar', date: null })).toBe('/');
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
