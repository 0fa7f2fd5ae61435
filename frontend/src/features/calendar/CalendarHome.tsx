/**
 * Calendar home (/ and every unknown path): the toolbar, the calendar, the banners, and
 * the dialogs the calendar opens. Admins can switch to another user's calendar.
 */
import type { CalendarRef } from '@fullcalendar/react';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { User } from '../../api/types';
import { calendarDateOf, calendarUserOf } from '../../shared/appLinks';
import { loadDatePickers } from '../../shared/components/loadDatePickers';
import { useDevicePreference } from '../../shared/devicePreference';
import { useCurrentUser } from '../../shared/sessionApi';
import { useToast } from '../../shared/toast';
import { markFirstCalendarPainted } from '../../shared/firstCalendarPaint';
import { whenIdle } from '../../shared/whenIdle';
import { calendarSnapshotShown, removeCalendarSnapshot, saveCalendarSnapshot, showsOpeningWindow } from './calendarSnapshot';
import { useCalendarData } from './calendarApi';
import { neighbourWindows } from './neighbourWindows';
import { AdminInfoBanner } from './components/AdminInfoBanner';
import { EVENT_BAR_CLASS } from './components/CalendarEventBar';
import { CalendarToolbar } from './components/CalendarToolbar';
import { CalendarView } from './components/CalendarView';
import { FirstUsePanel } from './components/FirstUsePanel';
import { BOOKING_WARNING_MS } from './constants';
import { toDateKey } from './dates';
import { markActionFor } from './dayCells';
import { dayHasImportedBooking } from './displayRules';
import { dismissFirstUse, isFirstUseDismissed, showsFirstUse } from './firstUse';
import { useAdminEventActions } from './hooks/useAdminEventActions';
import { useCalendarDays } from './hooks/useCalendarDays';
import { useCalendarWindow } from './hooks/useCalendarWindow';
import { useEventDialogs } from './hooks/useEventDialogs';
import { useOwnFeedCount } from './hooks/useOwnFeedCount';
import { lazyNamed, prefetch } from '../../shared/lazyNamed';

// The forms load when first opened, with the date pickers alongside: they are not part of the calendar's first paint.
const AddEventDialog = lazyNamed(() => {
  prefetch(loadDatePickers);
  return import('./components/AddEventDialog');
}, 'AddEventDialog');
const MarkDayDialog = lazyNamed(() => {
  prefetch(loadDatePickers);
  return import('./components/MarkedDayDialogs');
}, 'MarkDayDialog');
const MarkedDayDetailDialog = lazyNamed(() => import('./components/MarkedDayDialogs'), 'MarkedDayDetailDialog');
// An event's details (with its notes field) load with the first event opened.
const EventDetailDialog = lazyNamed(() => import('./components/EventDetailDialog'), 'EventDetailDialog');
// An admin's colour menu and delete confirmation: owners never download them.
const AdminEventMenus = lazyNamed(() => import('./components/AdminEventMenus'), 'AdminEventMenus');

/** How many frames the first calendar waits for FullCalendar to draw its bookings before it counts as painted anyway. */
const BOOKINGS_DRAWN_FRAMES = 10;

export function CalendarHome() {
  const { data: user } = useCurrentUser();
  // RequireAuth renders this page only with a user.
  return user ? <CalendarScreen user={user} /> : null;
}

