/**
 * FullCalendar as the calendar home draws it (docs/product/calendar.md#screens): month (3 months on desktop), week, day and year views,
 * with the view's plugin loaded on first use, the phone week's halves, and FullCalendar's settings per view. The
 * parts are their own files: what it draws with (useCalendarContent: the event bars, day tops, headers, classes),
 * following the chosen view and date (useFullCalendarFollow), and the clicks, long presses and swipes on the days
 * (useDayPointer), which are handed to the page as day keys and events.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../calendar.css';
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import nbLocale from '@fullcalendar/react/locales/nb';
import { Box, LinearProgress } from '@mui/material';
import { useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NOT_A_DAY_CLICK } from '../dayCells';
import { busyHiddenDays, mobileWeekHiddenDays, monthAspectRatio, visibleHours, type WeekHalf } from '../displayRules';
import type { CalendarDays } from '../hooks/useCalendarDays';
import type { CalendarWindow } from '../hooks/useCalendarWindow';
import { useCalendarContent } from '../hooks/useCalendarContent';
import { useDayCellAccess } from '../hooks/useDayCellAccess';
import { useDayPointer } from '../hooks/useDayPointer';
import { useElementWidth } from '../hooks/useElementWidth';
import { useFullCalendarFollow } from '../hooks/useFullCalendarFollow';
import { useViewPlugins } from '../hooks/useViewPlugins';
import type { MarkedDay } from '../../../api/types';
import type { AnyEvent } from '../viewModel';
import { CUSTOM_VIEWS, FC_VIEWS } from '../viewNames';
import { WeekHalfSwitch } from './WeekHalfSwitch';

/*
 * FullCalendar takes every option whose value is new on a render as changed: it refines it again, makes a new
 * date formatter (and its Intl formats) for a new format object, and redraws with the new options. So the constant
 * options are made once here, and the drawing callbacks (useCalendarContent) keep their identity until what they
 * draw changes: moving a month then redraws the dates, not the whole calendar's settings.
 */
const NO_EVENTS: never[] = [];
const NO_HIDDEN_DAYS: number[] = [];
const LOCALES = [nbLocale];
const HOURS_AND_MINUTES = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** Width to height of a year view's mini month: about 20 px rows at the 220-260 px a month gets on a desktop. */
const YEAR_ASPECT_RATIO = 2;

interface CalendarViewProps {
  calendarRef: RefObject<CalendarRef | null>;
  win: CalendarWindow;
  days: CalendarDays;
  isMobile: boolean;
  /** A click, a tap or Enter on a day. */
  onDayClick: (dateKey: string) => void;
  /** A right-click, a long press or 'm' on a focused day: mark it, or see the mark it has. */
  onDayContextMenu: (dateKey: string) => void;
  onEventClick: (event: AnyEvent) => void;
  onMarkerClick: (mark: MarkedDay) => void;
}

