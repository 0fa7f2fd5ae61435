/**
 * Calendar home (/ and every unknown path): the toolbar, the calendar, the banners, and
 * the dialogs the calendar opens. Admins can switch to another user's calendar.
 */
import type { CalendarRef } from '@fullcalendar/react';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../api/types';
import { calendarDateOf, calendarUserOf } from '../../shared/appLinks';
import { useDevicePreference } from '../../shared/devicePreference';
import { onFirstCalendarPainted } from '../../shared/firstCalendarPaint';
import { lazyNamed } from '../../shared/lazyNamed';
import { useCurrentUser } from '../../shared/sessionApi';
import { useCalendarData, useOwnMeetings } from './calendarApi';
import { CalendarPropertyContext } from './calendarProperty';
import { PropertySwitcher } from '../properties';
import { meetingLink, type AnyEvent } from './viewModel';
import { neighbourWindows } from './neighbourWindows';
import { AdminInfoBanner } from './components/AdminInfoBanner';
import { CalendarDialogs } from './components/CalendarDialogs';
import { CalendarToolbar } from './components/CalendarToolbar';
import { CalendarView } from './components/CalendarView';
import { FirstUsePanel } from './components/FirstUsePanel';
import { toDateKey } from './dates';
import { useAdminEventActions } from './hooks/useAdminEventActions';
import { useCalendarDays } from './hooks/useCalendarDays';
import { useCalendarSnapshot } from './hooks/useCalendarSnapshot';
import { useCalendarWindow } from './hooks/useCalendarWindow';
import { useDayActions } from './hooks/useDayActions';
import { useEventDialogs } from './hooks/useEventDialogs';
import { useFirstCalendarPaint } from './hooks/useFirstCalendarPaint';
import { useFirstUse } from './hooks/useFirstUse';
import { useShownProperty } from './hooks/useShownProperty';

/** The year's nights: a chunk of its own, read once the first calendar is on screen, so it never delays it. */
const NightsPanel = lazyNamed(() => import('./components/NightsPanel'), 'NightsPanel');

export function CalendarHome() {
  const { data: user } = useCurrentUser();
  // RequireAuth renders this page only with a user.
  return user ? <CalendarScreen user={user} /> : null;
}

