/**
 * Approving or declining a stay request (admins): a small dialog with an optional note to the owners, sent with the
 * decision. A request decided meanwhile (409 `stay_request_decided`) says so in the reader's language and the page
 * reloads to show what it became.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../dataProviderPart';
import { resourceKey } from '../resource';
import { useNotifyFailure } from '../useNotifyFailure';
import { STAY_REQUESTS_RESOURCE } from './names';
import type { StayDecision, StayRequest } from './stayRequestsDataProvider';
import { TEXTS } from './texts';

/** The server's limit (DecideStayRequestDto). */
export const NOTE_MAX = 2000;

export function DecideDialog({ request, decision, onClose }: { request: StayRequest; decision: StayDecision; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  // The request's page, the lists and the property's page read it again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKey(STAY_REQUESTS_RESOURCE) });
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const t = (key: string, options?: object) => translate(`${TEXTS}.${key}`, options);
  const tooLong = note.length > NOTE_MAX;

  const send = async () => {
    setSending(true);
    try {
      await dataProvider.decideStayRequest(request.id, decision, note.trim() || null);
      notify(t(decision === 'approve' ? 'approved' : 'declined'), { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      notifyFailure(`${TEXTS}.failed`, error);
      // Decided by someone else, or withdrawn by its owner, meanwhile: show what it is now.
      if (error instanceof HttpError && error.status === 409) {
        onClose();
        refresh();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(`${decision}Title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(`${decision}Text`, { title: request.title, name: request.requestedByName ?? t('unknownPerson') })}</DialogContentText>
        <TextField
          label={t('note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          error={tooLong}
          helperText={tooLong ? t('noteTooLong', { max: NOTE_MAX }) : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color={decision === 'approve' ? 'primary' : 'error'} onClick={() => void send()} disabled={sending || tooLong}>
          {t(decision)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
