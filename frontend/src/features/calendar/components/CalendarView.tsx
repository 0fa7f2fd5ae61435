/**
 * FullCalendar as the calendar home draws it (docs/product/calendar.md#screens): month (3 months on desktop), week, day and year views,
 * event bars with an admin's colour and delete buttons, marked-day dots and week numbers in the day cells, the
 * day view's empty and current hours, and swiping between periods. Clicks are handed to the page as day keys
 * and events.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../calendar.css';
import FullCalendar, { type CalendarRef, type DayCellInfo, type DayHeaderInfo, type EventClickInfo, type EventDisplayInfo, type SlotLaneInfo } from '@fullcalendar/react';
import nbLocale from '@fullcalendar/react/locales/nb';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import ConflictIcon from '@mui/icons-material/WarningAmberRounded';
import { Badge, Box, LinearProgress, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { getISOWeek } from 'date-fns';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLTIP_DELAY_MS } from '../constants';
import { toDateKey } from '../dates';
import { NOT_A_DAY_CLICK, dayClickKeyAt, dayKeyAtPoint } from '../dayCells';
import {
  busyHiddenDays, busyHours, dayKind, displayTitle, mobileWeekHiddenDays, monthAspectRatio, moreLabel, ownEventActions, visibleHours, type WeekHalf,
} from '../displayRules';
import type { AdminEventActions } from '../hooks/useAdminEventActions';
import type { CalendarDays } from '../hooks/useCalendarDays';
import type { CalendarWindow } from '../hooks/useCalendarWindow';
import { useDayCellAccess } from '../hooks/useDayCellAccess';
import { useElementWidth } from '../hooks/useElementWidth';
import { useLongPress } from '../hooks/useLongPress';
import { useSwipe } from '../hooks/useSwipe';
import { useViewPlugins } from '../hooks/useViewPlugins';
import type { MarkedDay } from '../../../api/types';
import type { AnyEvent } from '../viewModel';
import { CUSTOM_VIEWS, FC_VIEWS } from '../viewNames';

const NO_EVENTS: never[] = [];
const NO_HIDDEN_DAYS: number[] = [];
/** Width to height of a year view's mini month: about 20 px rows at the 220-260 px a month gets on a desktop. */
const YEAR_ASPECT_RATIO = 2;

interface CalendarViewProps {
  calendarRef: RefObject<CalendarRef | null>;
  win: CalendarWindow;
  days: CalendarDays;
  isMobile: boolean;
  /** The admin's colour and delete buttons on events, or null where they are not offered. */
  adminActions: AdminEventActions | null;
  onDayClick: (dateKey: string) => void;
  /** A right-click, a long press or 'm' on a focused day: mark it, or see the mark it has. */
  onDayContextMenu: (dateKey: string) => void;
  onEventClick: (event: AnyEvent) => void;
  onMarkerClick: (mark: MarkedDay) => void;
}

