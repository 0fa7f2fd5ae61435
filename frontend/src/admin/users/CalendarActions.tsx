/**
 * The users table's calendar actions (docs/product/calendar.md#screens): copy iCal link, show calendar, and renew iCal link (an admin
 * can renew a user's link). Full admins only: the user-calendar read and the link routes
 * require isAdmin (docs/product/calendar.md#who-may-do-what), so mini admins never see them.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../authProvider';
import type { AdminDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { ActionButton, stopPropagation } from './ActionButton';
import type { User } from './types';
import { lazyNamed } from '../../shared/lazyNamed';

// The calendar dialog (with its create-event form and the date rules behind it) loads when first opened: the users
// list does not need it to paint.
const UserCalendarDialog = lazyNamed(() => import('./UserCalendarDialog'), 'UserCalendarDialog');

/** Copies the user's personal iCal subscription link (GET /api/admin/users/:id/calendar-link) to the clipboard. */
function CopyCalendarLinkAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const mutation = useMutation({
    mutationFn: async () => {
      const { url } = await dataProvider.userCalendarLink(user.id);
      await navigator.clipboard.writeText(url);
    },
    onSuccess: () => notify('resources.users.notifications.calendarLinkCopied', { type: 'success', messageArgs: { name: user.name } }),
    onError: (error) => notifyFailure('resources.users.errors.calendarLink', error),
  });
  return (
    <ActionButton
      compact={compact}
      label={translate('resources.users.actions.copyCalendarLink')}
      icon={<EventNoteIcon />}
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
    />
  );
}

function ShowCalendarAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.showCalendar')} icon={<CalendarMonthIcon />} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <UserCalendarDialog user={user} open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * 'Forny iCal-lenke': after a confirmation that the old link stops working, POST
 * /api/admin/users/:id/calendar-link/renew and copy the new link. If copying fails the link is not lost:
 * 'Kopier iCal-lenke' reads the same new link again.
 */
function RenewCalendarLinkAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.renewUserCalendarLink(user.id),
    onSuccess: async ({ url }) => {
      setOpen(false);
      try {
        await navigator.clipboard.writeText(url);
        notify('resources.users.notifications.calendarLinkRenewed', { type: 'success', messageArgs: { name: user.name } });
      } catch (error) {
        notifyFailure('resources.users.errors.renewedNotCopied', error);
      }
    },
    onError: (error) => {
      setOpen(false);
      notifyFailure('resources.users.errors.renewCalendarLink', error);
    },
  });
  return (
    <>
      <ActionButton
        compact={compact}
        color="warning"
        label={translate('resources.users.actions.renewCalendarLink')}
        icon={<LinkOffIcon />}
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title="resources.users.dialogs.renewCalendarLink.title"
        content="resources.users.dialogs.renewCalendarLink.content"
        translateOptions={{ name: user.name }}
        confirm="resources.users.actions.renewCalendarLink"
        confirmColor="warning"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function UserCalendarActions({ compact = false }: { compact?: boolean }) {
  const user = useRecordContext<User>();
  const { permissions } = usePermissions<Role>();
  if (!user || permissions !== 'admin') return null;
  return (
    <Box onClick={stopPropagation} sx={{ display: compact ? 'inline-flex' : 'flex', minWidth: 0 }}>
      <Stack direction="row" spacing={compact ? 0 : 1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <CopyCalendarLinkAction user={user} compact={compact} />
        <ShowCalendarAction user={user} compact={compact} />
        <RenewCalendarLinkAction user={user} compact={compact} />
      </Stack>
    </Box>
  );
}
