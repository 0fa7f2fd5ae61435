/**
 * Event detail (docs/product/calendar.md#screens): the coloured title bar, what is known of the event (EventFacts:
 * date and time, description with translation, routes, the binding-booking notice, personal notes on imported
 * events), editing its title and description, deleting it (useEventDetailActions), and for an admin its colour.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { readableTextColor, useDesign } from '../../../shared/design';
import { formatDate, formatTime } from '../../../shared/dateFormats';
import { useSupportContact } from '../../../shared/supportContact';
import { ADMIN_PALETTE } from '../constants';
import { parseApiTime } from '../dates';
import { eventColor, isExternalBooking, ownEventActions, replaceLinks } from '../displayRules';
import { useEventDetailActions } from '../hooks/useEventDetailActions';
import type { AnyEvent } from '../viewModel';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { EventFacts } from './EventFacts';

interface EventDetailDialogProps {
  event: AnyEvent | null;
  currentUser: User;
  /** Another user's calendar an admin is viewing, or null for the own one. */
  viewedUserId: number | null;
  /**
   * An admin's colour for the event, from the palette in the dialog: the way to recolour where the month grid's bar
   * has no colour button (a phone, the week and day views). Absent where the event cannot be recoloured.
   */
  onRecolor?: (color: string) => void;
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

export function EventDetailDialog({ event, currentUser, viewedUserId, onRecolor, onClose }: EventDetailDialogProps) {
  if (!event) return null;
  return <EventDetail key={String(event.id)} event={event} currentUser={currentUser} viewedUserId={viewedUserId} onRecolor={onRecolor} onClose={onClose} />;
}

function EventDetail({ event, currentUser, viewedUserId, onRecolor, onClose }: EventDetailDialogProps & { event: AnyEvent }) {
  const { t } = useTranslation();
  const external = isExternalBooking(event);
  const own = event.userId === currentUser.id;
  const asAdmin = viewedUserId !== null && currentUser.isAdmin;
  const canEdit = own && !external && !event.isBinding && typeof event.id === 'number';
  const canDelete = ownEventActions(event).delete && (own || asAdmin);
  const color = eventColor(event, useDesign()['calendar.eventColor']);
  const companyWebsite = useSupportContact().website;
  // Links in a description are replaced by the company's own web address, or by the word 'lenke' until staff give one.
  const description = replaceLinks(event.description ?? '', companyWebsite ?? t('calendar.link'));
  const { busy, save, remove } = useEventDetailActions({ event, own, asAdmin, viewedUserId, onClose });

  const [editing, setEditing] = useState(false);
  const [draftTitle, setDraftTitle] = useState(event.title);
  const [draftDescription, setDraftDescription] = useState(event.description ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const saveEdit = () => save({ title: draftTitle.trim(), description: draftDescription.trim() }, () => setEditing(false));

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
          <>
            <EventFacts event={event} when={whenTexts(event)} description={description} showNotes={external && viewedUserId === null} />
            {onRecolor && (
              <Stack direction="row" role="group" aria-label={t('calendar.admin.changeColor')} sx={{ flexWrap: 'wrap', gap: 1, pt: 2 }}>
                {ADMIN_PALETTE.map(({ key, value }) => (
                  <IconButton key={value} aria-label={t(`calendar.palette.${key}`)} onClick={() => onRecolor(value)} sx={{ p: 1 }}>
                    <Box sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: value, outline: value === color ? '2px solid' : undefined, outlineOffset: 2 }} />
                  </IconButton>
                ))}
              </Stack>
            )}
          </>
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
        onConfirm={() => void remove(() => setConfirmDelete(false))}
        onCancel={() => setConfirmDelete(false)}
      />
    </Dialog>
  );
}
