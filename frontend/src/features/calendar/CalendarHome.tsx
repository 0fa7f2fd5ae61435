/**
 * Calendar home (/ and every unknown path; SPEC §2 "Calendar home"): the toolbar, the calendar, the banners, and
 * the dialogs the calendar opens. Admins and mini admins can switch to another user's calendar.
 */
import type { CalendarRef } from '@fullcalendar/react';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff, type User } from '../../api/types';
import { useDevicePreference } from '../../shared/devicePreference';
import { useCurrentUser } from '../../shared/session';
import { useToast } from '../../shared/toast';
import { useAdminUsers, useCalendarData } from './calendarApi';
import { AddEventDialog } from './components/AddEventDialog';
import { AdminEventMenus } from './components/AdminEventMenus';
import { AdminInfoBanner } from './components/AdminInfoBanner';
import { CalendarToolbar } from './components/CalendarToolbar';
import { CalendarView } from './components/CalendarView';
import { EventDetailDialog } from './components/EventDetailDialog';
import { MarkDayDialog, MarkedDayDetailDialog } from './components/MarkedDayDialogs';
import { BOOKING_WARNING_MS } from './constants';
import { toDateKey } from './dates';
import { dayHasImportedBooking } from './displayRules';
import { useAdminEventActions } from './hooks/useAdminEventActions';
import { useCalendarDays } from './hooks/useCalendarDays';
import { useCalendarWindow } from './hooks/useCalendarWindow';
import { useEventDialogs } from './hooks/useEventDialogs';

export function CalendarHome() {
  const { data: user } = useCurrentUser();
  // RequireAuth renders this page only with a user.
  return user ? <CalendarScreen user={user} /> : null;
}

function CalendarScreen({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isMobile } = useDevicePreference();
  const staff = isStaff(user);

  const calendarRef = useRef<CalendarRef>(null);
  const win = useCalendarWindow(calendarRef, isMobile);
  const [chosenUserId, setChosenUserId] = useState<number | null>(null);
  // SPEC §4: non-admins are always on their own calendar.
  const viewedUserId = staff ? chosenUserId : null;

  const data = useCalendarData(win.range, viewedUserId);
  const days = useCalendarDays(data);
  const adminUsers = useAdminUsers(staff);
  const dialogs = useEventDialogs();
  const adminActions = useAdminEventActions(viewedUserId);
  const viewedUser = adminUsers.data?.find((u) => u.id === viewedUserId);
  const ownCalendar = viewedUserId === null;
  const canAdd = ownCalendar || user.isAdmin;
  const showAdminActions = user.isAdmin && win.monthGrid && !isMobile;

  /** SPEC §8: a day holding an imported booking refuses clicks. */
  const refuseBookedDay = (dateKey: string): boolean => {
    if (!dayHasImportedBooking(dateKey, data.icalEvents)) return false;
    toast({ title: t('calendar.bookingFound'), description: t('calendar.bookingFoundText'), severity: 'error', durationMs: BOOKING_WARNING_MS });
    return true;
  };

  const onDayClick = (dateKey: string) => {
    if (refuseBookedDay(dateKey)) return;
    if (canAdd) dialogs.openAdd(dateKey);
  };

  const onDayContextMenu = (dateKey: string) => {
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
        pickerUsers={staff ? (adminUsers.data ?? []) : null}
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
        <Alert severity="info">{t('calendar.admin.viewing', { name: data.viewedUserName ?? viewedUser?.name ?? '' })}</Alert>
      )}
      {!!data.error && (
        <Alert severity="error">{ownCalendar ? t('calendar.loadFailed') : t('calendar.admin.loadFailed')}</Alert>
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

      <AddEventDialog
        open={dialogs.addDate !== null}
        date={dialogs.addDate ?? ''}
        currentUser={user}
        viewedUserId={viewedUserId}
        onClose={dialogs.closeAdd}
      />
      <EventDetailDialog event={dialogs.detailEvent} currentUser={user} viewedUserId={viewedUserId} onClose={dialogs.closeDetail} />
      <MarkDayDialog target={dialogs.markTarget} onClose={dialogs.closeMark} />
      <MarkedDayDetailDialog
        markedDay={dialogs.markedDetail}
        readOnly={!ownCalendar}
        onEdit={dialogs.editMarkedDay}
        onClose={dialogs.closeMarkedDetail}
      />
      <AdminEventMenus actions={adminActions} />
    </Stack>
  );
}
