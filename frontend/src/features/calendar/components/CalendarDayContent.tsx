/**
 * What the calendar draws in a day's top and in the week and day views' column headers: the week number, the
 * marked-day dots, the day number and a double-booked day's sign.
 */
import ConflictIcon from '@mui/icons-material/WarningAmberRounded';
import { Tooltip } from '@mui/material';
import type { DayCellInfo, DayHeaderInfo } from '@fullcalendar/react';
import { getISOWeek } from 'date-fns';
import type { TFunction } from 'i18next';
import type { MarkedDay } from '../../../api/types';
import { TOOLTIP_DELAY_MS } from '../constants';
import { toDateKey } from '../dates';

/**
 * A double-booked day's sign: colour, an icon and the word (docs/architecture.md#double-bookings). The year view's
 * mini days have room for the icon only; their word is there for screen readers, as is the day cell's name.
 */
export function ConflictSign({ dateKey, wordShown, t }: { dateKey: string; wordShown: boolean; t: TFunction }) {
  return (
    <span className="cal-conflict" title={t('calendar.conflict.label')} data-conflict-day={dateKey}>
      <ConflictIcon className="cal-conflict-icon" fontSize="inherit" aria-hidden />
      <span className={wordShown ? 'cal-conflict-text' : 'cal-visually-hidden'}>{t('calendar.conflict.label')}</span>
    </span>
  );
}

interface DayHeaderProps {
  arg: DayHeaderInfo;
  /** Whether this view's headers carry the sign (the week and day views, whose day cells have no top). */
  withConflict: boolean;
  conflictedDays: ReadonlySet<string>;
  t: TFunction;
}

/** The week and day views' column headers carry the date, and so the sign. */
export function DayHeader({ arg, withConflict, conflictedDays, t }: DayHeaderProps) {
  const dateKey = toDateKey(arg.date);
  return (
    <>
      {arg.text}
      {withConflict && !arg.inPopover && conflictedDays.has(dateKey) && <ConflictSign dateKey={dateKey} wordShown t={t} />}
    </>
  );
}

interface DayTopProps {
  arg: DayCellInfo;
  markedByDay: ReadonlyMap<string, MarkedDay[]>;
  conflictedDays: ReadonlySet<string>;
  /** The year view's mini days show the conflict icon without its word. */
  yearView: boolean;
  showWeekNumbers: boolean;
  onMarkerClick: (mark: MarkedDay) => void;
  /** The calendar's translator, handed down: a hook of its own in each of a month's 42 days cost more than the day. */
  t: TFunction;
}

export function DayTop({ arg, markedByDay, conflictedDays, yearView, showWeekNumbers, onMarkerClick, t }: DayTopProps) {
  const dateKey = toDateKey(arg.date);
  // Days of the neighbouring months repeat in a month grid; their dots belong to their own month.
  const ownDay = !arg.isOther && !arg.isDisabled;
  const marks = ownDay ? (markedByDay.get(dateKey) ?? []) : [];
  const week = showWeekNumbers && arg.dow === 1 ? getISOWeek(arg.date) : null;
  return (
    <span className="cal-day-top">
      {week !== null && (
        <span className="cal-week-number" title={`${t('calendar.weekHeader')} ${week}`}>
          {week}
        </span>
      )}
      {marks.map((mark) => (
        <Tooltip key={mark.id} enterDelay={TOOLTIP_DELAY_MS} title={[t(`calendar.markerType.${mark.markerType}`), mark.notes].filter(Boolean).join(': ')}>
          {/* A pointer's way to the mark; the keyboard's is 'm' on the focused day, whose name says the mark
              (this dot sits in FullCalendar's aria-hidden day number, so it is no tab stop). */}
          <span
            className="cal-marker"
            role="button"
            aria-label={t(`calendar.markerType.${mark.markerType}`)}
            style={{ backgroundColor: mark.color ?? undefined }}
            onClick={() => onMarkerClick(mark)}
          />
        </Tooltip>
      ))}
      <span className="cal-day-number">{arg.dayNumberText}</span>
      {ownDay && conflictedDays.has(dateKey) && <ConflictSign dateKey={dateKey} wordShown={!yearView} t={t} />}
    </span>
  );
}
