/**
 * Event detail (docs/product/calendar.md#screens): coloured title bar, date and time, description with translation,
 * routes, the binding-booking notice, personal notes on imported events, edit and delete.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/client';
import type { User } from '../../../api/types';
import { formatDate, formatTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { deleteEvent, translateText, updateEvent, useInvalidateEvents, useTranslationAvailable } from '../calendarApi';
import { ConfirmDialog } from './ConfirmDialog';
import { parseApiTime } from '../dates';
import { EventNotes } from './EventNotes';
import { readableTextColor, useDesign } from '../../../shared/design';
import { useSupportContact } from '../../../shared/supportContact';
import { eventColor, isExternalBooking, ownEventActions, replaceLinks } from '../displayRules';
import type { AnyEvent } from '../viewModel';

interface EventDetailDialogProps {
  event: AnyEvent | null;
  currentUser: User;
  /** Another user's calendar an admin is viewing, or null for the own one. */
  viewedUserId: number | null;
  onClose: () => void;
}

/**
 * 'dd.MM.yyyy' (– 'dd.MM.yyyy') and the 24-hour time range 'HH:mm – HH:mm' (both languages), or no time
 * for all-day events.
 */
export function whenTexts(event: Pick<AnyEvent, 'startTime' | 'endTime' | 'allDay'>): { date: string; time: string | null } {
  const start = parseApiTime(event.startTime);
  const end = event.endTime ? parseApiTime(event.endTime) : null;
  const lastDay = end && event.allDay ? new Date(end.getTime() - 1) : end;
  const startDay = formatDate(start);
  const endDay = lastDay ? formatDate(lastDay) : startDay;
  const date = endDay === startDay ? startDay : `${startDay} – ${endDay}`;
  if (event.allDay) return { date, time: null };
  return { date, time: end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start) };
}

export function EventDetailDialog({ event, currentUser, viewedUserId, onClose }: EventDetailDialogProps) {
  if (!event) return null;
  return <EventDetail key={String(event.id)} event={event} currentUser={currentUser} viewedUserId={viewedUserId} onClose={onClose} />;
}

function EventDetail({ event, currentUser, viewedUserId, onClose }: EventDetailDialogProps & { event: AnyEvent }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const invalidate = useInvalidateEvents();
  const external = isExternalBooking(event);
  const own = event.userId === currentUser.id;
  const asAdmin = viewedUserId !== null && currentUser.isAdmin;
  const canEdit = own && !external && !event.isBinding && typeof event.id === 'number';
  const canDelete = ownEventActions(event).delete && (own || asAdmin);
  const color = eventColor(event, useDesign()['calendar.eventColor']);
  const when = whenTexts(event);
  const companyWebsite = useSupportContact().website;
  // Links in a description are replaced by the company's own web address, or by the word 'lenke' until staff give one.
  const description = replaceLinks(event.description ?? '', companyWebsite ?? t('calendar.link'));

  const canTranslate = useTranslationAvailable();
  const [translated, setTranslated] = useState<string | null>(null);
  const [translateError, setTranslateError] = useState(false);
  const [translating, setTranslating] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draftTitle, setDraftTitle] = useState(event.title);
  const [draftDescription, setDraftDescription] = useState(event.description ?? '');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Norwegian to English or the reverse, by the interface language (docs/product/calendar.md#routes).
  const translate = async () => {
    const target = i18n.language === 'en' ? 'en' : 'nb';
    setTranslating(true);
    setTranslateError(false);
    try {
      const answer = await translateText({
        text: description,
        targetLanguage: target,
        sourceLanguage: target === 'en' ? 'nb' : 'en',
      });
      if (!answer.success || !answer.translatedText) throw new Error(answer.error ?? undefined);
      setTranslated(answer.translatedText);
    } catch {
      setTranslateError(true);
    } finally {
      setTranslating(false);
    }
  };

  const saveEdit = async () => {
    setBusy(true);
    try {
      await updateEvent(event.id, { title: draftTitle.trim(), description: draftDescription.trim() });
      await invalidate(null);
      toast({ title: t('calendar.detail.updated'), severity: 'success' });
      setEditing(false);
      onClose();
    } catch (error) {
      toast({ title: t('calendar.detail.updateFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteEvent(event.id, asAdmin && !own);
      await invalidate(asAdmin ? viewedUserId : null);
      toast({ title: t('calendar.detail.deleted'), severity: 'success' });
      onClose();
    } catch (error) {
      const binding = error instanceof ApiError && error.status === 409;
      toast({
        title: t('calendar.detail.deleteFailed'),
        description: binding ? t('calendar.detail.bindingDeleteText') : errorText(error, t('common.error')),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box sx={{ bgcolor: color, color: readableTextColor(color), px: 3, py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {replaceLinks(event.title, t('calendar.link'))}
        </Typography>
      </Box>
      <DialogContent>
        {editing ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('calendar.addEvent.titleLabel')} value={draftTitle} onChange={(e) => setDraftTitle(e.target.value)} />
            <TextField
              label={t('calendar.addEvent.description')}
              value={draftDescription}
              onChange={(e) => setDraftDescription(e.target.value)}
              multiline
              minRows={3}
            />
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <Typography>
              {when.date} · {when.time ?? t('calendar.detail.allDay')}
            </Typography>
            {description && (
              <Box>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {translated ?? description}
                </Typography>
                {canTranslate && (
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
                    {translated === null ? (
                      <Button size="small" onClick={translate} disabled={translating}>
                        {translating ? t('calendar.detail.translating') : t('calendar.detail.translate')}
                      </Button>
                    ) : (
                      <Button size="small" onClick={() => setTranslated(null)}>
                        {t('calendar.detail.showOriginal')}
                      </Button>
                    )}
                    {translateError && (
                      <Typography variant="caption" color="error">
                        {t('calendar.detail.translateFailed')}
                      </Typography>
                    )}
                  </Stack>
                )}
              </Box>
            )}
            {event.location && <Typography variant="body2">{event.location}</Typography>}
            {!!event.routes?.length && (
              <Box>
                <Typography variant="subtitle2">{t('calendar.detail.routes')}</Typography>
                <List dense disablePadding>
                  {event.routes.map((route) => (
                    <ListItem key={route} disableGutters>
                      {route}
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
            {event.isBinding && (
              <Alert severity="warning">
                {t('calendar.detail.bindingNotice')}
                {event.source?.feedName && (
                  <>
                    <br />
                    {t('calendar.detail.feedName', { name: [event.source.feedName, ...(event.source.alsoFrom ?? []).map((s) => s.feedName)].join(' + ') })}
                  </>
                )}
              </Alert>
            )}
            {external && viewedUserId === null && <EventNotes externalId={String(event.id)} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {editing ? (
          <>
            <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
            <Button variant="contained" onClick={saveEdit} disabled={busy || !draftTitle.trim()}>
              {t('calendar.detail.save')}
            </Button>
          </>
        ) : (
          <>
            {canEdit && <Button onClick={() => setEditing(true)}>{t('calendar.detail.edit')}</Button>}
            {canDelete && (
              <Button color="error" onClick={() => setConfirmDelete(true)}>
                {t('calendar.detail.delete')}
              </Button>
            )}
            <Button variant="contained" onClick={onClose}>
              {t('calendar.detail.close')}
            </Button>
          </>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirmDelete}
        title={t('calendar.detail.confirmDeleteTitle')}
        text={t('calendar.detail.confirmDeleteText')}
        confirmLabel={t('calendar.detail.delete')}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
    </Dialog>
  );
}