function CalendarScreen({ user }: { user: User }) {
  const { t } = useTranslation();
  const { isMobile } = useDevicePreference();
  // Another user's calendar is read through the admin endpoints, which need a full admin ("the
  // user-calendar fetch requires isAdmin"). A mini admin gets no picker that could only end in a refusal.
  const canViewOthers = user.isAdmin;

  const calendarRef = useRef<CalendarRef>(null);
  const [searchParams] = useSearchParams();
  const win = useCalendarWindow(calendarRef, isMobile, calendarDateOf(searchParams));
  // A link may name the owner whose calendar a full admin opens (`?user=`, a double booking told to the admins),
  // also while the calendar is on screen: each navigation to a link naming a user switches to that user (the own id
  // is the own calendar), during render as React advises.
  const linkedUserId = calendarUserOf(searchParams);
  const ownOrOther = (id: number | null) => (id === user.id ? null : id);
  const [chosenUserId, setChosenUserId] = useState<number | null>(() => ownOrOther(linkedUserId));
  const { key: locationKey } = useLocation();
  const [seenLocation, setSeenLocation] = useState(locationKey);
  if (seenLocation !== locationKey) {
    setSeenLocation(locationKey);
    if (linkedUserId !== null) setChosenUserId(ownOrOther(linkedUserId));
  }
  // Non-admins are always on their own calendar.
  const viewedUserId = canViewOthers ? chosenUserId : null;
  // Of the own calendars, the property's on screen (one of the person's properties).
  const shownProperty = useShownProperty(user);
  const { property } = shownProperty;

  const data = useCalendarData(win.range, viewedUserId, neighbourWindows(win.range, win.fcView), user.id, viewedUserId === null ? property.id : null);
  // The first window's data is in: the calendar is painted once FullCalendar has drawn it (useFirstCalendarPaint).
  const painted = !data.isLoading && win.range !== null;
  useFirstCalendarPaint(painted);
  useCalendarSnapshot({ painted, data, win, isMobile, plainAddress: searchParams.toString() === '', userId: user.id });
  // An owner's own calendar shows their meetings too, read-only; a click opens the agreement.
  const meetings = useOwnMeetings(viewedUserId === null && !user.isAdmin && !user.isMiniAdmin, property.id);
  // The bookings past the rental day limit, from the nights panel's read once it has loaded (docs/product/stays.md#warnings).
  const [pastLimit, setPastLimit] = useState<ReadonlySet<string | number>>();
  const days = useCalendarDays(data, meetings, pastLimit);
  const dialogs = useEventDialogs();
  const navigate = useNavigate();
  const onEventClick = (event: AnyEvent) => {
    const link = meetingLink(event);
    if (link) void navigate(link);
    else dialogs.openDetail(event);
  };
  const adminActions = useAdminEventActions(viewedUserId);
  const ownCalendar = viewedUserId === null;
  const canAdd = (ownCalendar && !property.readOnly) || user.isAdmin;

  const [calendarPainted, setCalendarPainted] = useState(false);
  useEffect(() => onFirstCalendarPainted(() => setCalendarPainted(true)), []);

  const firstUse = useFirstUse(ownCalendar && !property.readOnly, user.id, data);
  const { onDayClick, onDayContextMenu } = useDayActions({ data, days, dialogs, canAdd, ownCalendar });

  return (
    <CalendarPropertyContext.Provider value={ownCalendar ? property : OTHER_USERS_CALENDAR}>
      <Stack spacing={2}>
        <CalendarToolbar
          isMobile={isMobile}
          periodTitle={win.periodTitle}
          view={win.view}
          size={win.size}
          showYearWeekNumbers={win.showYearWeekNumbers}
          canAdd={canAdd}
          propertyChoice={
            ownCalendar && shownProperty.properties.length > 1 && shownProperty.shownId !== null ? (
              <Suspense fallback={null}>
                <PropertySwitcher size="small" properties={shownProperty.properties} value={shownProperty.shownId} onChange={shownProperty.choose} />
              </Suspense>
            ) : null
          }
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
        {ownCalendar && calendarPainted && shownProperty.shownId !== null && win.range && (
          <Suspense fallback={null}>
            <NightsPanel propertyId={shownProperty.shownId} range={win.range} isMobile={isMobile} onPastLimit={setPastLimit} />
          </Suspense>
        )}
        {ownCalendar ? (
          <AdminInfoBanner user={user} />
        ) : (
          <Alert severity="info">{t('calendar.admin.viewing', { name: data.viewedUserName ?? '' })}</Alert>
        )}
        {data.offline && <Alert severity="info">{t('calendar.offlineKnown')}</Alert>}
        {!!data.error && (
          <Alert severity="error">{ownCalendar ? t('calendar.loadFailed') : t('calendar.admin.loadFailed')}</Alert>
        )}
        {firstUse.show && (
          <FirstUsePanel
            onBlockTime={() => dialogs.openAdd(toDateKey(new Date()))}
            onMarkDay={() => dialogs.openMark(toDateKey(new Date()))}
            onDismiss={firstUse.dismiss}
          />
        )}
        <Box sx={{ height: 4 }}>{data.isLoading && <LinearProgress />}</Box>
        <CalendarView
          calendarRef={calendarRef}
          win={win}
          days={days}
          isMobile={isMobile}
          onDayClick={onDayClick}
          onDayContextMenu={onDayContextMenu}
          onEventClick={onEventClick}
          onMarkerClick={dialogs.openMarkedDetail}
        />

        <CalendarDialogs dialogs={dialogs} adminActions={adminActions} user={user} viewedUserId={viewedUserId} />
      </Stack>
    </CalendarPropertyContext.Provider>
  );
}

/** Staff on another user's calendar act through the admin routes, which name the user rather than a property. */
const OTHER_USERS_CALENDAR = { id: null, readOnly: false };
