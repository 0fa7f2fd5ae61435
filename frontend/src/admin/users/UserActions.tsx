/**
 * The admin's row actions on one user (SPEC §2, §5): edit, change password, reset link, create event for the
 * user, block/unblock, delete. The calendar actions (copy and renew iCal link, show calendar) are in
 * CalendarActions.tsx.
 * Shown only to full admins; block, unblock and delete never on the admin's own row (SPEC §6).
 * `compact` gives icon buttons for table rows; otherwise labelled buttons for the edit page.
 */
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import KeyIcon from '@mui/icons-material/Key';
import LinkIcon from '@mui/icons-material/Link';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  Confirm,
  useCreatePath,
  useDataProvider,
  useDelete,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { Role } from '../authProvider';
import type { AdminDataProvider, ResetLink } from '../dataProvider';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import { ActionButton, stopPropagation } from './ActionButton';
import { CreateEventDialog } from './CreateEventDialog';
import type { User } from './types';
import { PASSWORD_MIN } from './validation';

/** Invalidates every cached users query (list and one), so badges and forms show the server's new state. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['users'] });
}

function ChangePasswordAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: (newPassword: string) => dataProvider.changeUserPassword(user.id, newPassword),
    onSuccess: () => {
      notify('resources.users.notifications.passwordChanged', { type: 'success' });
      close();
    },
    onError: (error) => notifyFailure('resources.users.errors.changePassword', error),
  });
  const problem = !password
    ? 'resources.users.validation.passwordRequired'
    : password.length < PASSWORD_MIN
      ? 'resources.users.validation.passwordMin'
      : null;
  function close() {
    setOpen(false);
    setPassword('');
    setTouched(false);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) mutation.mutate(password);
  };
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.changePassword')} icon={<KeyIcon />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('resources.users.dialogs.changePassword.title', { name: user.name })}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              type="password"
              autoComplete="new-password"
              label={translate('resources.users.dialogs.changePassword.newPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && !!problem}
              helperText={touched && problem ? translate(problem) : ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('resources.users.actions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {translate('resources.users.dialogs.changePassword.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function ResetLinkAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [link, setLink] = useState<ResetLink | null>(null);
  const mutation = useMutation({
    mutationFn: () => dataProvider.createResetLink(user.id),
    onSuccess: setLink,
    onError: (error) => notifyFailure('resources.users.errors.resetLink', error),
  });
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.resetLink);
      notify('resources.users.notifications.linkCopied', { type: 'success' });
    } catch (error) {
      notify('resources.users.errors.copy', { type: 'error', messageArgs: { message: errorMessage(error) } });
    }
  };
  const label = translate('resources.users.dialogs.resetLink.link');
  return (
    <>
      <ActionButton
        compact={compact}
        label={translate('resources.users.actions.resetLink')}
        icon={<LinkIcon />}
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
      />
      <Dialog open={link !== null} onClose={() => setLink(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('resources.users.dialogs.resetLink.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.users.dialogs.resetLink.intro', { name: user.name })}</DialogContentText>
          <TextField
            fullWidth
            margin="normal"
            label={label}
            value={link?.resetLink ?? ''}
            onFocus={(e) => e.target.select()}
            helperText={link ? translate('resources.users.dialogs.resetLink.expires', { date: formatDateTime(link.expiresAt) }) : ' '}
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={translate('resources.users.actions.copy')}>
                      <IconButton aria-label={translate('resources.users.actions.copy')} onClick={copy} edge="end">
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLink(null)}>{translate('resources.users.actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function BlockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUsers = useRefreshUsers();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: (why: string) => dataProvider.blockUser(user.id, why),
    onSuccess: () => {
      notify('resources.users.notifications.blocked', { type: 'success' });
      close();
      return refreshUsers();
    },
    onError: (error) => notifyFailure('resources.users.errors.block', error, 'resources.users.errors.blockTitle'),
  });
  const blank = reason.trim() === '';
  function close() {
    setOpen(false);
    setReason('');
    setTouched(false);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!blank) mutation.mutate(reason.trim());
  };
  return (
    <>
      <ActionButton compact={compact} color="warning" label={translate('resources.users.actions.block')} icon={<BlockIcon />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('resources.users.dialogs.block.title', { name: user.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('resources.users.dialogs.block.intro')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="normal"
              required
              label={translate('resources.users.dialogs.block.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && blank}
              helperText={touched && blank ? translate('resources.users.validation.reasonRequired') : ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('resources.users.actions.cancel')}</Button>
            <Button type="submit" variant="contained" color="warning" disabled={mutation.isPending}>
              {translate('resources.users.dialogs.block.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function UnblockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUsers = useRefreshUsers();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.unblockUser(user.id),
    onSuccess: () => {
      notify('resources.users.notifications.unblocked', { type: 'success' });
      setOpen(false);
      return refreshUsers();
    },
    onError: (error) => {
      setOpen(false);
      notifyFailure('resources.users.errors.unblock', error, 'resources.users.errors.unblockTitle');
    },
  });
  return (
    <>
      <ActionButton compact={compact} color="success" label={translate('resources.users.actions.unblock')} icon={<LockOpenIcon />} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title="resources.users.dialogs.unblock.title"
        content="resources.users.dialogs.unblock.content"
        translateOptions={{ name: user.name }}
        confirm="resources.users.actions.unblock"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function DeleteAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete<User>();
  const confirm = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.users.notifications.deleted', { type: 'info' });
          redirect('list', 'users');
        },
        onError: (error) => {
          setOpen(false);
          notifyFailure('resources.users.errors.delete', error);
        },
      },
    );
  return (
    <>
      <ActionButton compact={compact} color="error" label={translate('resources.users.actions.delete')} icon={<DeleteIcon />} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.users.dialogs.delete.title"
        content="resources.users.dialogs.delete.content"
        translateOptions={{ name: user.name }}
        confirm="resources.users.actions.delete"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** 'Opprett hendelse for bruker': the create-event form of the user-calendar dialog, opened directly. */
function CreateEventAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.createEvent')} icon={<EditCalendarIcon />} onClick={() => setOpen(true)} />
      <CreateEventDialog user={user} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function UserActions({ compact = false, showEdit = compact }: { compact?: boolean; showEdit?: boolean }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<Role>();
  const { identity } = useGetIdentity();
  if (!user || permissions !== 'admin') return null;
  const isSelf = identity !== undefined && String(identity.id) === String(user.id);
  return (
    <Box onClick={stopPropagation} sx={{ display: compact ? 'inline-flex' : 'flex', minWidth: 0 }}>
      <Stack direction="row" spacing={compact ? 0 : 1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {showEdit && (
          <ActionButton
            compact={compact}
            label={translate('resources.users.actions.edit')}
            icon={<EditIcon />}
            to={createPath({ resource: 'users', type: 'edit', id: user.id })}
          />
        )}
        <ChangePasswordAction user={user} compact={compact} />
        <ResetLinkAction user={user} compact={compact} />
        <CreateEventAction user={user} compact={compact} />
        {!isSelf && (user.isBlocked ? <UnblockAction user={user} compact={compact} /> : <BlockAction user={user} compact={compact} />)}
        {!isSelf && <DeleteAction user={user} compact={compact} />}
      </Stack>
    </Box>
  );
}
