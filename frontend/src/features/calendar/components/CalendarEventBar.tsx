/**
 * One event as the calendar draws it (FullCalendar's eventContent): its time in the week and day views, its title
 * (links shortened, a phone's title cut), and an admin's colour and delete buttons where the API accepts them.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import type { EventDisplayInfo } from '@fullcalendar/react';
import type { TFunction } from 'i18next';
import { displayTitle, ownEventActions } from '../displayRules';
import type { AdminEventActions } from '../hooks/useAdminEventActions';
import type { AnyEvent } from '../viewModel';

/** The class of every drawn event: FullCalendar's own class names are hashed, so the page looks for this one. */
export const EVENT_BAR_CLASS = 'cal-event';

interface CalendarEventBarProps {
  arg: EventDisplayInfo;
  /** Month grids draw bars on one line; the other views stack the time above the title. */
  monthGrid: boolean;
  isMobile: boolean;
  adminActions: AdminEventActions | null;
  /** The calendar's translator, handed down: a hook of its own in each of a month's bars cost more than the bar. */
  t: TFunction;
}

export function CalendarEventBar({ arg, monthGrid, isMobile, adminActions, t }: CalendarEventBarProps) {
  const source = arg.event.extendedProps.source as AnyEvent;
  // Only what the API accepts for this event: an external booking (iCal, Beds24) gets neither button.
  const actions = adminActions ? ownEventActions(source) : { color: false, delete: false };
  return (
    <span className={monthGrid ? EVENT_BAR_CLASS : `${EVENT_BAR_CLASS} cal-event-stacked`} title={arg.event.title}>
      {!monthGrid && arg.timeText && <span className="cal-event-time">{arg.timeText}</span>}
      <span className="cal-event-title">{displayTitle(arg.event.title, t('calendar.link'), isMobile)}</span>
      {adminActions && actions.color && (
        <button
          type="button"
          className="cal-event-action"
          aria-label={t('calendar.admin.changeColor')}
          title={t('calendar.admin.changeColor')}
          onClick={(e) => adminActions.openColorMenu(e.currentTarget, source)}
        >
          <PaletteIcon fontSize="inherit" />
        </button>
      )}
      {adminActions && actions.delete && (
        <button
          type="button"
          className="cal-event-action"
          aria-label={t('calendar.admin.deleteEvent')}
          title={t('calendar.admin.deleteEvent')}
          onClick={() => adminActions.askDelete(source)}
        >
          <DeleteIcon fontSize="inherit" />
        </button>
      )}
    </span>
  );
}