export function CalendarView({ calendarRef, win, days, isMobile, onDayClick, onDayContextMenu, onEventClick, onMarkerClick }: CalendarViewProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const rootWidth = useElementWidth(rootRef);
  const pointer = useDayPointer({ onDayClick, onDayContextMenu, onPrev: win.prev, onNext: win.next });
  const dayCells = useDayCellAccess({ markedByDay: days.markedByDay, conflictedDays: days.conflictedDays, onOpen: onDayClick, onMark: onDayContextMenu });
  const { fcView, monthGrid, compact, range, focusDate } = win;
  // The phone week shows every second day (docs/product/calendar.md#screens); the switch above it shows the other half.
  const [weekHalf, setWeekHalf] = useState<WeekHalf>('first');
  const phoneWeek = fcView === FC_VIEWS.mobileWeek;
  const busyElsewhere = phoneWeek && range ? busyHiddenDays(new Date(range.startDate), weekHalf, days.dayIndex) : 0;

  const { plugins, ready: viewReady } = useViewPlugins(fcView);
  useFullCalendarFollow(calendarRef, fcView, viewReady, focusDate);
  const content = useCalendarContent({ win, days, isMobile, t, onEventClick, onMarkerClick });
  const hiddenDays = useMemo(() => (phoneWeek ? mobileWeekHiddenDays(weekHalf) : NO_HIDDEN_DAYS), [phoneWeek, weekHalf]);
  const hours = visibleHours(isMobile);
  // The 3-month view puts three months side by side, each narrower than a third by its gaps and padding (measured:
  // 308 of 1366 - 248 px sidebar); the minimum cell height holds in both sizes (docs/product/calendar.md#validation-and-limits), compact only fits less in.
  const monthWidth = fcView === FC_VIEWS.threeMonth ? rootWidth / 3 - 40 : rootWidth;
  // Year mini months are colour overviews without event bars: flat rows let twelve of them fit one desktop screen.
  const aspectRatio = fcView === FC_VIEWS.year ? (isMobile ? monthAspectRatio(0, true) : YEAR_ASPECT_RATIO) : monthAspectRatio(monthWidth, isMobile);
  const rootClass = ['cal-root', isMobile && 'cal-mobile', compact && 'cal-compact']
    .filter(Boolean)
    .join(' ');

  return (
    <Box
      ref={rootRef}
      className={rootClass}
      style={{ '--cal-no-events': JSON.stringify(t('calendar.noEvents')) } as CSSProperties}
      {...pointer}
      onKeyDown={dayCells.onKeyDown}
      onFocus={dayCells.onFocus}
    >
      <span id={dayCells.hintId} className="cal-visually-hidden">
        {dayCells.hint}
      </span>
      {/* The week or day view's plugin on its way (its first choice only): the shown view stays until it is in. */}
      {!viewReady && <LinearProgress aria-label={t('calendar.loading')} sx={{ mb: 1 }} />}
      {phoneWeek && <WeekHalfSwitch value={weekHalf} onChange={setWeekHalf} busyElsewhere={busyElsewhere} />}
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        locales={LOCALES}
        locale={i18n.language === 'en' ? 'en' : 'nb'}
        firstDay={1}
        headerToolbar={false}
        // Mounted while the week or day view's plugin is still on its way, it starts on the month.
        initialView={viewReady ? fcView : isMobile ? FC_VIEWS.oneMonth : FC_VIEWS.threeMonth}
        initialDate={focusDate ?? undefined}
        views={CUSTOM_VIEWS}
        hiddenDays={hiddenDays}
        height="auto"
        aspectRatio={aspectRatio}
        // The year overview shows days by colour only; its mini months have no room for event bars.
        events={fcView === FC_VIEWS.year ? NO_EVENTS : days.eventInputs}
        eventDisplay="block"
        eventContent={content.eventContent}
        eventClass={NOT_A_DAY_CLICK}
        moreLinkClass={NOT_A_DAY_CLICK}
        eventClick={content.eventClick}
        datesSet={content.datesSet}
        weekNumbers={!monthGrid && fcView !== FC_VIEWS.year}
        weekNumberHeaderContent={content.weekNumberHeaderContent}
        dayMaxEvents={isMobile ? 1 : compact ? 2 : 3}
        moreLinkContent={content.moreLinkContent}
        dayCellClass={content.dayCellClass}
        dayCellTopContent={content.dayCellTopContent}
        dayHeaderContent={content.dayHeaderContent}
        dayCellDidMount={dayCells.dayCellDidMount}
        dayCellWillUnmount={dayCells.dayCellWillUnmount}
        slotDuration="01:00:00"
        slotLaneClass={content.slotLaneClass}
        // A day's column of hours in the week and day views, by a name of ours rather than FullCalendar's.
        dayLaneClass="cal-lane"
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        scrollTime={isMobile ? hours.slotMinTime : '07:00:00'}
        // A month grid grows to its full height and has nothing to scroll: without this, every new month would
        // measure its rows (a forced layout) to scroll to the first of them.
        scrollTimeReset={!monthGrid}
        allDayText={t('calendar.detail.allDay')}
        eventTimeFormat={HOURS_AND_MINUTES}
        // A week column has room for the start and the title on one line ('10:00 Vindusvask'); the day view shows
        // The whole span (docs/product/calendar.md#screens), the detail dialog always does.
        displayEventEnd={fcView === FC_VIEWS.day}
        slotHeaderFormat={HOURS_AND_MINUTES}
        nowIndicator
      />
    </Box>
  );
}
