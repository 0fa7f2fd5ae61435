import { beforeEach, describe, expect, it } from 'vitest';
import { dismissFirstUse, isFirstUseDismissed, showsFirstUse, type FirstUseState } from './firstUse';

const empty: FirstUseState = { ownCalendar: true, loading: false, feedCount: 0, eventCount: 0, markedDayCount: 0, dismissed: false };

describe('showsFirstUse', () => {
  it('shows on an own, loaded, empty calendar', () => {
    expect(showsFirstUse(empty)).toBe(true);
  });

  it('goes once anything is in the calendar', () => {
    expect(showsFirstUse({ ...empty, feedCount: 1 })).toBe(false);
    expect(showsFirstUse({ ...empty, eventCount: 1 })).toBe(false);
    expect(showsFirstUse({ ...empty, markedDayCount: 1 })).toBe(false);
  });

  it('waits for the data, and never shows on another user’s calendar or once closed', () => {
    expect(showsFirstUse({ ...empty, loading: true })).toBe(false);
    expect(showsFirstUse({ ...empty, feedCount: undefined })).toBe(false);
    expect(showsFirstUse({ ...empty, ownCalendar: false })).toBe(false);
    expect(showsFirstUse({ ...empty, dismissed: true })).toBe(false);
  });
});

describe('first-use dismissal', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered in local storage', () => {
    expect(isFirstUseDismissed()).toBe(false);
    dismissFirstUse();
    expect(isFirstUseDismissed()).toBe(true);
  });
});
