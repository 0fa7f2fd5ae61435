/** 'Tilbakestillingslenke' (docs/product/auth-and-users.md#screens): creates a password reset link and shows it, ready to copy. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider';
import type { ResetLink } from '../usersDataProvider';
import { formatDateTime } from '../../formatDate';
import { errorMessage } from '../../httpClient';
import { useNotifyFailure } from '../../useNotifyFailure';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';

export function ResetLinkAction({ user, compact }: { user: User; compact: boolean }) {
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
      <ActionDialogScope>
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
      </ActionDialogScope>
    </>
  );
}