function CalendarScreen({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isMobile } = useDevicePreference();
  // Another user's calendar is read through the admin endpoints, which need a full admin ("the
  // user-calendar fetch requires isAdmin"). A mini admin gets no picker that could only end in a refusal.
  const canViewOthers = user.isAdmin;

  const calendarRef = useRef<CalendarRef>(null);
  const [searchParams] = useSearchParams();
  const win = useCalendarWindow(calendarRef, isMobile, calendarDateOf(searchParams));
  // A link may name the owner whose calendar a full admin opens (`?user=`, a double booking told to the admins).
  const [chosenUserId, setChosenUserId] = useState<number | null>(() => calendarUserOf(searchParams));
  // Non-admins are always on their own calendar.
  const viewedUserId = canViewOthers ? chosenUserId : null;

  const data = useCalendarData(win.range, viewedUserId, neighbourWindows(win.range, win.fcView), user.id);
  // The first window's data is in. FullCalendar draws its bookings a frame or two later, so the calendar counts as
  // painted in the frame they are drawn (or after a few frames, for a month without any): then a repeat visit's
  // snapshot of the last calendar (calendarSnapshot.ts) goes, and what waits for the first calendar may start (the
  // service worker's downloads, the login's welcome).
  const painted = !data.isLoading && win.range !== null;
  useEffect(() => {
    if (!painted) return undefined;
    let frame = 0;
    let framesLeft = BOOKINGS_DRAWN_FRAMES;
    const whenDrawn = () => {
      if (framesLeft-- > 0 && !document.querySelector(`#root .${EVENT_BAR_CLASS}`)) {
        frame = requestAnimationFrame(whenDrawn);
        return;
      }
      if (calendarSnapshotShown()) removeCalendarSnapshot();
      markFirstCalendarPainted();
    };
    frame = requestAnimationFrame(whenDrawn);
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  // What the next visit paints first: the own calendar as it stands, once the server's answer is in, on today's month.
  const snapshotWorthy = painted && !!data.settled && searchParams.toString() === '' && showsOpeningWindow(win, isMobile, new Date());
  useEffect(() => {
    if (!snapshotWorthy) return undefined;
    return whenIdle(() => saveCalendarSnapshot(user.id, new Date()), { timeoutMs: 5000, fallbackMs: 2000 });
  }, [snapshotWorthy, data.events, data.icalEvents, data.markedDays, user.id]);
  const days = useCalendarDays(data);
  const dialogs = useEventDialogs();
  const adminActions = useAdminEventActions(viewedUserId);
  const ownCalendar = viewedUserId === null;
  const canAdd = ownCalendar || user.isAdmin;
  const showAdminActions = user.isAdmin && win.monthGrid && !isMobile;

  const feedCount = useOwnFeedCount(ownCalendar, user.id);
  const [firstUseDismissed, setFirstUseDismissed] = useState(isFirstUseDismissed);
  const firstUse = showsFirstUse({
    ownCalendar,
    loading: data.isLoading,
    feedCount,
    eventCount: data.events.length + data.icalEvents.length,
    markedDayCount: data.markedDays.length,
    dismissed: firstUseDismissed,
  });

  /** A day holding an imported booking refuses clicks. */
  const refuseBookedDay = (dateKey: string): boolean => {
    if (!dayHasImportedBooking(dateKey, data.icalEvents)) return false;
    toast({ title: t('calendar.bookingFound'), description: t('calendar.bookingFoundText'), severity: 'error', durationMs: BOOKING_WARNING_MS });
    return true;
  };

  const onDayClick = (dateKey: string) => {
    if (refuseBookedDay(dateKey)) return;
    if (canAdd) dialogs.openAdd(dateKey);
  };

  /** Right-click, long press or 'm': a marked day shows its mark (to see, change or remove), another gets one. */
  const onDayContextMenu = (dateKey: string) => {
    const action = markActionFor(days.markedByDay.get(dateKey));
    if (action.kind === 'detail') {
      dialogs.openMarkedDetail(action.mark);
      return;
    }
    if (refuseBookedDay(dateKey)) return;
    if (ownCalendar) dialogs.openMark(dateKey);
  };

  return (
    <Stack spacing={2}>
      <CalendarToolbar
        isMobile={isMobile}
        periodTitle={win.periodTitle}
        view={win.view}
        size={win.size}
        showYearWeekNumbers={win.showYearWeekNumbers}
        canAdd={canAdd}
        canPickUser={canViewOthers}
        currentUserId={user.id}
        viewedUserId={viewedUserId}
        onPrev={win.prev}
        onNext={win.next}
        onToday={win.today}
        onView={win.changeView}
        onSize={win.changeSize}
        onShowYearWeekNumbers={win.setShowYearWeekNumbers}
        onAdd={() => dialogs.openAdd(toDateKey(new Date()))}
        onViewUser={setChosenUserId}
      />
      {ownCalendar ? (
        <AdminInfoBanner user={user} />
      ) : (
        <Alert severity="info">{t('calendar.admin.viewing', { name: data.viewedUserName ?? '' })}</Alert>
      )}
      {data.offline && <Alert severity="info">{t('calendar.offlineKnown')}</Alert>}
      {!!data.error && (
        <Alert severity="error">{ownCalendar ? t('calendar.loadFailed') : t('calendar.admin.loadFailed')}</Alert>
      )}
      {firstUse && (
        <FirstUsePanel
          onBlockTime={() => dialogs.openAdd(toDateKey(new Date()))}
          onMarkDay={() => dialogs.openMark(toDateKey(new Date()))}
          onDismiss={() => {
            dismissFirstUse();
            setFirstUseDismissed(true);
          }}
        />
      )}
      <Box sx={{ height: 4 }}>{data.isLoading && <LinearProgress />}</Box>
      <CalendarView
        calendarRef={calendarRef}
        win={win}
        days={days}
        isMobile={isMobile}
        adminActions={showAdminActions ? adminActions : null}
        onDayClick={onDayClick}
        onDayContextMenu={onDayContextMenu}
        onEventClick={dialogs.openDetail}
        onMarkerClick={dialogs.openMarkedDetail}
      />

      <Suspense fallback={null}>
        {dialogs.addDate !== null && (
          <AddEventDialog open date={dialogs.addDate} currentUser={user} viewedUserId={viewedUserId} onClose={dialogs.closeAdd} />
        )}
        {dialogs.markTarget && <MarkDayDialog target={dialogs.markTarget} onClose={dialogs.closeMark} />}
        {dialogs.markedDetail && (
          <MarkedDayDetailDialog
            markedDay={dialogs.markedDetail}
            readOnly={!ownCalendar}
            onEdit={dialogs.editMarkedDay}
            onClose={dialogs.closeMarkedDetail}
          />
        )}
      </Suspense>
      {dialogs.detailEvent && (
        <Suspense fallback={null}>
          <EventDetailDialog event={dialogs.detailEvent} currentUser={user} viewedUserId={viewedUserId} onClose={dialogs.closeDetail} />
        </Suspense>
      )}
      {user.isAdmin && (
        <Suspense fallback={null}>
          <AdminEventMenus actions={adminActions} />
        </Suspense>
      )}
    </Stack>
  );
}
