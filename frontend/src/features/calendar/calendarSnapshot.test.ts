import { afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_SNAPSHOT_KEY, forgetKeptCalendar } from '../../shared/keptWindows';
import { calendarSnapshotShown, removeCalendarSnapshot, saveCalendarSnapshot, showsOpeningWindow, usedCss, type CalendarSnapshot } from './calendarSnapshot';
import { monthGridRange } from './neighbourWindows';
import { FC_VIEWS } from './viewNames';

function page(css: string, html: string) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the calendar snapshot', () => {
  it('keeps the style rules the page uses, inside their media blocks, and the keyframes', () => {
    page(
      '.used{color:red} .unused{color:blue} .used::before{content:"x"} .used:hover{color:green} @media (min-width: 1px){.used{margin:0} .unused{margin:1px}} @media print{.unused{display:none}} @keyframes spin{from{opacity:0} to{opacity:1}}',
      '<p class="used">Opphold</p>',
    );
    const css = usedCss(document);
    expect(css).toMatch(/\.used\s*\{\s*color: red;?\s*\}/);
    expect(css).toMatch(/\.used::before/);
    expect(css).toMatch(/\.used:hover/);
    expect(css).toMatch(/@media \(min-width: 1px\)\s*\{\s*\.used/);
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('print');
    expect(css).toContain('spin');
  });

  it('saves the page for this user, this month and this width, and logout forgets it', () => {
    page('.bar{color:red}', '<h1 id="title">Kalender</h1><div class="bar" data-testid="booking">Opphold 1</div>');
    const now = new Date(2026, 10, 29, 12);
    saveCalendarSnapshot(7, now);
    const kept = JSON.parse(localStorage.getItem(CALENDAR_SNAPSHOT_KEY) ?? 'null') as CalendarSnapshot;
    expect(kept).toMatchObject({ userId: 7, month: '2026-11', width: window.innerWidth, heading: 'Kalender' });
    expect(kept.html).toContain('Opphold 1');
    // Drawn over the app's own page, the picture repeats none of its ids or test ids.
    expect(kept.html).not.toMatch(/\bid=|data-testid/);
    expect(document.getElementById('title')).not.toBeNull();
    expect(kept.css).toContain('.bar');
    forgetKeptCalendar();
    expect(localStorage.getItem(CALENDAR_SNAPSHOT_KEY)).toBeNull();
  });

  it('takes the drawn snapshot and its styles off the page', () => {
    document.body.innerHTML = '<div id="calendar-snapshot"></div><div id="root"></div>';
    const styles = document.createElement('style');
    styles.id = 'calendar-snapshot-styles';
    document.head.appendChild(styles);
    expect(calendarSnapshotShown()).toBe(true);
    removeCalendarSnapshot();
    expect(calendarSnapshotShown()).toBe(false);
    expect(document.getElementById('calendar-snapshot-styles')).toBeNull();
  });
});

describe('the calendar worth keeping', () => {
  // Monday 30 November 2026: December's grid on a phone starts that day.
  const now = new Date(2026, 10, 30, 12);
  const local = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();
  const phone = (range: ReturnType<typeof monthGridRange>) => ({ range, fcView: FC_VIEWS.oneMonth, compact: false });
  const desktop = (firstMonth: number, compact = false) => ({
    range: { startDate: local(2026, firstMonth, 1), endDate: local(2026, firstMonth + 3, 1) },
    fcView: FC_VIEWS.threeMonth,
    compact,
  });

  it("is the month a visit opens on, today's", () => {
    expect(showsOpeningWindow(phone(monthGridRange(2026, 10)), true, now)).toBe(true);
    expect(showsOpeningWindow(desktop(10), false, now)).toBe(true);
  });

  it('is not the next month on its last days, though its grid holds today', () => {
    expect(showsOpeningWindow(phone(monthGridRange(2026, 11)), true, now)).toBe(false);
  });

  it('is not the three months before, though they hold today', () => {
    expect(showsOpeningWindow(desktop(9), false, now)).toBe(false);
  });

  it('is not another view or size than a visit opens on, nor a window not yet known', () => {
    expect(showsOpeningWindow(desktop(10, true), false, now)).toBe(false);
    expect(showsOpeningWindow({ range: { startDate: local(2026, 10, 16), endDate: local(2026, 10, 23) }, fcView: FC_VIEWS.mobileWeek, compact: false }, true, now)).toBe(false);
    expect(showsOpeningWindow({ range: null, fcView: FC_VIEWS.oneMonth, compact: false }, true, now)).toBe(false);
  });
});