export function CalendarView({ calendarRef, win, days, isMobile, adminActions, onDayClick, onDayContextMenu, onEventClick, onMarkerClick }: CalendarViewProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const rootWidth = useElementWidth(rootRef);
  const swipe = useSwipe(win.prev, win.next);
  const longPress = useLongPress(onDayContextMenu);
  const dayCells = useDayCellAccess({ markedByDay: days.markedByDay, conflictedDays: days.conflictedDays, onOpen: onDayClick, onMark: onDayContextMenu });
  const { fcView, monthGrid, compact, range, focusDate } = win;
  // The phone week shows every second day (docs/product/calendar.md#screens); the switch above it shows the other half.
  const [weekHalf, setWeekHalf] = useState<WeekHalf>('first');
  const phoneWeek = fcView === FC_VIEWS.mobileWeek;
  const otherHalf: WeekHalf = weekHalf === 'first' ? 'second' : 'first';
  const busyElsewhere = phoneWeek && range ? busyHiddenDays(new Date(range.startDate), weekHalf, days.dayIndex) : 0;

  const { plugins, ready: viewReady } = useViewPlugins(fcView);
  // FullCalendar follows the view chosen (useCalendarWindow) once the plugin that draws it is there.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (viewReady && api && api.view.type !== fcView) api.changeView(fcView);
  }, [calendarRef, fcView, viewReady]);

  // ?date= (a notification's link): FullCalendar starts there (initialDate) and moves there when it changes later.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && focusDate) api.gotoDate(focusDate);
  }, [calendarRef, focusDate]);

  // A click or tap on a day, not on what lies in it (FullCalendar's own dateClick needs its interaction plugin,
  // which the calendar does not load: nothing is dragged or selected). The day is the one under the pointer as it
  // went down: Chromium moves a tap's click a few pixels towards what looks clickable nearby, which at a cell's edge
  // can be the day above. Clicks in FullCalendar's '+n' popover reach here through React's portal and are left
  // out, as the popover is not inside the root element.
  const pointerDownAt = useRef<{ clientX: number; clientY: number } | null>(null);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const point = pointerDownAt.current ?? event;
    pointerDownAt.current = null;
    const dateKey = dayClickKeyAt(event.currentTarget, { target: event.target, clientX: point.clientX, clientY: point.clientY });
    // The tap that ends a long press is part of it.
    if (!dateKey || longPress.justPressed()) return;
    onDayClick(dateKey);
  };

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const dateKey = dayKeyAtPoint(event.currentTarget, event.clientX, event.clientY);
    if (!dateKey) return;
    event.preventDefault();
    if (longPress.claimContextMenu() === 'swallow') return;
    onDayContextMenu(dateKey);
  };

  const onFcEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if ((info.jsEvent.target as HTMLElement | null)?.closest('.cal-event-action')) return;
    onEventClick(info.event.extendedProps.source as AnyEvent);
  };

  const renderEvent = (arg: EventDisplayInfo) => {
    const source = arg.event.extendedProps.source as AnyEvent;
    // Only what the API accepts for this event: an external booking (iCal, Beds24) gets neither button.
    const actions = adminActions ? ownEventActions(source) : { color: false, delete: false };
    return (
      <span className={monthGrid ? 'cal-event' : 'cal-event cal-event-stacked'} title={arg.event.title}>
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
  };

  /**
   * A double-booked day's sign: colour, an icon and the word (docs/architecture.md "Double bookings"). The year view's
   * mini days have room for the icon only; their word is there for screen readers, as is the day cell's name.
   */
  const conflictSign = (dateKey: string, wordShown: boolean) =>
    days.conflictedDays.has(dateKey) ? (
      <span className="cal-conflict" title={t('calendar.conflict.label')} data-conflict-day={dateKey}>
        <ConflictIcon className="cal-conflict-icon" fontSize="inherit" aria-hidden />
        <span className={wordShown ? 'cal-conflict-text' : 'cal-visually-hidden'}>{t('calendar.conflict.label')}</span>
      </span>
    ) : null;

  // The week and day views' column headers carry the date, and so the sign (their day cells have no top).
  const renderDayHeader = (arg: DayHeaderInfo) => (
    <>
      {arg.text}
      {!monthGrid && fcView !== FC_VIEWS.year && !arg.inPopover && conflictSign(toDateKey(arg.date), true)}
    </>
  );

  const renderDayTop = (arg: DayCellInfo) => {
    // Days of the neighbouring months repeat in a month grid; their dots belong to their own month.
    const marks = arg.isOther || arg.isDisabled ? [] : (days.markedByDay.get(toDateKey(arg.date)) ?? []);
    const conflict = arg.isOther || arg.isDisabled ? null : conflictSign(toDateKey(arg.date), fcView !== FC_VIEWS.year);
    const week = win.showWeekNumbers && arg.dow === 1 ? getISOWeek(arg.date) : null;
    return (
      <span className="cal-day-top">
        {week !== null && (
          <span className="cal-week-number" title={`${t('calendar.weekHeader')} ${week}`}>
            {week}
          </span>
        )}
        {marks.map((mark) => (
          <Tooltip
            key={mark.id}
            enterDelay={TOOLTIP_DELAY_MS}
            title={[t(`calendar.markerType.${mark.markerType}`), mark.notes].filter(Boolean).join(': ')}
          >
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
        {conflict}
      </span>
    );
  };

  const dayCellClass = (arg: DayCellInfo) => {
    const kind = monthGrid || fcView === FC_VIEWS.year ? dayKind(days.dayIndex.get(toDateKey(arg.date))) : null;
    const focused = focusDate !== null && !arg.isOther && toDateKey(arg.date) === focusDate;
    const conflicted = !arg.isOther && !arg.isDisabled && days.conflictedDays.has(toDateKey(arg.date));
    return [kind && !arg.isOther && !arg.isDisabled ? `cal-day-${kind}` : '', conflicted ? 'cal-day-conflict' : '', arg.isToday ? 'cal-today' : '', focused ? 'cal-focus-day' : '']
      .filter(Boolean)
      .join(' ');
  };

  // Day view (docs/product/calendar.md#screens): hours without events say so, and the current hour is highlighted. FullCalendar has no
  // content hook for slot lanes, so the lane gets a class and the text comes from CSS (--cal-no-events).
  const shownDay = range && fcView === FC_VIEWS.day ? toDateKey(new Date(range.startDate)) : null;
  const busy = useMemo(() => (shownDay ? busyHours(days.allEvents, shownDay) : null), [days.allEvents, shownDay]);
  const slotLaneClass = (arg: SlotLaneInfo) => {
    if (!shownDay || !busy || !arg.time) return '';
    const hour = Math.floor(arg.time.milliseconds / 3_600_000);
    const now = new Date();
    return [busy.has(hour) ? '' : 'cal-slot-empty', shownDay === toDateKey(now) && hour === now.getHours() ? 'cal-slot-now' : '']
      .filter(Boolean)
      .join(' ');
  };

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
      onPointerDown={(e) => {
        pointerDownAt.current = { clientX: e.clientX, clientY: e.clientY };
      }}
      onClick={onClick}
      onContextMenu={onContextMenu}
      onKeyDown={dayCells.onKeyDown}
      onFocus={dayCells.onFocus}
      onTouchStart={(e) => {
        swipe.onTouchStart(e);
        longPress.onTouchStart(e);
      }}
      onTouchMove={longPress.onTouchMove}
      onTouchEnd={(e) => {
        swipe.onTouchEnd(e);
        longPress.onTouchEnd(e);
      }}
      onTouchCancel={longPress.onTouchCancel}
    >
      <span id={dayCells.hintId} className="cal-visually-hidden">
        {dayCells.hint}
      </span>
      {/* The week or day view's plugin on its way (its first choice only): the shown view stays until it is in. */}
      {!viewReady && <LinearProgress aria-label={t('calendar.loading')} sx={{ mb: 1 }} />}
      {phoneWeek && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={weekHalf}
          onChange={(_e, half: WeekHalf | null) => half && setWeekHalf(half)}
          aria-label={t('calendar.weekHalf.label')}
          sx={{ mb: 1 }}
        >
          {(['first', 'second'] as const).map((half) => (
            <ToggleButton key={half} value={half} sx={{ minHeight: 44 }}>
              <Badge color="primary" badgeContent={half === otherHalf ? busyElsewhere : 0} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
                {t(`calendar.weekHalf.${half}`)}
              </Badge>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        locales={[nbLocale]}
        locale={i18n.language === 'en' ? 'en' : 'nb'}
        firstDay={1}
        headerToolbar={false}
        // Mounted while the week or day view's plugin is still on its way, it starts on the month.
        initialView={viewReady ? fcView : isMobile ? FC_VIEWS.oneMonth : FC_VIEWS.threeMonth}
        initialDate={focusDate ?? undefined}
        views={CUSTOM_VIEWS}
        hiddenDays={phoneWeek ? mobileWeekHiddenDays(weekHalf) : NO_HIDDEN_DAYS}
        height="auto"
        aspectRatio={aspectRatio}
        // The year overview shows days by colour only; its mini months have no room for event bars.
        events={fcView === FC_VIEWS.year ? NO_EVENTS : days.eventInputs}
        eventDisplay="block"
        eventContent={renderEvent}
        eventClass={NOT_A_DAY_CLICK}
        moreLinkClass={NOT_A_DAY_CLICK}
        eventClick={onFcEventClick}
        datesSet={win.onDatesSet}
        weekNumbers={!monthGrid && fcView !== FC_VIEWS.year}
        weekNumberHeaderContent={(arg) => `${t('calendar.weekHeader')} ${arg.num ?? ''}`}
        dayMaxEvents={isMobile ? 1 : compact ? 2 : 3}
        moreLinkContent={(arg) => moreLabel(arg.num, t)}
        dayCellClass={dayCellClass}
        dayCellTopContent={renderDayTop}
        dayHeaderContent={renderDayHeader}
        dayCellDidMount={dayCells.dayCellDidMount}
        dayCellWillUnmount={dayCells.dayCellWillUnmount}
        slotDuration="01:00:00"
        slotLaneClass={slotLaneClass}
        // A day's column of hours in the week and day views, by a name of ours rather than FullCalendar's.
        dayLaneClass="cal-lane"
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        scrollTime={isMobile ? hours.slotMinTime : '07:00:00'}
        allDayText={t('calendar.detail.allDay')}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        // A week column has room for the start and the title on one line ('10:00 Vindusvask'); the day view shows
        // The whole span (docs/product/calendar.md#screens), the detail dialog always does.
        displayEventEnd={fcView === FC_VIEWS.day}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        nowIndicator
      />
    </Box>
  );
}
