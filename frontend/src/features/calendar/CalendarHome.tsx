/**
 * Calendar home (/ and every unknown path; SPEC §2 "Calendar home"): the toolbar, FullCalendar's month (3 months
 * on desktop), week, day and year views, the banners, and the dialogs the calendar opens. Admins and mini admins
 * can switch to another user's calendar.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import FullCalendar, {
  type CalendarRef,
  type DateClickInfo,
  type DatesSetInfo,
  type DayCellInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type SlotLaneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import nbLocale from '@fullcalendar/react/locales/nb';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import { Alert, Box, LinearProgress, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import { getISOWeek } from 'date-fns';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type RefObject, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiJson, errorText } from '../../api/client';
import { useCurrentUser } from '../../shared/session';
import { isStaff, type User } from '../../api/types';
import { useDevicePreference } from '../../shared/devicePreference';
import { useToast } from '../../shared/toast';
import { AddEventDialog } from './components/AddEventDialog';
import { AdminInfoBanner } from './components/AdminInfoBanner';
import { useAdminUsers, useCalendarData, useInvalidateEvents, type VisibleRange } from './calendarApi';
import { CalendarToolbar } from './components/CalendarToolbar';
import { ConfirmDialog } from './components/ConfirmDialog';
import { ADMIN_PALETTE, BOOKING_WARNING_MS, SWIPE_THRESHOLD_PX, TOOLTIP_DELAY_MS } from './constants';
import { toDateKey } from './dates';
import {
  buildDayIndex,
  busyHours,
  dayHasImportedBooking,
  dayKind,
  displayTitle,
  isIcalEvent,
  monthAspectRatio,
  moreLabel,
  visibleHours,
} from './displayRules';
import { EventDetailDialog } from './components/EventDetailDialog';
import { toEventInputs } from './eventInputs';
import { MarkDayDialog, MarkedDayDetailDialog } from './components/MarkedDayDialogs';
import type { AnyEvent, CalendarSize, CalendarViewKind, MarkedDay } from './types';
import { CUSTOM_VIEWS, FC_VIEWS, effectiveView, fcViewName, isMonthGrid } from './viewNames';

const NO_EVENTS: never[] = [];
const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, multiMonthPlugin, interactionPlugin];

/** The width of an element, following resizes. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function CalendarHome() {
  const { data: user } = useCurrentUser();
  // RequireAuth renders this page only with a user.
  return user ? <CalendarScreen user={user} /> : null;
}

function CalendarScreen({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const invalidateEvents = useInvalidateEvents();
  const { isMobile } = useDevicePreference();
  const staff = isStaff(user);
  const calendarRef = useRef<CalendarRef>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const rootWidth = useElementWidth(rootRef);

  const [chosenView, setChosenView] = useState<CalendarViewKind>('month');
  const [size, setSize] = useState<CalendarSize>('large');
  const [showYearWeekNumbers, setShowYearWeekNumbers] = useState(false);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [periodTitle, setPeriodTitle] = useState('');
  const [chosenUserId, setChosenUserId] = useState<number | null>(null);
  // SPEC §4: non-admins are always on their own calendar.
  const viewedUserId = staff ? chosenUserId : null;

  const [addDate, setAddDate] = useState<string | null>(null);
  const [detailEvent, setDetailEvent] = useState<AnyEvent | null>(null);
  const [markTarget, setMarkTarget] = useState<{ date: string; existing?: MarkedDay } | null>(null);
  const [markedDetail, setMarkedDetail] = useState<MarkedDay | null>(null);
  const [colorMenu, setColorMenu] = useState<{ anchor: HTMLElement; event: AnyEvent } | null>(null);
  const [adminDelete, setAdminDelete] = useState<AnyEvent | null>(null);
  const [adminBusy, setAdminBusy] = useState(false);

  const view = effectiveView(chosenView, size, isMobile);
  const fcView = fcViewName(view, isMobile);
  const monthGrid = isMonthGrid(fcView);
  const compact = size === 'compact' && !isMobile;
  // Month views always show week numbers (SPEC §2), the year view when 'Vis ukenummer' is on.
  const showWeekNumbers = monthGrid || (fcView === FC_VIEWS.year && showYearWeekNumbers);

  const data = useCalendarData(range, viewedUserId);
  const adminUsers = useAdminUsers(staff);
  const viewedUser = adminUsers.data?.find((u) => u.id === viewedUserId);
  const ownCalendar = viewedUserId === null;
  const canAdd = ownCalendar || user.isAdmin;
  const adminActions = user.isAdmin && monthGrid && !isMobile;

  const allEvents = useMemo<AnyEvent[]>(() => [...data.events, ...data.icalEvents], [data.events, data.icalEvents]);
  const eventInputs = useMemo(() => toEventInputs(allEvents), [allEvents]);
  const dayIndex = useMemo(() => buildDayIndex(allEvents, data.markedDays), [allEvents, data.markedDays]);
  const markedByDay = useMemo(() => {
    const map = new Map<string, MarkedDay[]>();
    for (const day of data.markedDays) {
      const key = day.date.slice(0, 10);
      map.set(key, [...(map.get(key) ?? []), day]);
    }
    return map;
  }, [data.markedDays]);

  const api = () => calendarRef.current?.getApi();

  const changeView = (next: CalendarViewKind) => {
    setChosenView(next);
    api()?.changeView(fcViewName(effectiveView(next, size, isMobile), isMobile));
  };
  const changeSize = (next: CalendarSize) => {
    setSize(next);
    api()?.changeView(fcViewName(effectiveView(chosenView, next, isMobile), isMobile));
  };

  /** SPEC §8: a day holding an imported booking refuses clicks. */
  const refuseBookedDay = (dateKey: string): boolean => {
    if (!dayHasImportedBooking(dateKey, data.icalEvents)) return false;
    toast({ title: t('calendar.bookingFound'), description: t('calendar.bookingFoundText'), severity: 'error', durationMs: BOOKING_WARNING_MS });
    return true;
  };

  const onDateClick = (info: DateClickInfo) => {
    if ((info.jsEvent.target as HTMLElement | null)?.closest('.cal-marker')) return;
    const dateKey = info.dateStr.slice(0, 10);
    if (refuseBookedDay(dateKey)) return;
    if (canAdd) setAddDate(dateKey);
  };

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-date]');
    const dateKey = cell?.dataset.date?.slice(0, 10);
    if (!dateKey) return;
    event.preventDefault();
    if (refuseBookedDay(dateKey)) return;
    if (ownCalendar) setMarkTarget({ date: dateKey });
  };

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if ((info.jsEvent.target as HTMLElement | null)?.closest('.cal-event-action')) return;
    setDetailEvent(info.event.extendedProps.source as AnyEvent);
  };

  const onDatesSet = (info: DatesSetInfo) => {
    const next = { startDate: info.start.toISOString(), endDate: info.end.toISOString() };
    setRange((current) => (current?.startDate === next.startDate && current.endDate === next.endDate ? current : next));
    setPeriodTitle(info.view.title);
  };

  // SPEC §2: a horizontal swipe of more than 50 px changes the period.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    touchStart.current = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (!start) return;
    const dx = e.changedTouches[0].clientX - start.x;
    const dy = e.changedTouches[0].clientY - start.y;
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) api()?.next();
    else api()?.prev();
  };

  const setColor = async (event: AnyEvent, color: string) => {
    setColorMenu(null);
    try {
      await apiJson('PUT', `/api/admin/events/${event.id}/color`, { color });
      await invalidateEvents(viewedUserId);
    } catch (error) {
      toast({ title: t('calendar.admin.errorTitle'), description: t('calendar.admin.colorFailed', { message: errorText(error, t('common.error')) }), severity: 'error' });
    }
  };

  const deleteAsAdmin = async () => {
    if (!adminDelete) return;
    setAdminBusy(true);
    try {
      await apiJson('DELETE', `/api/admin/events/${adminDelete.id}`);
      await invalidateEvents(viewedUserId);
      toast({ title: t('calendar.detail.deleted'), severity: 'success' });
    } catch (error) {
      const booking = error instanceof ApiError && error.status === 409;
      toast({
        title: booking ? t('calendar.admin.cannotDeleteBooking') : t('calendar.admin.errorTitle'),
        description: t('calendar.admin.deleteFailed', { message: errorText(error, t('common.error')) }),
        severity: 'error',
      });
    } finally {
      setAdminBusy(false);
      setAdminDelete(null);
    }
  };

  const renderEvent = (arg: EventDisplayInfo) => {
    const source = arg.event.extendedProps.source as AnyEvent;
    const showActions = adminActions && !isIcalEvent(source);
    return (
      <span className={monthGrid ? 'cal-event' : 'cal-event cal-event-stacked'} title={arg.event.title}>
        {!monthGrid && arg.timeText && <span className="cal-event-time">{arg.timeText}</span>}
        <span className="cal-event-title">{displayTitle(arg.event.title, t('calendar.link'), isMobile)}</span>
        {showActions && (
          <>
            <button
              type="button"
              className="cal-event-action"
              aria-label={t('calendar.admin.changeColor')}
              title={t('calendar.admin.changeColor')}
              onClick={(e) => setColorMenu({ anchor: e.currentTarget, event: source })}
            >
              <PaletteIcon fontSize="inherit" />
            </button>
            <button
              type="button"
              className="cal-event-action"
              aria-label={t('calendar.admin.deleteEvent')}
              title={t('calendar.admin.deleteEvent')}
              onClick={() => setAdminDelete(source)}
            >
              <DeleteIcon fontSize="inherit" />
            </button>
          </>
        )}
      </span>
    );
  };

  const renderDayTop = (arg: DayCellInfo) => {
    // Days of the neighbouring months repeat in a month grid; their dots belong to their own month.
    const marks = arg.isOther || arg.isDisabled ? [] : (markedByDay.get(toDateKey(arg.date)) ?? []);
    const week = showWeekNumbers && arg.dow === 1 ? getISOWeek(arg.date) : null;
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
            <span
              className="cal-marker"
              role="button"
              tabIndex={0}
              aria-label={t(`calendar.markerType.${mark.markerType}`)}
              style={{ backgroundColor: mark.color ?? undefined }}
              onClick={() => setMarkedDetail(mark)}
              onKeyDown={(e) => e.key === 'Enter' && setMarkedDetail(mark)}
            />
          </Tooltip>
        ))}
        <span className="cal-day-number">{arg.dayNumberText}</span>
      </span>
    );
  };

  const dayCellClass = (arg: DayCellInfo) => {
    const kind = monthGrid || fcView === FC_VIEWS.year ? dayKind(dayIndex.get(toDateKey(arg.date))) : null;
    return [kind && !arg.isOther && !arg.isDisabled ? `cal-day-${kind}` : '', arg.isToday ? 'cal-today' : ''].filter(Boolean).join(' ');
  };

  // Day view (SPEC §2): hours without events say so, and the current hour is highlighted. FullCalendar has no
  // content hook for slot lanes, so the lane gets a class and the text comes from CSS (--cal-no-events).
  const shownDay = range && fcView === FC_VIEWS.day ? toDateKey(new Date(range.startDate)) : null;
  const busy = useMemo(() => (shownDay ? busyHours(allEvents, shownDay) : null), [allEvents, shownDay]);
  const slotLaneClass = (arg: SlotLaneInfo) => {
    if (!shownDay || !busy || !arg.time) return '';
    const hour = Math.floor(arg.time.milliseconds / 3_600_000);
    const now = new Date();
    return [busy.has(hour) ? '' : 'cal-slot-empty', shownDay === toDateKey(now) && hour === now.getHours() ? 'cal-slot-now' : '']
      .filter(Boolean)
      .join(' ');
  };

  const hours = visibleHours(isMobile);
  // The 3-month view puts three months side by side; compact size lets cells shrink to the mobile minimum.
  const monthWidth = fcView === FC_VIEWS.threeMonth ? rootWidth / 3 - 24 : rootWidth;
  const aspectRatio = fcView === FC_VIEWS.year ? monthAspectRatio(0, isMobile) : monthAspectRatio(monthWidth, isMobile || compact);
  const rootClass = ['cal-root', isMobile && 'cal-mobile', compact && 'cal-compact']
    .filter(Boolean)
    .join(' ');

  return (
    <Stack spacing={2}>
      <CalendarToolbar
        isMobile={isMobile}
        periodTitle={periodTitle}
        view={view}
        size={size}
        showYearWeekNumbers={showYearWeekNumbers}
        canAdd={canAdd}
        pickerUsers={staff ? (adminUsers.data ?? []) : null}
        currentUserId={user.id}
        viewedUserId={viewedUserId}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onView={changeView}
        onSize={changeSize}
        onShowYearWeekNumbers={setShowYearWeekNumbers}
        onAdd={() => setAddDate(toDateKey(new Date()))}
        onViewUser={setChosenUserId}
      />
      {ownCalendar ? (
        <AdminInfoBanner user={user} />
      ) : (
        <Alert severity="info">{t('calendar.admin.viewing', { name: data.viewedUserName ?? viewedUser?.name ?? '' })}</Alert>
      )}
      {!!data.error && (
        <Alert severity="error">{ownCalendar ? t('calendar.loadFailed') : t('calendar.admin.loadFailed')}</Alert>
      )}
      <Box sx={{ height: 4 }}>{data.isLoading && <LinearProgress />}</Box>
      <Box ref={rootRef} className={rootClass} style={{ '--cal-no-events': JSON.stringify(t('calendar.noEvents')) } as CSSProperties} onContextMenu={onContextMenu} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          locales={[nbLocale]}
          locale={i18n.language === 'en' ? 'en' : 'nb'}
          firstDay={1}
          headerToolbar={false}
          initialView={fcView}
          views={CUSTOM_VIEWS}
          height="auto"
          aspectRatio={aspectRatio}
          // The year overview shows days by colour only; its mini months have no room for event bars.
          events={fcView === FC_VIEWS.year ? NO_EVENTS : eventInputs}
          eventDisplay="block"
          eventContent={renderEvent}
          eventClick={onEventClick}
          dateClick={onDateClick}
          datesSet={onDatesSet}
          weekNumbers={!monthGrid && fcView !== FC_VIEWS.year}
          weekNumberHeaderContent={(arg) => `${t('calendar.weekHeader')} ${arg.num ?? ''}`}
          dayMaxEvents={isMobile ? 1 : compact ? 2 : 3}
          moreLinkContent={(arg) => moreLabel(arg.num, t)}
          dayCellClass={dayCellClass}
          dayCellTopContent={renderDayTop}
          slotDuration="01:00:00"
          slotLaneClass={slotLaneClass}
          slotMinTime={hours.slotMinTime}
          slotMaxTime={hours.slotMaxTime}
          scrollTime={isMobile ? hours.slotMinTime : '07:00:00'}
          allDayText={t('calendar.detail.allDay')}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          nowIndicator
        />
      </Box>

      <AddEventDialog
        open={addDate !== null}
        date={addDate ?? ''}
        currentUser={user}
        viewedUserId={viewedUserId}
        onClose={() => setAddDate(null)}
      />
      <EventDetailDialog event={detailEvent} currentUser={user} viewedUserId={viewedUserId} onClose={() => setDetailEvent(null)} />
      <MarkDayDialog target={markTarget} onClose={() => setMarkTarget(null)} />
      <MarkedDayDetailDialog
        markedDay={markedDetail}
        readOnly={!ownCalendar}
        onEdit={(day) => {
          setMarkedDetail(null);
          setMarkTarget({ date: day.date.slice(0, 10), existing: day });
        }}
        onClose={() => setMarkedDetail(null)}
      />
      <Menu anchorEl={colorMenu?.anchor} open={!!colorMenu} onClose={() => setColorMenu(null)}>
        {ADMIN_PALETTE.map(({ key, value }) => (
          <MenuItem key={value} onClick={() => colorMenu && setColor(colorMenu.event, value)} aria-label={t(`calendar.palette.${key}`)}>
            <Box sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: value }} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={!!adminDelete}
        title={t('calendar.detail.confirmDeleteTitle')}
        text={t('calendar.detail.confirmDeleteText')}
        confirmLabel={t('calendar.admin.deleteEvent')}
        busy={adminBusy}
        onConfirm={deleteAsAdmin}
        onCancel={() => setAdminDelete(null)}
      />
    </Stack>
  );
}
