import { describe, expect, it } from 'vitest';
import { CUSTOM_VIEWS, effectiveView, fcViewName, usesTimeGrid } from './viewNames';

describe('calendar views', () => {
  it('shows 3 months on desktop and 1 on mobile, stepping one month', () => {
    expect(fcViewName('month', false)).toBe('threeMonth');
    expect(CUSTOM_VIEWS.threeMonth).toMatchObject({ type: 'multiMonth', duration: { months: 3 }, dateIncrement: { months: 1 } });
    expect(fcViewName('month', true)).toBe('dayGridMonth');
  });

  it('uses the 4-column week on mobile and a 12-month year', () => {
    expect(fcViewName('week', true)).toBe('mobileWeek');
    expect(fcViewName('week', false)).toBe('timeGridWeek');
    expect(fcViewName('year', false)).toBe('multiMonthYear');
  });

  it('forces the month view in compact size on desktop only', () => {
    expect(effectiveView('week', 'compact', false)).toBe('month');
    expect(effectiveView('week', 'compact', true)).toBe('week');
    expect(effectiveView('day', 'large', false)).toBe('day');
  });

  it('needs the time-grid plugin for the week and day views only', () => {
    const timeGrid = (['month', 'week', 'day', 'year'] as const).flatMap((view) =>
      [false, true].filter((isMobile) => usesTimeGrid(fcViewName(view, isMobile))).map((isMobile) => `${view}${isMobile ? ' (phone)' : ''}`),
    );
    expect(timeGrid).toEqual(['week', 'week (phone)', 'day', 'day (phone)']);
  });
});
