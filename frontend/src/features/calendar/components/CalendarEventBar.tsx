/**
 * One event as the calendar draws it (FullCalendar's eventContent): its time in the week and day views and its title
 * (links shortened, a phone's title cut). The bar is itself a button that opens the event's dialog, so it holds no
 * other control: an admin's colour and delete are in the dialog (EventDetailDialog).
 */
import type { EventDisplayInfo } from '@fullcalendar/react';
import type { TFunction } from 'i18next';
import { displayTitle } from '../displayRules';

/** The class of every drawn event: FullCalendar's own class names are hashed, so the page looks for this one. */
export const EVENT_BAR_CLASS = 'cal-event';

interface CalendarEventBarProps {
  arg: EventDisplayInfo;
  /** Month grids draw bars on one line; the other views stack the time above the title. */
  monthGrid: boolean;
  isMobile: boolean;
  /** The calendar's translator, handed down: a hook of its own in each of a month's bars cost more than the bar. */
  t: TFunction;
}

export function CalendarEventBar({ arg, monthGrid, isMobile, t }: CalendarEventBarProps) {
  return (
    <span className={monthGrid ? EVENT_BAR_CLASS : `${EVENT_BAR_CLASS} cal-event-stacked`} title={arg.event.title}>
      {!monthGrid && arg.timeText && <span className="cal-event-time">{arg.timeText}</span>}
      <span className="cal-event-title">{displayTitle(arg.event.title, t('calendar.link'), isMobile)}</span>
    </span>
  );
}
